/// What a solver found.
public struct Solution: Sendable {
  public struct Ranked: Sendable, Equatable {
    public var plan: Plan
    public var objective: Double

    public init(plan: Plan, objective: Double) {
      self.plan = plan
      self.objective = objective
    }
  }

  /// Best first.
  public var plans: [Ranked]
  public var solver: SolverID
  /// Whether every plan is proven to be what the selection asks for.
  public var optimal: Bool
  /// Whether the solver ran to its end: `false` when its deadline or a
  /// cancellation stopped it, the plans then being those found before.
  public var complete: Bool
  /// Why there is no plan, or fewer than asked, when so.
  public var reason: String?
  /// Work counters that explain the running time (`distances`, `expanded`, ...).
  public var work: [String: Int]

  public init(
    plans: [Ranked], solver: SolverID, optimal: Bool, complete: Bool = true,
    reason: String? = nil, work: [String: Int] = [:]
  ) {
    self.plans = plans
    self.solver = solver
    self.optimal = optimal
    self.complete = complete
    self.reason = reason
    self.work = work
  }

  /// The reason given when the deadline or a cancellation stopped a solver.
  public static let stoppedReason = "stopped at the time limit"
  /// The reason given when a solver would have needed more memory than its budget.
  public static let memoryReason = "stopped at the memory budget"
}
