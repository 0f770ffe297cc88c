import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItineraryILP
@testable import ItinerarySolver

extension GLPKTests {
  @Suite struct GLPKSolverTests {
    /// A seeded random ordered problem.
    struct Case: Sendable, CustomStringConvertible {
      var seed: UInt64
      var shape: RandomProblems.Shape

      var problem: Problem {
        var generator = SplitMix64(seed: seed)
        return RandomProblems.make(shape, using: &generator)
      }

      var description: String { "seed \(seed), \(shape)" }
    }

    static let cases = [
      Case(seed: 1, shape: .init(categories: 1, placesPerCategory: 5)),
      Case(seed: 2, shape: .init(categories: 2, placesPerCategory: 10)),
      Case(seed: 3, shape: .init(categories: 3, placesPerCategory: 20, sharedFraction: 0.5)),
      Case(seed: 4, shape: .init(categories: 4, placesPerCategory: 15, roundTrip: true)),
      Case(seed: 5, shape: .init(categories: 5, placesPerCategory: 10, distanceWeight: 2)),
      Case(seed: 6, shape: .init(categories: 3, placesPerCategory: 2, sharedFraction: 1)),
    ]

    /// GLPK's best plan has the ordered solver's objective, and its own
    /// objective is the documented one for that plan.
    @Test(arguments: cases) func findsTheOrderedSolversBest(_ testCase: Case) throws {
      let problem = testCase.problem
      let solver = try #require(OrderedSolver(problem: problem).solve(.top(1)).plans.first)
      let glpk = try #require(try GLPKSolver.bestPlan(problem: problem))
      #expect(problem.isFeasible(glpk.plan))
      #expect(Verifier.agree(glpk.objective, solver.objective), "glpk \(glpk.objective)")
      #expect(Verifier.agree(problem.objective(of: glpk.plan), glpk.objective))
    }

    /// One place is eligible for both stops, and a place fills one stop only.
    @Test func findsNoPlanWhenThereIsNone() throws {
      let problem = Problem(
        origin: Coordinate(lat: 0, lon: 0), categories: ["food", "park"],
        places: [meridianPlace("A", ["food", "park"], degrees: 0.01, score: 4)])
      #expect(try GLPKSolver.bestPlan(problem: problem) == nil)
    }

    @Test func throwsWhenTheTimeLimitRunsOut() {
      let problem = Self.cases[2].problem
      #expect(throws: ItineraryError.self) {
        try GLPKSolver.bestPlan(problem: problem, timeLimit: .zero)
      }
    }
  }
}
