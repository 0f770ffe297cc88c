import Foundation
import ItineraryCore
import Testing

/// `nearest`, checked by brute force over the embedded city.
@Suite struct NearestCommandTests {
  /// The top destinations of `category` (any, when `nil`): places whose
  /// score reaches that of the category's ceil(n/10)-th best and beats its
  /// ceil(n/2)-th best; every place of the category when none does.
  static func topDestinations(_ category: String?) -> [Place] {
    var thresholds: [String: (decile: Double, median: Double)] = [:]
    let categories = Set(FindingOracle.places.flatMap { $0.categories.map { $0.lowercased() } })
    for name in categories {
      let scores = FindingOracle.places.filter { FindingOracle.has($0, name) }
        .map(FindingOracle.score).sorted(by: >)
      let rank = { (fraction: Double) in Int((Double(scores.count) * fraction).rounded(.up)) - 1 }
      thresholds[name] = (scores[rank(0.1)], scores[rank(0.5)])
    }
    let top = FindingOracle.places.filter { place in
      let names = category.map { [$0] } ?? place.categories.map { $0.lowercased() }
      return names.contains { name in
        guard FindingOracle.has(place, name), let bar = thresholds[name] else { return false }
        return FindingOracle.score(place) >= bar.decile && FindingOracle.score(place) > bar.median
      }
    }
    guard top.isEmpty, let category else { return top }
    return FindingOracle.places.filter { FindingOracle.has($0, category) }
  }

  @Test(arguments: [nil, "restaurant", "museum", "park", "cafe"] as [String?])
  func theNearestTopDestinationIsTheBruteForceOne(_ category: String?) throws {
    let seed: UInt64 = 12
    let top = Self.topDestinations(category)
    #expect(!top.isEmpty)
    // The rule keeps a few: scores do not tie, so at most a tenth of each category.
    let names =
      category.map { [$0] }
      ?? Array(Set(FindingOracle.places.flatMap { $0.categories.map { $0.lowercased() } }))
    let tenths = names.map { name in
      (FindingOracle.places.count { FindingOracle.has($0, name) } + 9) / 10
    }
    #expect(top.count <= tenths.reduce(0, +), "\(top.count) top destinations")
    for point in FindingOracle.points(seed: seed, count: 8) {
      let run = CommandRun(
        ["nearest"] + (category.map { [$0] } ?? []) + [
          "--at", "\(point.lat),\(point.lon)", "--format", "json",
        ])
      #expect(run.status == 0, "seed \(seed): \(run.stderr)")
      let json = try jsonObject(run.stdout)
      let place = try #require(json["place"] as? [String: Any])
      let best = try #require(
        top.min {
          (FindingOracle.km(point, $0.coordinate), -FindingOracle.score($0), $0.id)
            < (FindingOracle.km(point, $1.coordinate), -FindingOracle.score($1), $1.id)
        })
      #expect(place["id"] as? String == best.id, "seed \(seed), from \(point)")
      let km = try #require(place["distanceKm"] as? Double)
      #expect(abs(km - FindingOracle.km(point, best.coordinate)) < 1e-9)
      #expect(json["topDestinations"] as? Int == top.count)
      let direction = try #require(json["direction"] as? [String: Any])
      let degrees = try #require(direction["degrees"] as? Double)
      #expect(direction["point"] as? String == Self.compassPoint(degrees))
      // The bearing points the right way: north of the point is 270...90.
      let north = best.coordinate.lat > point.lat
      #expect(north == (degrees < 90 || degrees > 270), "seed \(seed)")
    }
  }

  static func compassPoint(_ degrees: Double) -> String {
    ["N", "NE", "E", "SE", "S", "SW", "W", "NW", "N"][Int((degrees + 22.5) / 45)]
  }

  @Test func theTableSaysDistanceWalkAndDirection() {
    let run = CommandRun(["nearest", "museum", "--units", "imperial"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(" mi, "))
    #expect(run.stdout.contains("min walk"))
    #expect(run.stdout.contains("top destination: a top 10% score of its category, museum,"))
    #expect(
      ["N ", "NE ", "E ", "SE ", "S ", "SW ", "W ", "NW "].contains { run.stdout.contains($0) })
  }

  /// A category with no place within reach is what `plan` calls it,
  /// exit 1 with the reason; a word that is no category is bad data, 65,
  /// in both.
  @Test func noPlaceOfTheCategoryIsExit1AsInPlan() {
    let nearest = CommandRun(["nearest", "viewpoint"])
    let plan = CommandRun(["plan", "viewpoint", "--anytime"])
    #expect(nearest.status == 1, "\(nearest.stderr)")
    #expect(plan.status == 1, "\(plan.stderr)")
    #expect(nearest.errorLine?.contains("no viewpoint") == true, "\(nearest.stderr)")
    #expect(CommandRun(["nearest", "zoo"]).status == 65)
    // A stop word that is no category may name a place: one naming none is usage.
    #expect(CommandRun(["plan", "zoo", "--anytime"]).status == 64)
  }

  @Test func badUsage() {
    #expect(CommandRun(["nearest", "park", "museum"]).status == 64)
    let unknown = CommandRun(["nearest", "musem"])
    #expect(unknown.status == 65)
    #expect(unknown.errorLine?.contains("did you mean museum?") == true)
  }
}
