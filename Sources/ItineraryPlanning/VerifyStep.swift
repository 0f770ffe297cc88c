import ItineraryCore
import ItineraryILP
import ItinerarySolver

/// `verify`: an answer cross-checked with GLPK, plan by plan or trip by trip.
enum VerifyStep {
  /// What the response reports of `answer` to `kind`: `nil` for the
  /// benchmark files, which GLPK does not model. A disagreement is reported
  /// with `agrees: false` and the difference in `note`, and the front end
  /// fails after showing it.
  ///
  /// - Complexity: integer programs, exponential in the worst case, within
  ///   `timeLimit` (default `Defaults.verifyTimeLimit`).
  static func run(
    _ kind: ProblemKind, _ answer: SolverAnswer, timeLimit: Double?, notify: (Notice) -> Void
  ) throws(ItineraryError) -> PlanResponse.VerifyReport? {
    switch (kind, answer) {
    case (.ordered(let problem, let selection), .plans(let solution)),
      (.anyOrder(let problem, let selection), .plans(let solution)):
      return try plans(problem, selection, solution, timeLimit: timeLimit, notify: notify)
    case (.trip(let problem), .trip(let trip)):
      return try self.trip(problem, trip, timeLimit: timeLimit, notify: notify)
    default: return nil
    }
  }

  /// The plans of a solution, each cross-checked with GLPK.
  private static func plans(
    _ problem: Problem, _ selection: Selection, _ solution: Solution, timeLimit: Double?,
    notify: (Notice) -> Void
  ) throws(ItineraryError) -> PlanResponse.VerifyReport {
    let seconds = timeLimit ?? Defaults.verifyTimeLimit
    let outcome = try Verifier.verify(
      problem: problem, selection: selection, solution: solution, timeLimit: .seconds(seconds))
    let verification = outcome.verification
    var note = verification.note
    let status: PlanResponse.VerifyReport.Status
    switch outcome.status {
    case .agreed: status = .agreed
    case .timeLimit:
      status = .unverified
      notify(.info("glpk: \(outcome.summary) after \(seconds) s"))
    case .tooLarge, .notModelled:
      status = .unverified
      notify(.info("glpk: \(outcome.summary)"))
    case .disagreed(let disagreement):
      status = .disagreed
      note = "verification failed: \(disagreement.message)"
    }
    return PlanResponse.VerifyReport(
      solver: verification.solver.rawValue, objective: verification.objective,
      agrees: verification.agrees, status: status, note: note)
  }

  /// A trip cross-checked with GLPK (`TripModel`): agreed when GLPK's best
  /// trip has the solver's objective; disagreed when GLPK finds more than a
  /// trip the solver proved best, or proves less than the solver's trip.
  ///
  /// - Complexity: one integer program, exponential in the worst case.
  private static func trip(
    _ problem: Problem, _ trip: TripSolver.Result, timeLimit: Double?,
    notify: (Notice) -> Void
  ) throws(ItineraryError) -> PlanResponse.VerifyReport {
    let seconds = timeLimit ?? Defaults.verifyTimeLimit
    let name = SolverID.glpk.rawValue
    guard let instance = TripInstance(problem) else {
      return PlanResponse.VerifyReport(
        solver: name, objective: nil, agrees: false, status: .unverified, note: "not a trip")
    }
    let outcome = try TripModel.best(
      instance, until: ContinuousClock.now.advanced(by: .seconds(seconds)))
    func unverified(_ note: String) -> PlanResponse.VerifyReport {
      notify(.info("glpk: \(note)"))
      return PlanResponse.VerifyReport(
        solver: name, objective: nil, agrees: false, status: .unverified, note: note)
    }
    switch outcome {
    case .tooLarge:
      return unverified(
        "\(instance.vertexCount - 1) places, more than the \(TripModel.maxPlaces) the model is built for"
      )
    case .timeLimit:
      return unverified("the time limit ran out after \(seconds) s")
    case .optimal(let routes, let objective):
      let tolerance = 1e-6 * max(1, abs(objective))
      if abs(objective - trip.objective) <= tolerance {
        return PlanResponse.VerifyReport(
          solver: name, objective: objective, agrees: true, status: .agreed, note: nil)
      }
      let replayed = instance.value(of: routes).map { String(format: "%.6f", $0) } ?? "infeasible"
      let difference =
        "GLPK's best trip has objective \(objective) (lived through: \(replayed)), "
        + "the solver's \(trip.objective)"
      if objective > trip.objective && !trip.optimal {
        return PlanResponse.VerifyReport(
          solver: name, objective: objective, agrees: false, status: .unverified,
          note: "\(difference): the solver's trip was not proven best")
      }
      return PlanResponse.VerifyReport(
        solver: name, objective: objective, agrees: false, status: .disagreed,
        note: "verification failed: \(difference)")
    }
  }
}

extension PlanResponse {
  /// The failure a response carries: GLPK disagreed with the solver.
  public var disagreement: ItineraryError? {
    guard let verify, verify.status == .disagreed else { return nil }
    return ItineraryError(.failure, verify.note ?? "verification failed")
  }
}
