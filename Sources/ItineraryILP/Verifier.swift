import ItineraryCore

/// Where a solver's answer and GLPK's differ.
public struct Disagreement: Sendable, Equatable {
  /// The plan at which they differ, from 1.
  public var rank: Int
  /// The solver's plan at that rank, or `nil` when it gave fewer plans.
  public var solverPlan: Plan?
  public var solverObjective: Double?
  /// GLPK's plan at that rank, or `nil` when it found none.
  public var glpkPlan: Plan?
  public var glpkObjective: Double?
  /// Both objectives and both plans, with place ids, in one line.
  public var message: String
}

/// Cross-checks the plans of a fast solver with an integer program solved by
/// GLPK, plan by plan.
///
/// For plan 1 GLPK solves the model as it is. For plan j + 1 it solves it
/// again with what the selection rules out given plans 1 ... j of the solver:
/// those plans themselves for the top K (no-good constraints), and every plan
/// sharing more places with one of them than `Diversity` allows for diverse
/// plans.
/// Each time the optimum must equal the solver's plan j + 1 within 1e-6
/// relative (of the larger magnitude, and at least 1e-6 absolute, so that
/// objectives near zero compare sensibly). When the solver gave fewer plans
/// than asked, GLPK must find no further plan. The solver's plans must also
/// be feasible, distinct, diverse when asked, and carry their true objective.
public enum Verifier {
  /// The relative tolerance within which two objectives agree.
  public static let tolerance = 1e-6
  /// The most columns a model may have; a larger one is not built (GLPK
  /// takes a few hundred bytes a column with its nonzeros).
  public static let maximumColumns = 2_000_000

