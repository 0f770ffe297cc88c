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
    options: [Options.timeLimit, Options.seed, Options.output],
    run: run)

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    for option in arguments.command.options where !command.options.contains(option) {
      if arguments.has(option) || arguments.string(option) != nil, option != Options.gtsplib {
        throw ItineraryError(
          .usage, "\(arguments.command.name): \(option.spelling) does not apply to GTSPLIB files")
      }
    }
    let path = try arguments.single("GTSPLIB file")
    var settings = SolveSettings()
    settings.timeLimit = try arguments.number(Options.timeLimit)
    settings.seed = try arguments.integer(Options.seed)
    try arguments.validated { () throws(ItineraryError) in
      try settings.validate(naming: Option.spelling(ofKey:))
    }
    let seconds = settings.timeLimit ?? Defaults.timeLimit
    let seed = settings.seed ?? 0
    let instance = try GTSPLIBReader.read(contentsOf: URL(fileURLWithPath: path))
    let clock = ContinuousClock()
    let start = clock.now
    let result = GTSPSolver.solve(
      instance, options: SolveOptions(timeLimit: .seconds(seconds), seed: UInt64(seed)))
    let millis = (clock.now - start).seconds * 1000
    let data = GTSPLIBResultJSON.encode(result.tour, instance: instance, millis: millis)
    try Emit.data(data, to: arguments.string(Options.output), terminal: context.terminal)
    return 0
  }
}
