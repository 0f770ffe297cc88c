import ItineraryCore

/// What one solve of a plan model found.
enum ModelResult {
  /// The best plan the model admits, with GLPK's objective for it.
  case plan(Plan, objective: Double)
  /// The model admits no plan.
  case noPlan
  /// GLPK's time limit ran out first.
  case timeLimit
}

/// An integer program whose solutions are the plans of a problem, built once
/// and then narrowed by constraints between solves.
protocol PlanModel {
  /// The plan of highest objective among those the model still admits.
  func best(until deadline: ContinuousClock.Instant?) throws(ItineraryError) -> ModelResult

  /// Cuts off one plan, distinct as a sequence of places (a no-good constraint).
  /// The plan must be feasible.
  func exclude(_ plan: Plan)

  /// Admits from now on only plans that share at most `count` places with `plan`.
  /// The plan must be feasible.
  func limitShared(with plan: Plan, atMost count: Int)
}

/// The model of `problem` in its mode: `AnyOrderModel` or `OrderedModel`.
/// Build and use it inside `GLPK.serialized`.
func makePlanModel(for problem: Problem) -> any PlanModel {
  switch problem.order {
  case .given: OrderedModel(problem: problem)
  case .any: AnyOrderModel(problem: problem)
  }
}
