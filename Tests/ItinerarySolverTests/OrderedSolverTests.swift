import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// The ordered solver against exhaustive enumeration, on seeded random problems.
@Suite struct OrderedSolverTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var seed: UInt64
    var shape: RandomProblems.Shape
    var testDescription: String { "seed \(seed): \(shape)" }
  }

  /// 320 problems: k from 1 to 5, a few to a dozen places per category, many
  /// places in two categories, open and round trips, distance weights from 0.
  static let cases: [Case] = (0..<320).map { index in
    var generator = SplitMix64(seed: UInt64(index))
    let k = Int.random(in: 1...5, using: &generator)
    let maxPlaces = [0, 12, 12, 9, 6, 4][k]
    let shape = RandomProblems.Shape(
      categories: k, placesPerCategory: Int.random(in: 1...maxPlaces, using: &generator),
      sharedFraction: [0, 0.3, 0.8].randomElement(using: &generator) ?? 0,
      roundTrip: Bool.random(using: &generator),
      distanceWeight: [0, 0.1, 0.5, 2, 10].randomElement(using: &generator) ?? 0.5,
      radiusKm: [0.5, 3, 20].randomElement(using: &generator) ?? 3)
    return Case(seed: UInt64(1000 + index), shape: shape)
  }

  static func problem(_ testCase: Case) -> Problem {
    var generator = SplitMix64(seed: testCase.seed)
    return RandomProblems.make(testCase.shape, using: &generator)
  }

  @Test(arguments: cases)
  func exactTopKMatchesBruteForce(_ testCase: Case) {
    let problem = Self.problem(testCase)
    let expected = BruteForceSolver(problem: problem).solve(.top(7)).plans
    let found = OrderedSolver(problem: problem).solve(.top(7)).plans
    expectRankByRank(found, expected, of: problem, "seed \(testCase.seed)")
    #expect(Set(found.map(\.plan)).count == found.count, "seed \(testCase.seed): repeated plan")
  }

  @Test(arguments: cases)
  func diverseMatchesBruteForce(_ testCase: Case) {
    let problem = Self.problem(testCase)
    let found = OrderedSolver(problem: problem).solve(.diverse(4)).plans
    let flaw = BruteForceSolver(problem: problem).diverseFlaw(of: found, count: 4)
    #expect(flaw == nil, "seed \(testCase.seed)")
    // Fewer than half of a plan's places in common, counted here on its own.
    let allowed = (problem.categories.count - 1) / 2
    for (j, plan) in found.enumerated() {
      for earlier in found[..<j] {
        #expect(plan.plan.places.count(where: earlier.plan.places.contains) <= allowed)
      }
    }
  }

  @Test func aPlaceInTwoCategoriesFillsOneStop() throws {
    // One excellent place eligible for both stops, and two poor ones.
    let origin = Coordinate(lat: 60.17, lon: 24.94)
    let star = Place(
      id: "star", name: "Star", categories: ["a", "b"], coordinate: origin, score: 5)
    let a = Place(
      id: "a", name: "A", categories: ["a"], coordinate: Coordinate(lat: 60.171, lon: 24.94),
      score: 1)
    let b = Place(
      id: "b", name: "B", categories: ["b"], coordinate: Coordinate(lat: 60.172, lon: 24.94),
      score: 2)
    let problem = Problem(origin: origin, categories: ["a", "b"], places: [star, a, b])
    let best = try #require(OrderedSolver(problem: problem).solve(.top(1)).plans.first)
    #expect(best.plan.places == [0, 2])
    #expect(abs(best.objective - problem.objective(of: Plan(places: [0, 2]))) < 1e-12)
  }

  @Test func noEligiblePlaceGivesAReason() {
    let place = Place(
      id: "x", name: "X", categories: ["park"], coordinate: Coordinate(lat: 0, lon: 0))
    let problem = Problem(
      origin: Coordinate(lat: 0, lon: 0), categories: ["park", "museum"], places: [place])
    let solution = OrderedSolver(problem: problem).solve(.top(3))
    #expect(solution.plans.isEmpty)
    #expect(solution.reason == "no place is eligible for category 'museum'")
  }

  @Test func onePlaceForTwoStopsIsNoPlan() {
    let place = Place(
      id: "x", name: "X", categories: ["a", "b"], coordinate: Coordinate(lat: 0, lon: 0))
    let problem = Problem(
      origin: Coordinate(lat: 0, lon: 0), categories: ["a", "b"], places: [place])
    let solution = OrderedSolver(problem: problem).solve(.diverse(3))
    #expect(solution.plans.isEmpty)
    #expect(solution.reason != nil)
  }
}

extension OrderedSolverTests {
  @Test(arguments: [0, 1, 2])
  func aCategoryWithNoPlaceAnywhereInTheOrderGivesAReason(missing: Int) {
    let names = ["a", "b", "c"]
    let places = names.enumerated().filter { $0.offset != missing }.map { index, name in
      Place(
        id: name, name: name, categories: [name],
        coordinate: Coordinate(lat: 60, lon: 24 + Double(index) / 100))
    }
    let problem = Problem(origin: Coordinate(lat: 60, lon: 24), categories: names, places: places)
    let solution = OrderedSolver(problem: problem).solve(.top(2))
    #expect(solution.plans.isEmpty)
    #expect(solution.reason == "no place is eligible for category '\(names[missing])'")
  }
}

/// Expects `found` to be the plans `expected`, rank by rank: as many, each
/// feasible, with the same objective to 1e-9 of its size.
func expectRankByRank(
  _ found: [Solution.Ranked], _ expected: [Solution.Ranked], of problem: Problem,
  _ context: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(found.count == expected.count, "\(context)", sourceLocation: sourceLocation)
  for (rank, (plan, oracle)) in zip(found, expected).enumerated() {
    #expect(
      abs(plan.objective - oracle.objective) <= 1e-9 * max(1, abs(oracle.objective)),
      "\(context) rank \(rank + 1): \(plan.objective) vs \(oracle.objective)",
      sourceLocation: sourceLocation)
    #expect(
      problem.isFeasible(plan.plan), "\(context) rank \(rank + 1)", sourceLocation: sourceLocation)
  }
}
