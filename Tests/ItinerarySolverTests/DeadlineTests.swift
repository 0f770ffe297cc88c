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

  @Test func aSearchWithNoRoomGivesAnUnprovenPlan() throws {
    let problem = Self.problem()
    let solution = OrderedSolver(problem: problem).solve(
      .top(3), options: SolveOptions(memoryBudget: 0))
    #expect(!solution.optimal && !solution.complete)
    #expect(solution.reason == Solution.memoryReason)
    let plan = try #require(solution.plans.first)
    #expect(solution.plans.count == 1 && problem.isFeasible(plan.plan))
    #expect(plan.objective == problem.objective(of: plan.plan))
  }

  /// A budget too small for the distance matrix: the heuristic starts from
  /// the given order and still gives a real plan.
  @Test func anyOrderWithoutRoomForTheMatrixStillPlans() throws {
    let problem = Self.problem(order: .any)
    let solution = AnyOrderSolver(problem: problem, options: SolveOptions(memoryBudget: 64 << 10))
      .solve(.top(2))
    #expect(solution.solver == .anyOrderHeuristic && !solution.optimal)
    let plan = try #require(solution.plans.first)
    #expect(problem.isFeasible(plan.plan))
  }

  /// The distance matrix is priced under the clock too: a passed deadline
  /// stops it, and the any-order solver still plans, without it.
  @Test func theAnyOrderMatrixStopsAtAPassedDeadline() throws {
    let problem = Self.problem(order: .any)
    #expect(PlanningGraph(problem: problem) != nil)
    #expect(PlanningGraph(problem: problem, deadline: Deadline(after: .zero)) == nil)
    let solution = AnyOrderSolver(problem: problem, options: SolveOptions(timeLimit: .zero))
      .solve(.top(1))
    #expect(!solution.optimal && !solution.complete)
    let plan = try #require(solution.plans.first)
    #expect(problem.isFeasible(plan.plan))
  }

  /// One category asked for at every stop: any order is the given order, so
  /// the orders are merged; stopped before the first plan (no room for a
  /// partial plan), the merge still gives the ordered solver's unproven
  /// plan, and does not call it optimal.
  @Test(arguments: [Selection.top(3), .diverse(3)])
  func mergedOrdersStoppedAtOnceStillPlan(_ selection: Selection) throws {
    var problem = Self.problem(order: .any)
    let first = problem.categories[0]
    for index in problem.places.indices { problem.places[index].categories = [first] }
    problem.categories = Array(repeating: first, count: 5)
    let exact = AnyOrderSolver(problem: problem).solve(selection)
    #expect(exact.solver == .anyOrderByOrder && exact.optimal && exact.complete)
    let cut = AnyOrderSolver(problem: problem, options: SolveOptions(memoryBudget: 0))
      .solve(selection)
    #expect(cut.solver == .anyOrderByOrder && !cut.optimal && !cut.complete)
    #expect(cut.reason == Solution.memoryReason)
    let plan = try #require(cut.plans.first)
    #expect(problem.isFeasible(plan.plan) && Set(plan.plan.places).count == 5)
    #expect(plan.objective <= exact.plans[0].objective + 1e-9)
  }
}
