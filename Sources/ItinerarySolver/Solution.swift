import ItineraryCore

/// Which plans to return.
public enum Selection: Sendable, Equatable {
  /// The K plans of highest objective, distinct as stop sequences.
  case top(Int)
  /// The best plan, then each next best plan sharing at most `floor(k/2)`
  /// places with every plan before it, up to K plans.
  case diverse(Int)

  public var count: Int {
    switch self {
    case .top(let k), .diverse(let k): k
    }
  }
}

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
  public var solver: String
  /// Whether every plan is proven to be what the selection asks for.
  public var optimal: Bool
  /// Why there is no plan, when there is none.
  public var reason: String?
  /// Work counters that explain the running time (`distances`, `expanded`, ...).
  public var work: [String: Int]

  public init(
    plans: [Ranked], solver: String, optimal: Bool, reason: String? = nil,
    work: [String: Int] = [:]
  ) {
    self.plans = plans
    self.solver = solver
    self.optimal = optimal
    self.reason = reason
    self.work = work
  }
}
