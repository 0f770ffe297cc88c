/// What an independent solver said of a solution.
public struct Verification: Sendable, Equatable {
  /// The independent solver (`glpk`).
  public var solver: SolverID
  /// Its objective for the best plan, when it found one in time.
  public var objective: Double?
  /// Whether it agrees with every plan checked.
  public var agrees: Bool
  /// Why it could not agree or disagree (`not verified (time limit)`), if so.
  public var note: String?

  public init(solver: SolverID, objective: Double?, agrees: Bool, note: String? = nil) {
    self.solver = solver
    self.objective = objective
    self.agrees = agrees
    self.note = note
  }
}
