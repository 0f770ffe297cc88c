import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItineraryILP
@testable import ItinerarySolver

extension GLPKTests {
  @Suite struct AnyOrderModelTests {
    /// The park lies before the food on the way south: any order visits it first.
    @Test func visitsInTheBestOrder() throws {
      let problem = Problem(
        origin: Coordinate(lat: 0, lon: 0), categories: ["food", "park"],
        places: [
          meridianPlace("F", ["food"], degrees: -0.02, score: 5),
          meridianPlace("P", ["park"], degrees: -0.01, score: 5),
        ], distanceWeight: 1, order: .any)
      let result = try GLPK.serialized { () throws(ItineraryError) -> ModelResult in
        try AnyOrderModel(problem: problem).best(until: nil)
      }
      guard case .plan(let plan, let objective) = result else {
        Issue.record("expected a plan, got \(result)")
        return
      }
      #expect(
        plan == Plan(stops: [Plan.Stop(category: 1, place: 1), Plan.Stop(category: 0, place: 0)]))
      #expect(abs(objective - (10 - meridianKm(0.02))) < 1e-9)
    }

    /// Every plan of a small problem, one by one with no-good constraints, in
    /// the brute force's order of objective.
    @Test func enumeratesEveryPlan() throws {
      var generator = SplitMix64(seed: 21)
      let problem = RandomProblems.make(
        RandomProblems.Shape(
          categories: 3, placesPerCategory: 2, sharedFraction: 0.5, order: .any),
        using: &generator)
      let brute = BruteForceSolver(problem: problem).allPlans()
      let found = try GLPK.serialized { () throws(ItineraryError) -> [(Plan, Double)] in
        let model = AnyOrderModel(problem: problem)
        var found: [(Plan, Double)] = []
        while found.count <= brute.count,
          case .plan(let plan, let objective) = try model.best(until: nil)
        {
          found.append((plan, objective))
          model.exclude(plan)
        }
        return found
      }
      #expect(found.count == brute.count)
      #expect(found.map(\.1).elementsEqual(brute.map(\.objective), by: Verifier.agree))
      #expect(Set(found.map(\.0.places)) == Set(brute.map(\.plan.places)))
      #expect(found.allSatisfy { problem.isFeasible($0.0) })
    }

    @Test func agreesThatThereIsNoPlan() throws {
      let problem = Problem(
        origin: Coordinate(lat: 0, lon: 0), categories: ["food", "park", "museum"],
        places: [
          meridianPlace("A", ["food", "park"], degrees: 0.01, score: 4),
          meridianPlace("B", ["food", "park"], degrees: 0.02, score: 4),
          meridianPlace("C", ["food", "park"], degrees: 0.03, score: 4),
        ], order: .any)
      let solution = BruteForceSolver(problem: problem).solve(.top(1))
      let verification = try GLPKTests.expectAgreement(problem, .top(1), solution)
      #expect(verification.objective == nil)
    }

    /// Random any-order problems: GLPK agrees with the brute force on the top
    /// K and on diverse plans, open paths and round trips.
    @Test func agreesWithTheBruteForceOnRandomProblems() throws {
      for seed in UInt64(2000)..<2080 {
        let (shape, problem) = GLPKTests.randomProblem(seed: seed, placeCounts: 3, order: .any)
        let selection: Selection = seed % 3 == 0 ? .diverse(3) : .top(1 + Int(seed % 5))
        let solution = BruteForceSolver(problem: problem).solve(selection)
        try GLPKTests.expectAgreement(
          problem, selection, solution, "seed \(seed), \(shape), \(selection):")
      }
    }

    @Test func reportsAnOrderThatIsNotTheBest() throws {
      var generator = SplitMix64(seed: 22)
      let problem = RandomProblems.make(
        RandomProblems.Shape(categories: 3, placesPerCategory: 3, order: .any), using: &generator
      )
      var solution = BruteForceSolver(problem: problem).solve(.top(1))
      try #require(solution.plans.count == 1)
      var ordered = problem
      ordered.order = .given
      let inOrder = BruteForceSolver(problem: ordered).solve(.top(1))
      try #require(inOrder.plans.count == 1)
      try #require(!Verifier.agree(inOrder.plans[0].objective, solution.plans[0].objective))
      solution.plans = inOrder.plans
      let verification = try Verifier.verify(
        problem: problem, selection: .top(1), solution: solution)
      #expect(!verification.agrees, "\(verification.summary)")
    }
  }
}
