import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// Every solver stops at its deadline or cancellation and says so, with the
/// plans it proved before (deadlines already passed, so nothing depends on
/// the machine's speed).
@Suite struct DeadlineTests {
  /// Three categories of 30 places: far more plans than a search expands
  /// between two readings of its deadline.
  static func problem(order: VisitOrder = .given) -> Problem {
    var generator = SplitMix64(seed: 5)
    return RandomProblems.make(
      .init(categories: 3, placesPerCategory: 30, order: order), using: &generator)
  }

  @Test func theOrderedSearchStopsAtAPassedDeadlineWithThePlansProven() {
    let problem = Self.problem()
    let all = OrderedSolver(problem: problem).solve(.top(20_000))
    #expect(all.complete && all.plans.count == 20_000)
    let cut = OrderedSolver(problem: problem).solve(
      .top(20_000), options: SolveOptions(timeLimit: .zero))
    #expect(!cut.complete && cut.optimal)
    #expect(cut.reason == Solution.stoppedReason)
    #expect(cut.plans.count < all.plans.count)
    #expect(cut.plans.map(\.objective) == all.plans.prefix(cut.plans.count).map(\.objective))
  }

  @Test func aCancelledSearchStops() throws {
    let cancellation = Cancellation()
    cancellation.cancel()
    let solution = try Planner.solve(
      Self.problem(), .top(20_000), options: SolveOptions(cancellation: cancellation))
    #expect(!solution.complete && solution.plans.count < 20_000)
  }

  @Test func thePlannerPassesItsOptionsToTheAnyOrderSolver() throws {
    let problem = Self.problem(order: .any)
    let exact = try Planner.solve(problem, .top(1))
    #expect(exact.solver == .anyOrderHeldKarp && exact.optimal)
    let late = try Planner.solve(problem, .top(1), options: SolveOptions(timeLimit: .zero))
    #expect(late.solver == .anyOrderHeuristic && !late.optimal)
  }
}
