import ItineraryCore
import ItineraryPlanning

/// `itinerary gtsp FILE.gtsp`: a closed tour through one node of every
/// cluster, as short as the time limit allows, proven when it can be.
enum GTSPCommand {
  static let command = Command(
    name: "gtsp",
    usage: ["gtsp [options] FILE.gtsp"],
    summary: "solve a GTSPLIB instance (the field's benchmark files)",
    description: """
      Solves a generalized travelling-salesman instance in GTSPLIB format and
      prints the shortest tour found: objective, tour (node ids from 1),
      optimal (proven or not) and millis.
      """,
    options: [Options.timeLimit, Options.seed, Options.memoryLimit, Options.output],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    try BenchmarkFileRun.run(
      arguments, context, as: command, format: .gtsplib, flag: Options.gtsplib)
  }
}
