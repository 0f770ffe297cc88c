import ItineraryCore
import ItineraryTestSupport
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// The exact any-order solver against brute force (every order of the
/// categories times every choice of places), on seeded small problems.
@Suite struct AnyOrderSolverTests {
  static let shapes: [RandomProblems.Shape] = [
    .init(categories: 1, placesPerCategory: 5, order: .any),
    .init(categories: 3, placesPerCategory: 4, sharedFraction: 0.5, order: .any),
    .init(categories: 4, placesPerCategory: 3, sharedFraction: 0.5, order: .any),
    .init(categories: 4, placesPerCategory: 3, roundTrip: true, order: .any),
    .init(
      categories: 3, placesPerCategory: 4, sharedFraction: 0.6, roundTrip: true, order: .any),
    .init(categories: 4, placesPerCategory: 3, order: .any, distanceWeight: 3, radiusKm: 10),
  ]

  /// Seeds 0..<15 of problems of `shape`.
  static func problems(_ shape: RandomProblems.Shape) -> [(UInt64, Problem)] {
    (UInt64(0)..<15).map { seed in
      var generator = SplitMix64(seed: seed)
      return (seed, RandomProblems.make(shape, using: &generator))
    }
  }

  @Test(arguments: shapes)
  func topKMatchesBruteForce(shape: RandomProblems.Shape) {
    for (seed, problem) in Self.problems(shape) {
      let expected = BruteForceSolver(problem: problem).solve(.top(6))
      let actual = AnyOrderSolver(problem: problem).solve(.top(6))
      #expect(actual.optimal, "seed \(seed)")
      #expect(actual.plans.count == expected.plans.count, "seed \(seed)")
      for (got, want) in zip(actual.plans, expected.plans) {
        #expect(abs(got.objective - want.objective) < 1e-9, "seed \(seed)")
        #expect(problem.isFeasible(got.plan), "seed \(seed)")
      }
      #expect(Set(actual.plans.map(\.plan.places)).count == actual.plans.count, "seed \(seed)")
    }
  }

  @Test(arguments: shapes)
  func diverseMatchesBruteForce(shape: RandomProblems.Shape) {
    for (seed, problem) in Self.problems(shape) {
      let actual = AnyOrderSolver(problem: problem).solve(.diverse(4))
      let flaw = BruteForceSolver(problem: problem).diverseFlaw(of: actual.plans, count: 4)
      #expect(flaw == nil, "seed \(seed)")
      // Fewer than half of a plan's places in common, counted here on its own.
      let allowed = (problem.categories.count - 1) / 2
      for (index, plan) in actual.plans.enumerated() {
        let places = Set(plan.plan.places)
        #expect(problem.isFeasible(plan.plan), "seed \(seed)")
        #expect(
          actual.plans[..<index].allSatisfy {
            $0.plan.places.count(where: places.contains) <= allowed
          },
          "seed \(seed)")
      }
    }
  }

  @Test func aSearchOutOfTimeHandsOverAndSaysSo() throws {
    // A time limit already passed: the exact table gives up at once and the
    // heuristic, which must still give valid, diverse plans, says it proved
    // nothing.
    let shape = RandomProblems.Shape(categories: 12, placesPerCategory: 10, order: .any)
    var generator = SplitMix64(seed: 11)
    let problem = RandomProblems.make(shape, using: &generator)
    let exact = AnyOrderSolver(problem: problem).solve(.top(1))
    let solution = AnyOrderSolver(problem: problem, options: SolveOptions(timeLimit: .zero))
      .solve(.diverse(5))
    #expect(!solution.optimal, "seed 11")
    #expect(!solution.plans.isEmpty, "seed 11")
    #expect(solution.plans.count == 5 || !solution.complete, "seed 11")
    let optimum = try #require(exact.plans.first?.objective)
    #expect(solution.plans.allSatisfy { $0.objective <= optimum + 1e-9 }, "seed 11")
    // Fewer than half of a plan's places in common.
    let allowed = (problem.categories.count - 1) / 2
    for (j, plan) in solution.plans.enumerated() {
      #expect(problem.isFeasible(plan.plan), "seed 11, plan \(j + 1)")
      for earlier in solution.plans[..<j] {
        #expect(plan.plan.places.count(where: earlier.plan.places.contains) <= allowed)
      }
    }
  }

  @Test func missingCategoryGivesAReason() {
    let problem = Problem(
      origin: Coordinate(lat: 60, lon: 25), categories: ["park", "museum"],
      places: [
        Place(id: "a", name: "A", categories: ["park"], coordinate: Coordinate(lat: 60, lon: 25.01))
      ], order: .any)
    let solution = AnyOrderSolver(problem: problem).solve(.top(3))
    #expect(solution.plans.isEmpty)
    #expect(solution.reason?.contains("museum") == true)
  }

  @Test func onePlaceInTwoCategoriesFillsOneStop() throws {
    // The best relaxed plan uses the shared place twice; the real one cannot.
    let origin = Coordinate(lat: 60, lon: 25)
    let problem = Problem(
      origin: origin, categories: ["park", "museum"],
      places: [
        Place(id: "both", name: "B", categories: ["park", "museum"], coordinate: origin, score: 5),
        Place(id: "park", name: "P", categories: ["park"], coordinate: origin, score: 1),
        Place(id: "museum", name: "M", categories: ["museum"], coordinate: origin, score: 2),
      ], order: .any)
    let best = try #require(AnyOrderSolver(problem: problem).solve(.top(1)).plans.first)
    #expect(Set(best.plan.places) == [0, 2])
    #expect(abs(best.objective - 7) < 1e-9)
  }
}

extension AnyOrderSolverTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test func heuristicFallbackPlansInOneOrder() throws {
      let shape = RandomProblems.Shape(categories: 5, placesPerCategory: 6, order: .any)
      for seed: UInt64 in 0..<5 {
        var generator = SplitMix64(seed: seed)
        let problem = RandomProblems.make(shape, using: &generator)
        let exact = AnyOrderSolver(problem: problem).solve(.top(1))
        let fallback = AnyOrderSolver(problem: problem, maxCells: 16).solve(.top(3))
        #expect(fallback.solver == .anyOrderHeuristic && !fallback.optimal, "seed \(seed)")
        let best = try #require(fallback.plans.first, "seed \(seed)")
        #expect(problem.isFeasible(best.plan), "seed \(seed)")
        let optimum = try #require(exact.plans.first?.objective, "seed \(seed)")
        #expect(best.objective <= optimum + 1e-9, "seed \(seed)")
        #expect(
          best.objective >= optimum - 0.03 * abs(optimum),
          "seed \(seed): more than 3% from the optimum")
      }
    }
  }
}
