import Foundation
import ItineraryCore
import ItineraryFormats
import ItinerarySolver

/// `itinerary solve FILE`: the contract's offline, deterministic interface.
enum SolveCommand {
  static let help = """
    usage: itinerary solve FILE.json [options]
           itinerary solve --gtsplib FILE.gtsp [--time-limit S] [--seed N]

    Solves the planning problem in an instance file (see the contract) and
    prints its plans, as JSON by default. Flags override the file.

    options:
      --top K                  how many plans (default 3): the K best, exactly
      --diverse                each next plan shares fewer than half its places
                               with every plan before it
      --any-order              visit the categories in any order
      --round-trip             count the way back to the start
      --distance-weight W      score points one kilometre costs (file, or 0.5)
      --format json|table|geojson
      -o, --output FILE        write the output to FILE (whole, or not at all)
    \(VerifyStep.help)
    \(GTSPLIBSolve.help)
      -h, --help               show this help

    """

  static let options: [Arguments.Option] = [
    .value("top"), .flag("diverse"), .flag("any-order"), .flag("round-trip"),
    .value("distance-weight"), .value("format"), .value("output", short: "o"),
  ]

  static func run(_ arguments: [String], terminal: Terminal) throws(ItineraryError) -> Int32 {
    let arguments = try Arguments(
      arguments, options: options + VerifyStep.options + GTSPLIBSolve.options, command: "solve")
    if arguments.has("help") {
      terminal.write(help)
      return 0
    }
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw ItineraryError(
        .usage, "solve: expected one instance file, got \(arguments.positionals.count)")
    }
    if arguments.has("gtsplib") {
      return try GTSPLIBSolve.run(path: path, arguments, terminal: terminal)
    }
    let count = try arguments.integer("top", default: 3)
    let format = try arguments.choice("format", default: OutputFormat.json)
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ItineraryError(.data, "\(path): cannot read the file")
    }
    var problem = try InstanceFile.decode(data, source: path)
    if arguments.has("any-order") { problem.order = .any }
    if arguments.has("round-trip") { problem.roundTrip = true }
    if let weight = try arguments.number("distance-weight") { problem.distanceWeight = weight }
    let selection: Selection = arguments.has("diverse") ? .diverse(count) : .top(count)
    let (solution, millis) = try timed { () throws(ItineraryError) in
      try Planner.solve(problem, selection)
    }
    let (verification, failure) = try VerifyStep.run(
      arguments, problem: problem, selection: selection, solution: solution, terminal: terminal)
    let report = PlanReport(
      problem: problem, solution: solution, millis: millis, verification: verification)
    try format.emit(report, to: arguments.value("output"), terminal: terminal)
    if let failure { throw failure }
    return 0
  }
}
