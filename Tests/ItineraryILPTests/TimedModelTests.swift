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

    /// Seeds 0..<25 of timed problems of `shape`, under a cap on single
    /// waits when `capped`.
    static func problems(_ shape: RandomProblems.Shape, capped: Bool) -> [(UInt64, Problem)] {
      print("TimedModelTests\(capped ? " wait cap" : ""): \(shape) seeds 0..<25")
      return (UInt64(0)..<25).map { seed in
        var generator = SplitMix64(seed: seed)
        let timed = RandomProblems.timed(
          RandomProblems.make(shape, using: &generator), using: &generator)
        return (seed, capped ? RandomProblems.capped(timed, using: &generator) : timed)
      }
    }

    @Test(arguments: shapes)
    func glpkAgreesWithTheSolver(shape: RandomProblems.Shape) throws {
      for (seed, problem) in Self.problems(shape, capped: false) {
        for selection in [Selection.top(3), .diverse(2)] {
          let solution = OrderedSolver(problem: problem).solve(selection)
          try GLPKTests.expectAgreement(problem, selection, solution, "seed \(seed):")
        }
      }
    }

    /// Under a cap on single waits, the model lets a visit begin later
    /// than it could so that the next is not reached too early, as the
    /// timeline's schedule within the cap does: an independent statement of
    /// the same rule.
    @Test(arguments: shapes)
    func underAWaitCapGLPKAgreesWithTheSolver(shape: RandomProblems.Shape) throws {
      for (seed, problem) in Self.problems(shape, capped: true) {
        let solution = OrderedSolver(problem: problem).solve(.top(2))
        try GLPKTests.expectAgreement(problem, .top(2), solution, "seed \(seed):")
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
