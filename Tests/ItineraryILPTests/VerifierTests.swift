import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItineraryILP
@testable import ItinerarySolver

extension GLPKTests {
  @Suite struct VerifierTests {
    static func randomProblem(seed: UInt64, categories: Int = 3, places: Int = 6) -> Problem {
      var generator = SplitMix64(seed: seed)
      return RandomProblems.make(
        RandomProblems.Shape(categories: categories, placesPerCategory: places), using: &generator)
    }

    /// What the verifier says of `solution`, and its disagreement, which it must have.
    static func disagreement(
      _ problem: Problem, _ selection: Selection, _ solution: Solution
    ) throws -> (Verifier.Outcome, Disagreement)? {
      let verification = try Verifier.verify(
        problem: problem, selection: selection, solution: solution)
      guard case .disagreed(let disagreement) = verification.status else {
        Issue.record("expected a disagreement, got \(verification.summary)")
        return nil
      }
      return (verification, disagreement)
    }

    @Test func reportsAPlanThatIsNotTheBest() throws {
      let problem = Self.randomProblem(seed: 7)
      var solution = OrderedSolver(problem: problem).solve(.top(2))
      try #require(solution.plans.count == 2)
      solution.plans.swapAt(0, 1)
      let (verification, disagreement) = try #require(
        try Self.disagreement(problem, .top(2), solution))
      #expect(!verification.agrees)
      #expect(disagreement.rank == 1)
      #expect(disagreement.solverObjective == solution.plans[0].objective)
      #expect(disagreement.glpkObjective == verification.objective)
      #expect(disagreement.glpkPlan == solution.plans[1].plan)
      let ids = solution.plans[1].plan.places.map { problem.places[$0].id }
      #expect(ids.allSatisfy(disagreement.message.contains), "\(disagreement.message)")
    }

    @Test func reportsAMissingPlan() throws {
      let problem = Self.randomProblem(seed: 8)
      var solution = OrderedSolver(problem: problem).solve(.top(3))
      try #require(solution.plans.count == 3)
      solution.plans.removeLast()
      let (_, disagreement) = try #require(try Self.disagreement(problem, .top(3), solution))
      #expect(disagreement.rank == 3)
      #expect(disagreement.solverPlan == nil)
      #expect(disagreement.glpkObjective != nil)
    }

    @Test func reportsAWrongObjective() throws {
      let problem = Self.randomProblem(seed: 9)
      var solution = OrderedSolver(problem: problem).solve(.top(1))
      try #require(solution.plans.count == 1)
      solution.plans[0].objective += 0.01
      let (_, disagreement) = try #require(try Self.disagreement(problem, .top(1), solution))
      #expect(disagreement.rank == 1)
    }

    @Test func reportsARepeatedPlan() throws {
      let problem = Self.randomProblem(seed: 10)
      var solution = OrderedSolver(problem: problem).solve(.top(2))
      try #require(solution.plans.count == 2)
      solution.plans[1] = solution.plans[0]
      let (_, disagreement) = try #require(try Self.disagreement(problem, .top(2), solution))
      #expect(disagreement.rank == 2)
      #expect(disagreement.message.contains("same plan twice"))
    }

    @Test func reportsAPlanThatIsNotDiverse() throws {
      let problem = Self.randomProblem(seed: 11)
      var solution = OrderedSolver(problem: problem).solve(.diverse(2))
      try #require(solution.plans.count == 2)
      let top = OrderedSolver(problem: problem).solve(.top(2))
      solution.plans = top.plans
      let verification = try Verifier.verify(
        problem: problem, selection: .diverse(2), solution: solution)
      #expect(!verification.agrees, "\(verification.summary)")
    }

    @Test func aTimeLimitIsNotAgreement() throws {
      let problem = Self.randomProblem(seed: 12, categories: 5, places: 120)
      let solution = OrderedSolver(problem: problem).solve(.top(1))
      let verification = try Verifier.verify(
        problem: problem, selection: .top(1), solution: solution, timeLimit: .zero)
      #expect(verification.status == .timeLimit)
      #expect(!verification.agrees)
      #expect(verification.summary == "not verified (time limit)")
      #expect(verification.verification.note == "not verified (time limit)")
      #expect(verification.verification.solver == .glpk)
    }

    /// A model estimated larger than the limit is not built: not verified.
    @Test(arguments: [VisitOrder.given, .any])
    func aModelTooLargeIsNotBuilt(order: VisitOrder) throws {
      var problem = Self.randomProblem(seed: 15, categories: 3, places: 20)
      problem.order = order
      let solution = try Planner.solve(problem, .top(1))
      let verification = try Verifier.verify(
        problem: problem, selection: .top(1), solution: solution, maximumColumns: 100)
      #expect(verification.status == .tooLarge && !verification.agrees)
      #expect(verification.verification.note == "not verified (too large)")
      #expect(estimatedColumns(of: problem) > 100)
    }

    /// GLPK's own `tm_lim`: the model is built, then a few milliseconds are
    /// not enough to solve it.
    @Test func glpkStopsAtItsTimeLimit() throws {
      let problem = Self.randomProblem(seed: 13, categories: 5, places: 120)
      let result = try GLPK.serialized { () throws(ItineraryError) -> ModelResult in
        let model = OrderedModel(problem: problem)
        return try model.best(until: .now + .milliseconds(3))
      }
      guard case .timeLimit = result else {
        Issue.record("expected the time limit, got \(result)")
        return
      }
    }

    @Test func rejectsAnInvalidProblem() throws {
      var problem = Self.randomProblem(seed: 14)
      problem.distanceWeight = -1
      let solution = Solution(plans: [], solver: .orderedDP, optimal: true)
      #expect(throws: ItineraryError.self) {
        try Verifier.verify(problem: problem, selection: .top(1), solution: solution)
      }
    }

    @Test(arguments: [
      (1.0, 1.0 + 5e-7, true), (1000.0, 1000.0005, true), (1000.0, 1000.002, false),
      (0.0, 5e-7, true), (0.0, 2e-6, false), (-3.0, -3.00001, false),
    ])
    func comparesObjectivesRelatively(a: Double, b: Double, agree: Bool) {
      #expect(Verifier.agree(a, b) == agree, "\(a) vs \(b)")
    }
  }
}
