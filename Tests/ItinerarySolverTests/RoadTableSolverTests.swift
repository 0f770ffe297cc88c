import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// The ordered and any-order solvers on random asymmetric road tables with
/// missing roads, against exhaustive enumeration.
@Suite struct RoadTableSolverTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var seed: UInt64
    var shape: RandomProblems.Shape
    var missing: Double
    var testDescription: String { "seed \(seed): \(shape) missing=\(missing)" }

    var problem: Problem {
      var generator = SplitMix64(seed: seed)
      var problem = RandomProblems.make(shape, using: &generator)
      problem.roads = RandomProblems.roads(for: problem, missing: missing, using: &generator)
      return problem
    }
  }

  /// 120 problems: k from 1 to 4, open and round trips, ordered and any
  /// order, distance weights from 0, up to half the roads missing.
  static let cases: [Case] = (0..<120).map { index -> Case in
    var generator = SplitMix64(seed: UInt64(7000 + index))
    let k = Int.random(in: 1...4, using: &generator)
    let anyOrder = index % 2 == 1
    let maxPlaces = anyOrder ? [0, 6, 5, 4, 3][k] : [0, 10, 9, 6, 4][k]
    let shape = RandomProblems.Shape(
      categories: k, placesPerCategory: Int.random(in: 1...maxPlaces, using: &generator),
      sharedFraction: [0, 0.3, 0.8].randomElement(using: &generator) ?? 0,
      roundTrip: Bool.random(using: &generator), order: anyOrder ? .any : .given,
      distanceWeight: [0, 0.1, 0.5, 2].randomElement(using: &generator) ?? 0.5,
      radiusKm: [0.5, 3, 20].randomElement(using: &generator) ?? 3)
    let missing: Double = [0, 0.1, 0.5].randomElement(using: &generator) ?? 0
    return Case(seed: UInt64(index), shape: shape, missing: missing)
  }

  static func expectSame(_ found: Solution, _ expected: Solution, _ testCase: Case) {
    #expect(
      found.plans.count == expected.plans.count
        && zip(found.plans, expected.plans).allSatisfy {
          abs($0.objective - $1.objective) <= 1e-9 * max(1, abs($1.objective))
        },
      "seed \(testCase.seed): \(found.plans.map(\.objective)) vs \(expected.plans.map(\.objective))"
    )
  }

  @Test(arguments: cases)
  func topKMatchesBruteForce(_ testCase: Case) throws {
    let problem = testCase.problem
    try #require(problem.roads != nil)
    let expected = BruteForceSolver(problem: problem).solve(.top(7))
    let found = try Planner.solve(problem, .top(7))
    Self.expectSame(found, expected, testCase)
    #expect(found.optimal)
    for ranked in found.plans {
      #expect(problem.isFeasible(ranked.plan), "seed \(testCase.seed)")
      #expect(ranked.objective == problem.objective(of: ranked.plan), "seed \(testCase.seed)")
    }
    #expect(Set(found.plans.map(\.plan.places)).count == found.plans.count)
  }

  /// The ordered solver on the tightened program (2-cycles eliminated,
  /// places priced) from the start, over roads.
  @Test(arguments: cases.filter { $0.shape.order == .given })
  func tightenedTopKMatchesBruteForce(_ testCase: Case) {
    let problem = testCase.problem
    let expected = BruteForceSolver(problem: problem).solve(.top(7))
    let found = OrderedSolver(problem: problem, categoryOrder: nil, plainExpansions: 0)
      .solve(.top(7))
    Self.expectSame(found, expected, testCase)
  }

  @Test(arguments: cases)
  func diverseMatchesBruteForce(_ testCase: Case) throws {
    let problem = testCase.problem
    let found = try Planner.solve(problem, .diverse(4)).plans
    let flaw = BruteForceSolver(problem: problem).diverseFlaw(of: found, count: 4)
    #expect(flaw == nil, "seed \(testCase.seed)")
  }

  /// No road leaves the origin: no plan, and a reason rather than a crash.
  @Test(arguments: [false, true])
  func noRoadFromTheOriginMeansNoPlan(anyOrder: Bool) throws {
    var generator = SplitMix64(seed: 3)
    var problem = RandomProblems.make(
      .init(categories: 2, placesPerCategory: 3, order: anyOrder ? .any : .given), using: &generator
    )
    let n = problem.places.count
    let kilometres: [[Double?]] = (0...n).map { i in (0...n).map { j in i == 0 && j > 0 ? nil : 1 }
    }
    problem.roads = try RoadTable(kilometres: kilometres, minutes: kilometres, source: "test")
    let solution = try Planner.solve(problem, .top(3))
    #expect(solution.plans.isEmpty)
    #expect(solution.reason?.contains("road") == true)
  }
}
