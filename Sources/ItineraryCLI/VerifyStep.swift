import ItineraryCore
import ItineraryILP
import ItinerarySolver

/// `--verify`: cross-checks a command's plans with GLPK.
enum VerifyStep {
  static let options: [Arguments.Option] = [.flag("verify"), .value("verify-time-limit")]

  static let help = """
      --verify                 cross-check the plans with GLPK (an integer program);
                               a disagreement is an error (exit 1)
      --verify-time-limit S    seconds GLPK may take (default 60); past it the
                               plans are reported as not verified
    """

  /// The default time GLPK may take, in seconds.
  static let defaultTimeLimit = 60.0

  /// Verifies `solution` when `--verify` is given, telling standard error
  /// when the plans could not be verified.
  ///
  /// - Returns: what to print in the report, and the disagreement to fail
  ///   with after printing it, if any.
  static func run(
    _ arguments: Arguments, problem: Problem, selection: Selection, solution: Solution,
    terminal: Terminal
  ) throws(ItineraryError) -> (verification: Verification?, failure: ItineraryError?) {
    guard arguments.has("verify") else { return (nil, nil) }
    let seconds =
      try arguments.number("verify-time-limit", minimum: .leastNonzeroMagnitude)
      ?? defaultTimeLimit
    let outcome = try Verifier.verify(
      problem: problem, selection: selection, solution: solution, timeLimit: .seconds(seconds))
    switch outcome.status {
    case .agreed:
      return (outcome.verification, nil)
    case .timeLimit:
      terminal.writeError("glpk: \(outcome.summary) after \(seconds) s\n")
      return (outcome.verification, nil)
    case .tooLarge:
      terminal.writeError("glpk: \(outcome.summary)\n")
      return (outcome.verification, nil)
    case .disagreed(let disagreement):
      return (
        outcome.verification,
        ItineraryError(.failure, "verification failed: \(disagreement.message)")
      )
    }
  }
}
