import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// The plan local search on seeded any-order problems: what it returns is a
/// plan, never worse than where it started, and as good as the optimum
/// brute force finds when that is within its moves' reach.
@Suite struct PlanLocalSearchTests {
  static func plan(_ stops: [Plan.Stop], isAPlanOf problem: Problem) -> Bool {
    let eligible = problem.eligiblePlaces()
    return stops.map(\.category).sorted() == Array(problem.categories.indices)
      && Set(stops.map(\.place)).count == stops.count
      && stops.allSatisfy { eligible[$0.category].contains($0.place) }
  }

  @Test func neverWorseAndAlwaysAPlan() throws {
    let shape = RandomProblems.Shape(
      categories: 6, placesPerCategory: 3, sharedFraction: 0.5, order: .any)
    for seed: UInt64 in 0..<40 {
      var generator = SplitMix64(seed: seed)
      var problem = RandomProblems.make(shape, using: &generator)
      if seed % 2 == 1 { problem = RandomProblems.timed(problem, using: &generator) }
      let timing = Timing(problem)
      let eligible =
        timing?.eligiblePlaces(among: problem.eligiblePlaces()) ?? problem.eligiblePlaces()
      let preferred = [Int?](repeating: nil, count: eligible.count)
      guard let places = PlaceMatching.assign(eligible: eligible, preferred: preferred) else {
        continue
      }
      let start = places.enumerated().map { Plan.Stop(category: $0.offset, place: $0.element) }
      let search = PlanLocalSearch(problem: problem, timing: timing, eligible: eligible)
      let improved = search.improve(start, until: Deadline(after: .seconds(60)))
      #expect(Self.plan(improved, isAPlanOf: problem), "seed \(seed)")
      let before = problem.objective(of: Plan(stops: start))
      let after = problem.objective(of: Plan(stops: improved))
      #expect(after >= before, "seed \(seed)")
      if before > -.infinity { #expect(problem.isFeasible(Plan(stops: improved)), "seed \(seed)") }
    }
  }

  @Test func reachesTheOptimumOfAFewStops() throws {
    // Three stops, each with its own places: relocating, reversing and
    // replacing reach every plan, and their local optima are mostly optimal.
    let shape = RandomProblems.Shape(
      categories: 3, placesPerCategory: 2, sharedFraction: 0, order: .any)
    var matched = 0
    for seed: UInt64 in 0..<30 {
      var generator = SplitMix64(seed: seed)
      let problem = RandomProblems.make(shape, using: &generator)
      let eligible = problem.eligiblePlaces()
      let places = try #require(
        PlaceMatching.assign(eligible: eligible, preferred: [nil, nil, nil]))
      let start = places.enumerated().map { Plan.Stop(category: $0.offset, place: $0.element) }
      let improved = PlanLocalSearch(problem: problem, timing: nil, eligible: eligible)
        .improve(start, until: Deadline(after: .seconds(60)))
      let optimum = try #require(BruteForceSolver(problem: problem).solve(.top(1)).plans.first)
      let objective = problem.objective(of: Plan(stops: improved))
      #expect(objective <= optimum.objective + 1e-9, "seed \(seed)")
      if objective >= optimum.objective - 1e-9 { matched += 1 }
    }
    #expect(matched >= 25, "\(matched) of 30 reached the optimum")
  }
}
