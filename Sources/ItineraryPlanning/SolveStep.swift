import ItineraryCore
import ItinerarySolver

/// The solver run of a request, timed, under the request's time limit, seed
/// and memory limit.
enum SolveStep {
  static func run(
    _ kind: ProblemKind, options: SolveOptions
  ) throws(ItineraryError) -> (answer: SolverAnswer, millis: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let answer = try Planner.solve(kind, options: options)
    return (answer, (clock.now - start).seconds * 1000)
  }
}
