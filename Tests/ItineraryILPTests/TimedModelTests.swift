import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItineraryILP
@testable import ItinerarySolver

extension GLPKTests {
  /// The ordered model with time (begin times, waits, an opening interval per
  /// visit) against the exact solver, on seeded problems with real opening
  /// hours, deadlines, round trips and a price of waiting.
  @Suite struct TimedModelTests {
    static let shapes: [RandomProblems.Shape] = [
      .init(categories: 2, placesPerCategory: 4),
      .init(categories: 3, placesPerCategory: 3, sharedFraction: 0.5),
      .init(categories: 3, placesPerCategory: 3, roundTrip: true),
    ]

    @Test(arguments: shapes)
    func glpkAgreesWithTheSolver(shape: RandomProblems.Shape) throws {
      print("TimedModelTests: \(shape) seeds 0..<25")
      for seed: UInt64 in 0..<25 {
        var generator = SplitMix64(seed: seed)
        let problem = RandomProblems.timed(
          RandomProblems.make(shape, using: &generator), using: &generator)
        for selection in [Selection.top(3), .diverse(2)] {
          let solution = OrderedSolver(problem: problem).solve(selection)
          let outcome = try Verifier.verify(
            problem: problem, selection: selection, solution: solution)
          #expect(outcome.status == .agreed, "seed \(seed): \(outcome.summary)")
        }
      }
    }

    /// Under a cap on single waits, the model lets a visit begin later
    /// than it could so that the next is not reached too early, as the
    /// timeline's schedule within the cap does: an independent statement of
    /// the same rule.
    @Test(arguments: shapes)
    func underAWaitCapGLPKAgreesWithTheSolver(shape: RandomProblems.Shape) throws {
      print("TimedModelTests wait cap: \(shape) seeds 0..<25")
      for seed: UInt64 in 0..<25 {
        var generator = SplitMix64(seed: seed)
        let problem = RandomProblems.capped(
          RandomProblems.timed(RandomProblems.make(shape, using: &generator), using: &generator),
          using: &generator)
        let solution = OrderedSolver(problem: problem).solve(.top(2))
        let outcome = try Verifier.verify(problem: problem, selection: .top(2), solution: solution)
        #expect(outcome.status == .agreed, "seed \(seed): \(outcome.summary)")
      }
    }

    @Test func aPlanThatWaitsLessThanItCouldIsCaught() throws {
      var generator = SplitMix64(seed: 3)
      var problem = RandomProblems.timed(
        RandomProblems.make(.init(categories: 2, placesPerCategory: 4), using: &generator),
        using: &generator)
      // Timeless plans claimed for a timed problem: GLPK sees the difference
      // whenever time changes the answer.
      let timed = OrderedSolver(problem: problem).solve(.top(1))
      let frame = problem.time
      problem.time = nil
      let timeless = OrderedSolver(problem: problem).solve(.top(1))
      problem.time = frame
      guard timeless.plans.first?.objective != timed.plans.first?.objective else { return }
      let outcome = try Verifier.verify(problem: problem, selection: .top(1), solution: timeless)
      #expect(outcome.status != .agreed)
    }

    @Test func anyOrderPlansInTimeAreNotVerified() throws {
      var generator = SplitMix64(seed: 1)
      let problem = RandomProblems.timed(
        RandomProblems.make(
          .init(categories: 2, placesPerCategory: 3, order: .any), using: &generator),
        using: &generator)
      let solution = AnyOrderSolver(problem: problem).solve(.top(1))
      let outcome = try Verifier.verify(problem: problem, selection: .top(1), solution: solution)
      #expect(outcome.summary == "not verified (any-order plans in time are not modelled)")
    }
  }
}
