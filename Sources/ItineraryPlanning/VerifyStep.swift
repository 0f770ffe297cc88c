import ItineraryCore
import ItineraryILP

/// `verify`: the plans cross-checked with GLPK, plan by plan.
enum VerifyStep {
  /// - Returns: what the response reports; a disagreement is reported with
  ///   `agrees: false` and the difference in `note`, and the front end fails
  ///   after showing it.
  static func run(
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
    case .notModelled:
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
}

extension PlanResponse {
  /// The failure a response carries: GLPK disagreed with the solver.
  public var disagreement: ItineraryError? {
    guard let verify, verify.status == .disagreed else { return nil }
    return ItineraryError(.failure, verify.note ?? "verification failed")
  }
}
