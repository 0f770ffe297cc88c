import Foundation
import ItineraryCore
import ItineraryFormats
import ItinerarySolver

/// `itinerary solve --gtsplib FILE.gtsp`: a closed tour through one node of
/// every cluster, as short as the time limit allows, proven when it can be.
enum GTSPLIBSolve {
  static let help = """
      --gtsplib                FILE is a GTSPLIB instance: print the shortest
                               tour found (objective, tour, optimal, millis)
      --time-limit S           seconds the GTSPLIB search may take (default 10)
      --seed N                 the search's seed (default 0); same seed, same tour
    """

  static let options: [Arguments.Option] = [
    .flag("gtsplib"), .value("time-limit"), .value("seed"),
  ]

  static func run(path: String, _ arguments: Arguments, terminal: Terminal)
    throws(ItineraryError) -> Int32
  {
    let seconds = try arguments.number("time-limit", minimum: .leastNonzeroMagnitude) ?? 10
    let seed = try arguments.integer("seed", default: 0, minimum: 0)
    let instance = try GTSPLIBReader.read(contentsOf: URL(fileURLWithPath: path))
    let (result, millis) = timed {
      GTSPSolver.solve(instance, timeLimit: .milliseconds(seconds * 1000), seed: UInt64(seed))
    }
    let data = GTSPLIBResultJSON.encode(result.tour, instance: instance, millis: millis)
    if let output = arguments.value("output") {
      try OutputFile.write(data, to: output, terminal: terminal)
    } else {
      terminal.write(String(decoding: data, as: UTF8.self))
    }
    return 0
  }
}
