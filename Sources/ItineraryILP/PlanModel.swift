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

/// About how many columns the model of `problem` has, found before building
/// it: `OrderedModel` has one per eligible stop and one per leg between
/// consecutive layers, `AnyOrderModel` one per eligible pair and one per arc.
///
/// - Complexity: O(k + sum n_i), and O(sum n_i) more for the distinct places.
func estimatedColumns(of problem: Problem) -> Int {
  let eligible = problem.eligiblePlaces()
  let stops = eligible.reduce(0) { $0 + $1.count }
  switch problem.order {
  case .given:
    // Counts of places held in memory: their products cannot overflow.
    return stops + zip(eligible, eligible.dropFirst()).reduce(0) { $0 + $1.0.count * $1.1.count }
  case .any:
    let nodes = Set(eligible.joined()).count + 1
    return stops + nodes * nodes
  }
}
