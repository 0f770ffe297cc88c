import Foundation
import ItineraryCore
import ItineraryPlanning

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

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    try BenchmarkFileRun.run(
      arguments, context, as: command, format: .optw, flag: Options.optw
    ) { request throws(ItineraryError) in
      request.routes = try arguments.integer(Options.routes)
      request.threads =
        try arguments.integer(Options.searchThreads)
        ?? ProcessInfo.processInfo.activeProcessorCount
    }
  }
}
