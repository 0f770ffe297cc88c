import Foundation
import ItineraryCore
import ItineraryWorkloads

/// The problems the suites measure: seeded random requests, and requests on
/// real places from `../shared/data/poi/` when that folder is present.
enum Workloads {
  /// A seeded random request of `k` categories with `n` candidates each,
  /// in the shape of `RandomProblems` (30% of places in a second category).
  static func random(categories k: Int, perCategory n: Int) -> (problem: Problem, seed: UInt64) {
    let seed = 0x1717_0000_0000 &+ UInt64(k) << 24 &+ UInt64(n)
    var generator = SplitMix64(seed: seed)
    return (
      RandomProblems.make(.init(categories: k, placesPerCategory: n), using: &generator), seed
    )
  }

  /// A request on a real city: its most common categories, in order of frequency.
  struct City {
    var name: String
    var problem: Problem
  }

  /// The real places of the shared data (`RealPlaces`: the OpenStreetMap
  /// extracts and the Flickr tour cities), each asked for its `categories`
  /// most common categories from the mean of its coordinates, or none when
  /// the data is absent.
  static func realCities(categories: Int) -> [City] {
    let sources: [(String, () throws -> [Place]?)] =
      ["helsinki-osm", "monaco-osm"].map { folder in
        (folder, { try RealPlaces.openStreetMap(folder) })
      }
      + ["Osak", "Glas", "Toro", "Edin"].map { city in
        ("flickr-\(city)", { try RealPlaces.flickr(city) })
      }
    return sources.compactMap { name, load in
      guard let places = (try? load()) ?? nil, !places.isEmpty else { return nil }
      let counts = Dictionary(grouping: places.flatMap(\.categories), by: { $0 }).mapValues(\.count)
      let common = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(categories)
      let origin = Coordinate(
        lat: places.map(\.coordinate.lat).reduce(0, +) / Double(places.count),
        lon: places.map(\.coordinate.lon).reduce(0, +) / Double(places.count))
      return City(
        name: name,
        problem: Problem(origin: origin, categories: common.map(\.key), places: places))
    }
  }
}
