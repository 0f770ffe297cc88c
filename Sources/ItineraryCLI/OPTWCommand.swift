import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryPlanning
import ItinerarySolver

/// `itinerary optw FILE`: the orienteering library's benchmark files, the
/// most score M routes collect within the vertices' windows and the budget,
/// proven optimal when it can be.
enum OPTWCommand {
  static let command = Command(
    name: "optw",
    usage: ["optw [options] FILE.txt"],
    summary: "solve an OPTW / TOPTW instance (the orienteering benchmark files)",
    description: """
      Solves an orienteering problem with time windows in the KU Leuven
      library's format and prints the best trip found: objective (the score
      collected), routes (vertex ids, the depot 0 left out), optimal (proven
      or not) and millis.
      """,
    options: [
      Options.routes, Options.searchThreads, Options.timeLimit, Options.seed, Options.memoryLimit,
      Options.output,
    ],
    run: run)

  /// The most routes a trip may have.
  static let maxRoutes = 100
  /// The most searches side by side.
  static let maxThreads = 256

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    let routes = try arguments.integer(Options.routes) ?? 1
    let threads =
      try arguments.integer(Options.searchThreads) ?? ProcessInfo.processInfo.activeProcessorCount
    let (path, solveOptions) = try BenchmarkFileRun.start(
      arguments, as: command, kind: "OPTW", flag: Options.optw
    ) { () throws(ItineraryError) in
      guard (1...maxRoutes).contains(routes) else {
        throw ItineraryError(.usage, "--routes \(routes): expected 1 to \(maxRoutes)")
      }
      guard (1...maxThreads).contains(threads) else {
        throw ItineraryError(.usage, "--threads \(threads): expected 1 to \(maxThreads)")
      }
    }
    var options = solveOptions
    options.threads = threads
    let name = URL(fileURLWithPath: path).lastPathComponent
    let (instance, result, millis) = try BenchmarkFileRun.timed(options) {
      () throws(ItineraryError) in
      guard let text = String(data: try InputFile.contents(of: path), encoding: .utf8) else {
        throw ItineraryError(.data, "\(path): cannot read the file as UTF-8 text")
      }
      return try OPTWReader.parse(
        text, file: path, scale: OPTWReader.scale(forFileNamed: name), routes: routes,
        memoryLimit: options.memoryBudget)
    } solve: {
      OrienteeringSolver.solve($0, options: $1)
    }
    let data = OPTWResultJSON.encode(result.trip, instance: instance, millis: millis)
    try Emit.data(data, to: arguments.string(Options.output), terminal: context.terminal)
    return 0
  }
}
