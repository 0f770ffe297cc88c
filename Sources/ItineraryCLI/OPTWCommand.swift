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
    options: [Options.routes, Options.timeLimit, Options.seed, Options.output],
    run: run)

  /// The most routes a trip may have.
  static let maxRoutes = 100

  static func run(_ arguments: ParsedArguments, _ context: Context) throws(ItineraryError)
    -> Int32
  {
    for option in arguments.command.options where !command.options.contains(option) {
      if arguments.has(option) || arguments.string(option) != nil, option != Options.optw {
        throw ItineraryError(
          .usage, "\(arguments.command.name): \(option.spelling) does not apply to OPTW files")
      }
    }
    let path = try arguments.single("OPTW file")
    var settings = SolveSettings()
    settings.timeLimit = try arguments.number(Options.timeLimit)
    settings.seed = try arguments.integer(Options.seed)
    let routes = try arguments.integer(Options.routes) ?? 1
    try arguments.validated { () throws(ItineraryError) in
      try settings.validate(naming: Option.spelling(ofKey:))
      guard (1...maxRoutes).contains(routes) else {
        throw ItineraryError(.usage, "--routes \(routes): expected 1 to \(maxRoutes)")
      }
    }
    let seconds = settings.timeLimit ?? Defaults.timeLimit
    let seed = settings.seed ?? 0
    guard let text = String(data: try InputFile.contents(of: path), encoding: .utf8) else {
      throw ItineraryError(.data, "\(path): cannot read the file as UTF-8 text")
    }
    let name = URL(fileURLWithPath: path).lastPathComponent
    let instance = try OPTWReader.parse(
      text, file: path, scale: OPTWReader.scale(forFileNamed: name), routes: routes)
    let clock = ContinuousClock()
    let start = clock.now
    let result = OrienteeringSolver.solve(
      instance, options: SolveOptions(timeLimit: .seconds(seconds), seed: UInt64(seed)))
    let millis = (clock.now - start).seconds * 1000
    let data = OPTWResultJSON.encode(result.trip, instance: instance, millis: millis)
    try Emit.data(data, to: arguments.string(Options.output), terminal: context.terminal)
    return 0
  }
}
