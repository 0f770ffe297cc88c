import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItineraryILP
@testable import ItinerarySolver

extension GLPKTests {
  /// GLPK's models read the same road legs as the solvers, so `--verify` agrees.
  @Suite struct RoadTableModelTests {
    static let cases: [UInt64] = Array(0..<16)

    static func problem(seed: UInt64) -> Problem {
      var generator = SplitMix64(seed: 9000 + seed)
      let shape = RandomProblems.Shape(
        categories: 2 + Int(seed % 3), placesPerCategory: 4, sharedFraction: 0.4,
        roundTrip: seed % 4 < 2, order: seed % 2 == 1 ? .any : .given)
      var problem = RandomProblems.make(shape, using: &generator)
      problem.roads = RandomProblems.roads(for: problem, missing: 0.2, using: &generator)
      return problem
    }

    @Test(arguments: cases) func bestPlanAgreesWithBruteForce(seed: UInt64) throws {
      let problem = Self.problem(seed: seed)
      try #require(problem.roads != nil)
      let expected = BruteForceSolver(problem: problem).solve(.top(1)).plans.first
      let glpk = try GLPKSolver.bestPlan(problem: problem)
      #expect((glpk == nil) == (expected == nil), "seed \(seed)")
      guard let glpk, let expected else { return }
      #expect(problem.isFeasible(glpk.plan), "seed \(seed)")
      #expect(Verifier.agree(glpk.objective, expected.objective), "seed \(seed)")
      #expect(Verifier.agree(problem.objective(of: glpk.plan), glpk.objective), "seed \(seed)")
    }

    /// `--verify` agrees with the solvers, plan by plan, top K and diverse.
    @Test(arguments: cases) func verifyAgreesWithThePlanner(seed: UInt64) throws {
      let problem = Self.problem(seed: seed)
      for selection in [Selection.top(3), .diverse(3)] {
        let solution = try Planner.solve(problem, selection)
        let verification = try Verifier.verify(
          problem: problem, selection: selection, solution: solution)
        #expect(verification.agrees, "seed \(seed) \(selection): \(verification.summary)")
      }
    }
  }
}