  /// The outcome of a cross-check.
  public struct Outcome: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
      /// GLPK found the same objective for every plan.
      case agreed
      /// GLPK and the solver differ; the first difference.
      case disagreed(Disagreement)
      /// GLPK's time limit ran out before it proved every plan: not verified.
      case timeLimit
      /// The model would be too large to build: not verified.
      case tooLarge
      /// The problem has what the models do not express: not verified.
      case notModelled(String)
    }

    /// The name of the checking solver, as the documented `verify` block gives it.
    public static let solver = SolverID.glpk
    /// GLPK's objective for the best plan, or `nil` when it found no plan or
    /// ran out of time first.
    public var objective: Double?
    public var status: Status

    /// Whether the plans are verified: `false` on a time limit as well.
    public var agrees: Bool { status == .agreed }

    /// One line for people: "agrees", "not verified (time limit)", or what differs.
    public var summary: String {
      switch status {
      case .agreed: "agrees"
      case .timeLimit: "not verified (time limit)"
      case .tooLarge: "not verified (too large)"
      case .notModelled(let what): "not verified (\(what) are not modelled)"
      case .disagreed(let disagreement): "disagrees: \(disagreement.message)"
      }
    }

    /// The documented `verify` block.
    public var verification: Verification {
      Verification(
        solver: Self.solver, objective: objective, agrees: agrees,
        note: agrees ? nil : summary)
    }
  }

  /// Verifies `solution`, the answer of a solver to `selection` on `problem`.
  ///
  /// GLPK runs under a global lock: concurrent calls wait for each other.
  ///
  /// - Parameters:
  ///   - problem: the problem, in ordered or any-order mode.
  ///   - selection: what the solver was asked for.
  ///   - solution: what it answered.
  ///   - timeLimit: how long GLPK may take in all, or `nil` for no limit.
  ///   - maximumColumns: the largest model to build.
  /// - Returns: agreement, the first disagreement, a time limit, or a model
  ///   too large to build (estimated before building).
  /// - Throws: `ItineraryError` when the problem is invalid or GLPK fails.
  /// - Complexity: one integer program per plan, each exponential in the
  ///   worst case; the model has O(sum n_i * n_(i+1)) variables in ordered
  ///   mode and O(m^2) for m eligible places in any-order mode.
  public static func verify(
    problem: Problem, selection: Selection, solution: Solution, timeLimit: Duration? = nil,
    maximumColumns: Int = Verifier.maximumColumns
  ) throws(ItineraryError) -> Outcome {
    try problem.validate()
    if estimatedColumns(of: problem) > maximumColumns {
      return Outcome(objective: nil, status: .tooLarge)
    }
    if problem.time != nil && problem.order == .any {
      return Outcome(objective: nil, status: .notModelled("any-order plans in time"))
    }
    let deadline = timeLimit.map { ContinuousClock.now.advanced(by: $0) }
    return try GLPK.serialized { () throws(ItineraryError) -> Outcome in
      try check(
        problem: problem, selection: selection, plans: solution.plans,
        model: makePlanModel(for: problem), deadline: deadline)
    }
  }

  private static func check(
    problem: Problem, selection: Selection, plans: [Solution.Ranked], model: any PlanModel,
    deadline: ContinuousClock.Instant?
  ) throws(ItineraryError) -> Outcome {
    var verification = Outcome(objective: nil, status: .agreed)
    let diversity = Diversity(stopCount: problem.categories.count)
    for rank in 0..<max(selection.count, 0) {
      let claimed = rank < plans.count ? plans[rank] : nil
      if let claimed, let flaw = flaw(of: claimed, rank: rank, among: plans, problem, selection) {
        verification.status = .disagreed(
          disagreement(rank, (claimed.plan, claimed.objective), nil, problem, reason: flaw))
        return verification
      }
      let found: (plan: Plan, objective: Double)?
      switch try model.best(until: deadline) {
      case .timeLimit:
        verification.status = .timeLimit
        return verification
      case .noPlan: found = nil
      case .plan(let plan, let objective): found = (plan, objective)
      }
      if rank == 0 { verification.objective = found?.objective }
      switch (claimed, found) {
      case (nil, nil): return verification
      case (let claimed?, let found?) where agree(claimed.objective, found.objective): break
      default:
        let solver = claimed.map { ($0.plan, $0.objective) }
        verification.status = .disagreed(disagreement(rank, solver, found, problem, reason: nil))
        return verification
      }
      guard let claimed else { return verification }
      switch selection {
      case .top: model.exclude(claimed.plan)
      case .diverse: model.limitShared(with: claimed.plan, atMost: diversity.maximumShared)
      }
    }
    return verification
  }

  /// Whether two objectives are equal within `tolerance`.
  package static func agree(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
  }

  /// What is wrong with the solver's plan at `rank` on its own, or `nil`.
  private static func flaw(
    of ranked: Solution.Ranked, rank: Int, among plans: [Solution.Ranked], _ problem: Problem,
    _ selection: Selection
  ) -> String? {
    guard problem.isFeasible(ranked.plan) else { return "the solver's plan is not feasible" }
    let objective = problem.objective(of: ranked.plan)
    guard agree(objective, ranked.objective) else {
      return "the solver's plan has objective \(objective), not \(ranked.objective)"
    }
    let earlier = plans.prefix(rank).map(\.plan.places)
    if earlier.contains(ranked.plan.places) {
      return "the solver gave the same plan twice"
    }
    if case .diverse = selection {
      let diversity = Diversity(stopCount: problem.categories.count)
      if !diversity.admits(ranked.plan.places, after: earlier) {
        return
          "the solver's plan shares more than \(diversity.maximumShared) places with an earlier plan"
      }
    }
    return nil
  }

  private static func disagreement(
    _ rank: Int, _ claimed: (plan: Plan, objective: Double)?,
    _ found: (plan: Plan, objective: Double)?, _ problem: Problem,
    reason: String?
  ) -> Disagreement {
    func describe(_ ranked: (plan: Plan, objective: Double)?) -> String {
      guard let ranked else { return "no plan" }
      let stops = ranked.plan.stops.map { stop in
        let place =
          problem.places.indices.contains(stop.place)
          ? problem.places[stop.place].id : "#\(stop.place)"
        let category =
          problem.categories.indices.contains(stop.category)
          ? problem.categories[stop.category] : "#\(stop.category)"
        return "\(place) (\(category))"
      }
      return "objective \(ranked.objective) with [\(stops.joined(separator: ", "))]"
    }
    var message = "plan \(rank + 1): solver \(describe(claimed))"
    if let reason { message += ": \(reason)" } else { message += "; glpk \(describe(found))" }
    return Disagreement(
      rank: rank + 1, solverPlan: claimed?.plan, solverObjective: claimed?.objective,
      glpkPlan: found?.plan, glpkObjective: found?.objective, message: message)
  }
}
