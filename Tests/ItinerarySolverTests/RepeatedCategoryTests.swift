import ItineraryCore
import ItineraryTestSupport
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// Categories asked for more than once (`bar bar bar`) and places eligible
/// for many stops, where the dynamic program's bound is loosest: the ordered
/// solver against exhaustive enumeration.
@Suite struct RepeatedCategoryTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var seed: UInt64
    var categories: [String]
    var testDescription: String { "seed \(seed): \(categories)" }

    var problem: Problem {
      var generator = SplitMix64(seed: seed)
      var problem = RandomProblems.make(
        .init(
          categories: 2, placesPerCategory: 5, sharedFraction: 0.5,
          roundTrip: seed % 2 == 0, distanceWeight: [0, 0.2, 1][Int(seed % 3)]),
        using: &generator)
      problem.categories = categories
      return problem
    }
  }

  /// 90 problems of two to five stops over two categories, one of them
  /// asked for up to five times.
  static let cases: [Case] = (0..<90).map { index in
    var generator = SplitMix64(seed: UInt64(500 + index))
    let k = Int.random(in: 2...5, using: &generator)
    let categories = (0..<k).map { _ in
      Double.random(in: 0..<1, using: &generator) < 0.75 ? "c0" : "c1"
    }
    return Case(seed: UInt64(index), categories: categories)
  }

  /// Each on the plain program's bound, then at once on the tightened one.
  @Test(arguments: cases, [nil, 0])
  func topKMatchesBruteForce(_ testCase: Case, plainExpansions: Int?) {
    let problem = testCase.problem
    let expected = BruteForceSolver(problem: problem).solve(.top(8)).plans
    let found = OrderedSolver(
      problem: problem, categoryOrder: nil, plainExpansions: plainExpansions
    ).solve(.top(8)).plans
    expectRankByRank(found, expected, of: problem, "seed \(testCase.seed)")
    #expect(Set(found.map(\.plan.places)).count == found.count, "seed \(testCase.seed)")
  }

  /// The prices on places lower the bound at the start, still above the
  /// best plan, without changing the answer:
  /// six stops of one category over 60 places of close scores in a square
  /// kilometre (a city centre's bars), where the plain program plans the
  /// same few places again and again.
  @Test func pricesTightenTheBound() throws {
    var generator = SplitMix64(seed: 77)
    let origin = Coordinate(lat: 60.17, lon: 24.94)
    let places = (0..<60).map { index in
      Place(
        id: "b\(index)", name: "Bar \(index)", categories: ["bar"],
        coordinate: Coordinate(
          lat: origin.lat + Double.random(in: -0.005...0.005, using: &generator),
          lon: origin.lon + Double.random(in: -0.01...0.01, using: &generator)),
        score: 3 + Double.random(in: 0..<0.5, using: &generator))
    }
    let problem = Problem(
      origin: origin, categories: Array(repeating: "bar", count: 6), places: places)
    let plain = CompletionValues(problem: problem, metric: SphereMetric(problem))
    let priced = PlacePenalties.tightened(
      problem: problem, metric: SphereMetric(problem), categoryOrder: nil, deadline: nil)
    #expect(!priced.penalties.isZero)
    var plainSearch = PlanSearch(values: plain)
    var pricedSearch = PlanSearch(values: priced)
    let plainBest = plainSearch.next()
    let pricedBest = pricedSearch.next()
    let best = try #require(plainBest)
    let same = try #require(pricedBest)
    #expect(abs(best.objective - same.objective) <= 1e-9 * max(1, abs(best.objective)))
    let plainBound = try #require(plain.relaxedBest()).value
    let pricedBound =
      try #require(priced.relaxedBest()).value + priced.penalties.largest(6, excluding: [])
    #expect(pricedBound < plainBound - 0.01)
    #expect(pricedBound >= best.objective - 1e-9)
  }

  @Test func theLargestPricesSkipThePlacesUsed() {
    let penalties = PlacePenalties(byPlace: [0, 3, 1, 2, 0])
    #expect(penalties.largest(2, excluding: []) == 5)
    #expect(penalties.largest(2, excluding: [1]) == 3)
    #expect(penalties.largest(9, excluding: [3]) == 4)
    #expect(PlacePenalties.zero(placeCount: 3).largest(3, excluding: []) == 0)
  }

  @Test func aSearchPastItsMemoryBudgetStopsAndSaysSo() {
    let problem = DeadlineTests.problem()
    let solution = OrderedSolver(problem: problem).solve(
      .top(20_000), options: SolveOptions(memoryBudget: 1 << 20))
    #expect(!solution.complete && solution.plans.count < 20_000)
    #expect(solution.reason == Solution.memoryReason)
  }
}

extension RepeatedCategoryTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test(arguments: cases, [nil, 0])
    func diverseMatchesBruteForce(_ testCase: Case, plainExpansions: Int?) {
      let problem = testCase.problem
      let found = OrderedSolver(
        problem: problem, categoryOrder: nil, plainExpansions: plainExpansions
      ).solve(.diverse(4)).plans
      let flaw = BruteForceSolver(problem: problem).diverseFlaw(of: found, count: 4)
      #expect(flaw == nil, "seed \(testCase.seed)")
    }

    /// Any order, with a category asked for two or three times among up to
    /// four stops (and once all stops alike).
    @Test(arguments: cases.filter { $0.categories.count <= 4 }.prefix(40))
    func anyOrderMatchesBruteForce(_ testCase: Case) {
      var problem = testCase.problem
      problem.order = .any
      let expected = BruteForceSolver(problem: problem).solve(.top(6)).plans
      let found = AnyOrderSolver(problem: problem).solve(.top(6))
      #expect(found.optimal, "seed \(testCase.seed)")
      #expect(
        found.plans.map(\.objective).elementsEqual(expected.map(\.objective)) {
          abs($0 - $1) <= 1e-9 * max(1, abs($1))
        }, "seed \(testCase.seed): \(found.plans.map(\.objective)) vs \(expected.map(\.objective))")
      #expect(found.plans.allSatisfy { problem.isFeasible($0.plan) }, "seed \(testCase.seed)")
      let diverse = AnyOrderSolver(problem: problem).solve(.diverse(3)).plans
      let flaw = BruteForceSolver(problem: problem).diverseFlaw(of: diverse, count: 3)
      #expect(flaw == nil, "seed \(testCase.seed)")
    }
  }
}
