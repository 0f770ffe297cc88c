import ItineraryCore

/// The integer programs solved on their own: the best plan by GLPK alone,
/// without a fast solver to check. The benchmarks measure the dynamic
/// program against it.
package enum GLPKSolver {
  /// The best plan of `problem`, found by building its model (`OrderedModel`,
  /// or `AnyOrderModel` in any-order mode) and solving it once.
  ///
  /// GLPK runs under a global lock: concurrent calls wait for each other,
  /// and the wait counts against the time limit.
  ///
  /// - Parameters:
  ///   - problem: the problem, in ordered or any-order mode.
  ///   - timeLimit: how long GLPK may take, or `nil` for no limit.
  /// - Returns: the best plan with GLPK's objective for it, or `nil` when the
  ///   problem admits no plan.
  /// - Throws: `ItineraryError` when the problem is invalid, when GLPK fails,
  ///   or when the time limit runs out before the optimum is proven.
  /// - Complexity: one integer program, exponential in the worst case; the
  ///   model has O(sum n_i * n_(i+1)) variables in ordered mode and O(m^2)
  ///   for m eligible places in any-order mode.
  package static func bestPlan(
    problem: Problem, timeLimit: Duration? = nil
  ) throws(ItineraryError) -> (plan: Plan, objective: Double)? {
    try problem.validate()
    let deadline = timeLimit.map { ContinuousClock.now.advanced(by: $0) }
    let result = try GLPK.serialized { () throws(ItineraryError) -> ModelResult in
      try makePlanModel(for: problem).best(until: deadline)
    }
    switch result {
    case .plan(let plan, let objective): return (plan, objective)
    case .noPlan: return nil
    case .timeLimit:
      throw ItineraryError(.failure, "GLPK: the time limit ran out before the best plan was proven")
    }
  }
}
