import Foundation
import ItineraryCore
import ItineraryFormats
import ItinerarySolver

extension PlanningPipeline {
  /// Solves a benchmark file: reads its text within the request's memory
  /// limit and time limit, then gives the solver what is left of the time.
  ///
  /// - Throws: `.usage` for a bad setting, `.data` for a file that does not
  ///   read or needs more memory than the limit.
  /// - Complexity: O(size of the text + n^2) to read, then bounded by the
  ///   time limit (`GTSPSolver`, `OrienteeringSolver`).
  public func benchmark(_ request: BenchmarkRequest) throws(ItineraryError) -> BenchmarkResponse {
    try request.validate()
    let clock = ContinuousClock()
    let start = clock.now
    var options = request.options(cancellation: cancellation)
    // Reading counts against the time limit: a huge file stops at it.
    let reading = options.deadline()
    let kind: ProblemKind
    switch request.format {
    case .gtsplib:
      kind = .gtsp(
        try GTSPLIBReader.parse(
          request.text, file: request.name, memoryLimit: options.memoryBudget, deadline: reading)
      )
    case .optw:
      kind = .orienteering(
        try OPTWReader.parse(
          request.text, file: request.name,
          scale: OPTWReader.scale(forFileNamed: request.name), routes: request.routes ?? 1,
          memoryLimit: options.memoryBudget, deadline: reading))
    }
    options.timeLimit = max(.zero, options.timeLimit - (clock.now - start))
    let answer = try Planner.solve(kind, options: options)
    return BenchmarkResponse(answer, instance: kind, millis: (clock.now - start).seconds * 1000)
  }
}
