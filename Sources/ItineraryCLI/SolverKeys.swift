import ItineraryCore
import ItineraryPlanning

/// The keys `plan` (and `explore`) and `solve` share, read from the same
/// flags into a `PlanRequest` or a `SolveSettings`: which plans the solver
/// returns, and how long and with what it may solve.
protocol SolverKeys {
  var top: Int? { get set }
  var exact: Bool? { get set }
  var diverse: Bool? { get set }
  var roundTrip: Bool? { get set }
  var anyOrder: Bool? { get set }
  var timeLimit: Double? { get set }
  var memoryLimit: Double? { get set }
  var seed: Int? { get set }
  var verify: Bool? { get set }
  var verifyTimeLimit: Double? { get set }
}

extension PlanRequest: SolverKeys {}
extension SolveSettings: SolverKeys {}

extension ParsedArguments {
  /// Which plans: `--top`, `--exact`, `--diverse`, `--round-trip`, `--any-order`.
  func readPlanSelection(into keys: inout some SolverKeys) throws(ItineraryError) {
    keys.top = try integer(Options.top)
    keys.exact = flag(Options.exact)
    keys.diverse = flag(Options.diverse)
    keys.roundTrip = flag(Options.roundTrip)
    keys.anyOrder = flag(Options.anyOrder)
  }

  /// How long and with what the solver may solve, and the cross-check:
  /// `timeLimit` (the command's own), `--memory-limit`, `--seed`, `--verify`,
  /// `--verify-time-limit`.
  func readSolveLimits(into keys: inout some SolverKeys, timeLimit: Option)
    throws(ItineraryError)
  {
    keys.timeLimit = try number(timeLimit)
    keys.memoryLimit = try number(Options.memoryLimit)
    keys.seed = try integer(Options.seed)
    keys.verify = flag(Options.verify)
    keys.verifyTimeLimit = try number(Options.verifyTimeLimit)
  }
}
