import ItineraryCore
import ItineraryPlanning
import ItineraryWorkloads
import Testing

/// Diverse plans from the pipeline against an oracle written here from the
/// rule alone: every plan enumerated, then chosen greedily, each sharing at
/// most floor((k - 1) / 2) places with every plan chosen before it.
@Suite struct DiversityOracleTests {
  /// Every feasible plan's places and objective, best first.
  static func everyPlan(_ problem: Problem) -> [(places: [Int], objective: Double)] {
    let k = problem.categories.count
    let eligible = problem.categories.map { category in
      problem.places.indices.filter { problem.places[$0].isEligible(for: category) }
    }
    let orders = problem.order == .any ? permutations(Array(0..<k)) : [Array(0..<k)]
    var best: [[Int]: Double] = [:]
    for order in orders {
      var chosen: [Int] = []
      func extend() {
        guard chosen.count < k else {
          var points = [problem.origin] + chosen.map { problem.places[$0].coordinate }
          if problem.roundTrip { points.append(problem.origin) }
          let km = zip(points, points.dropFirst()).reduce(0) {
            $0 + GreatCircle.distanceKm($1.0, $1.1)
          }
          let score = chosen.reduce(0) { $0 + Scoring.score(of: problem.places[$1]) }
          let objective = score - problem.distanceWeight * km
          best[chosen] = max(best[chosen] ?? -.infinity, objective)
          return
        }
        for place in eligible[order[chosen.count]] where !chosen.contains(place) {
          chosen.append(place)
          extend()
          chosen.removeLast()
        }
      }
      extend()
    }
    return best.map { ($0.key, $0.value) }.sorted { $0.objective > $1.objective }
  }

  static func permutations(_ items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { i in
      var rest = items
      let first = rest.remove(at: i)
      return permutations(rest).map { [first] + $0 }
    }
  }

  @Test(arguments: 0..<60)
  func diversePlansFollowTheRule(seed: Int) throws {
    var generator = SplitMix64(seed: UInt64(seed))
    let k = 2 + seed % 5
    let shape = RandomProblems.Shape(
      categories: k, placesPerCategory: k > 4 ? 3 : 4, roundTrip: seed % 3 == 0,
      order: seed % 4 == 1 && k <= 4 ? .any : .given)
    let problem = RandomProblems.make(shape, using: &generator)
    let limit = (k - 1) / 2
    var expected: [(places: [Int], objective: Double)] = []
    for plan in Self.everyPlan(problem) where expected.count < 4 {
      if expected.allSatisfy({ earlier in plan.places.count(where: earlier.places.contains) <= limit
      }) {
        expected.append(plan)
      }
    }
    var settings = SolveSettings()
    settings.top = 4
    settings.diverse = true
    let response = try PlanningPipeline(environment: [:]).solve(
      SolveRequest(instance: problem, settings: settings))
    let found = response.plans.map(\.objective)
    let message = "seed \(seed), \(shape)"
    try #require(found.count == expected.count, Comment(rawValue: message))
    for (got, want) in zip(found, expected.map(\.objective)) {
      #expect(abs(got - want) <= 1e-9 * max(1, abs(want)), Comment(rawValue: message))
    }
    let ids = response.plans.map { Set($0.stops.map(\.id)) }
    for (j, plan) in ids.enumerated() {
      for earlier in ids[..<j] {
        #expect(plan.intersection(earlier).count <= limit, Comment(rawValue: message))
      }
    }
  }
}
