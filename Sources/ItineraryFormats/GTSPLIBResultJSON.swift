import Foundation
import ItinerarySolver

/// The documented GTSPLIB output: the tour's integer length, its
/// nodes numbered from 1 as in the file, whether it is proven optimal, and
/// how long the search took.
public enum GTSPLIBResultJSON {
  struct Output: Encodable {
    var objective: Int
    var tour: [Int]
    var optimal: Bool
    var millis: Double
    var name: String
  }

  public static func encode(_ tour: GTSPTour, instance: GTSPInstance, millis: Double) -> Data {
    let output = Output(
      objective: Int(tour.cost.rounded()), tour: tour.nodes.map { $0 + 1 },
      optimal: tour.optimal, millis: millis, name: instance.name)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // Integers, booleans, a finite number and a string: this cannot fail.
    return ((try? encoder.encode(output)) ?? Data("{}".utf8)) + Data("\n".utf8)
  }
}
