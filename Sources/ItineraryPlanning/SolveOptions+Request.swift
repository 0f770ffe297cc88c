import ItineraryCore

extension SolveOptions {
  /// The solver options a request asks for: its time limit in seconds (else
  /// `defaultTimeLimit`), its seed (else 0) and its memory limit in
  /// megabytes (else `Defaults.memoryLimit`), all validated already.
  public init(
    timeLimit: Double?, orElse defaultTimeLimit: Double = Defaults.timeLimit, seed: Int?,
    memoryLimit: Double?, cancellation: Cancellation? = nil
  ) {
    let megabytes = memoryLimit ?? Defaults.memoryLimit
    self.init(
      timeLimit: .seconds(timeLimit ?? defaultTimeLimit), seed: UInt64(seed ?? 0),
      cancellation: cancellation, memoryBudget: Int((megabytes * 1_048_576).rounded()))
  }
}
