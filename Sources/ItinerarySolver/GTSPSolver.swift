/// Solves a GTSP instance as well as it can within a time limit: the
/// heuristic finds a good tour, then, when its table fits, the exact dynamic
/// program (`ClusterHeldKarp`), pruned by that tour, proves it optimal or
/// replaces it with the optimum.
public enum GTSPSolver {
  public struct Result: Sendable {
    /// The best tour, with `optimal` true only when proven.
    public var tour: GTSPTour
    public var heuristic: GTSPHeuristic.Result
    /// Whether the exact program ran to completion.
    public var exactCompleted: Bool
  }

  /// The best tour found within `timeLimit`.
  ///
  /// - Parameters:
  ///   - seed: the heuristic's seed; the same seed gives the same tour.
  ///   - maxCells: the most cells the exact table may have (8 bytes each).
  /// - Complexity: bounded by `timeLimit`; see `GTSPHeuristic` and
  ///   `ClusterHeldKarp` for the work of each part.
  public static func solve(
    _ instance: GTSPInstance, timeLimit: Duration, seed: UInt64 = 0,
    maxCells: Int = 1 << 24
  ) -> Result {
    let clock = ContinuousClock()
    let deadline = clock.now + timeLimit
    let exactFits = ClusterHeldKarp.fits(instance, maxCells: maxCells)
    // When a proof may follow, the heuristic leaves it half of the time.
    let heuristic = GTSPHeuristic(instance: instance).solve(
      seed: seed, timeLimit: exactFits ? timeLimit / 2 : timeLimit)
    guard exactFits,
      let exact = ClusterHeldKarp.solve(
        instance, incumbent: heuristic.tour, maxCells: maxCells, deadline: deadline)
    else { return Result(tour: heuristic.tour, heuristic: heuristic, exactCompleted: false) }
    return Result(tour: exact, heuristic: heuristic, exactCompleted: true)
  }
}
