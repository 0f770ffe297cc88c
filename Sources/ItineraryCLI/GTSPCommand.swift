import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryPlanning
import ItinerarySolver

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
    let (path, options) = try BenchmarkFileRun.start(
      arguments, as: command, kind: "GTSPLIB", flag: Options.gtsplib)
    let (instance, result, millis) = try BenchmarkFileRun.timed(options) {
      () throws(ItineraryError) in
      try GTSPLIBReader.read(
        contentsOf: URL(fileURLWithPath: path), memoryLimit: options.memoryBudget)
    } solve: {
      GTSPSolver.solve($0, options: $1)
    }
    let data = GTSPLIBResultJSON.encode(result.tour, instance: instance, millis: millis)
    try Emit.data(data, to: arguments.string(Options.output), terminal: context.terminal)
    return 0
  }
}
