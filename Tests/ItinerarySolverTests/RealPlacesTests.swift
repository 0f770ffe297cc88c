import ItineraryCore
import ItinerarySolver
import ItineraryWorkloads
import Testing

/// The ordered solver against brute force on real places: Helsinki and Monaco
/// from OpenStreetMap, Osaka and Glasgow from Flickr tours.
@Suite(.enabled(if: SharedData.url("poi") != nil, "../shared/data/poi is absent: skipped"))
struct RealPlacesTests {
  static let cities = ["helsinki-osm", "monaco-osm", "Osak", "Glas"]

  static func places(_ city: String) throws -> [Place] {
    let places =
      try city.hasSuffix("-osm") ? RealPlaces.openStreetMap(city) : RealPlaces.flickr(city)
    return try #require(places, "\(city) is missing from ../shared/data/poi")
  }

  /// Problems from a city: its most common categories, a seeded sample of at
  /// most `perCategory` places each, started from a real place.
  static func problems(_ city: String, perCategory: Int, count: Int) throws -> [(UInt64, Problem)] {
    let all = try places(city)
    var frequency: [String: Int] = [:]
    for place in all { for category in place.categories { frequency[category, default: 0] += 1 } }
    let common = frequency.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
    return (0..<count).map { index in
      let seed = UInt64(index) &* 7919 &+ UInt64(city.utf8.count)
      var generator = SplitMix64(seed: seed)
      let k = Int.random(in: 2...min(4, common.count), using: &generator)
      let categories = Array(common.prefix(k + 1).shuffled(using: &generator).prefix(k))
      var chosen: [Place] = []
      for category in categories {
        let eligible = all.filter { $0.isEligible(for: category) && !chosen.contains($0) }
        chosen += eligible.shuffled(using: &generator).prefix(perCategory)
      }
      let origin = all.randomElement(using: &generator)?.coordinate ?? Coordinate(lat: 0, lon: 0)
      return (
        seed,
        Problem(
          origin: origin, categories: categories, places: chosen,
          distanceWeight: [0.1, 0.5, 2].randomElement(using: &generator) ?? 0.5,
          roundTrip: Bool.random(using: &generator))
      )
    }
  }

  @Test(arguments: cities)
  func exactAndDiversePlansMatchBruteForce(city: String) throws {
    for (seed, problem) in try Self.problems(city, perCategory: 9, count: 12) {
      let oracle = BruteForceSolver(problem: problem)
      let solver = OrderedSolver(problem: problem)
      let expected = oracle.solve(.top(6)).plans.map(\.objective)
      let found = solver.solve(.top(6)).plans.map(\.objective)
      #expect(found.count == expected.count, "\(city) seed \(seed)")
      for (a, b) in zip(found, expected) {
        #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(city) seed \(seed)")
      }
      let diverse = solver.solve(.diverse(4)).plans
      #expect(oracle.diverseFlaw(of: diverse, count: 4) == nil, "\(city) seed \(seed)")
    }
  }

  /// Whole cities, every candidate of each category, no sampling.
  @Test(arguments: [
    ("helsinki-osm", ["museum", "park", "art"]), ("helsinki-osm", ["restaurant", "bar"]),
    ("helsinki-osm", ["art", "landmark", "nightlife"]),
    ("monaco-osm", ["restaurant", "park", "museum"]),
    ("Osak", ["historical", "park", "amusement", "entertainment"]),
  ])
  func wholeCitiesMatchBruteForce(city: String, categories: [String]) throws {
    let problem = Problem(
      origin: try Self.places(city)[0].coordinate, categories: categories,
      places: try Self.places(city), roundTrip: true)
    let expected = BruteForceSolver(problem: problem).solve(.top(10)).plans.map(\.objective)
    let found = OrderedSolver(problem: problem).solve(.top(10)).plans.map(\.objective)
    #expect(expected.count == 10)
    #expect(found.count == expected.count)
    for (a, b) in zip(found, expected) { #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(city)") }
  }
}
