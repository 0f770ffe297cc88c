import ItineraryCore

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

  /// The most cells the exact table over subsets may have under `options`:
  /// a quarter of the memory budget, at 8 bytes a cell.
  public static func maxCells(for options: SolveOptions) -> Int {
    options.memoryBudget / 4 / MemoryLayout<Double>.size
  }

  /// The most cells under the default budget (16 million: 128 MB).
  public static let defaultMaxCells = maxCells(for: SolveOptions())

  /// The best tour found within the options' time limit, with their seed
  /// (the same seed gives the same tour).
  ///
  /// - Parameter maxCells: the most cells the exact table may have (8 bytes
  ///   each); by default `maxCells(for: options)`.
  /// - Complexity: bounded by the time limit; see `GTSPHeuristic` and
  ///   `ClusterHeldKarp` for the work of each part.
  public static func solve(
    _ instance: GTSPInstance, options: SolveOptions = SolveOptions(),
    maxCells: Int? = nil
  ) -> Result {
    let maxCells = maxCells ?? Self.maxCells(for: options)
    let deadline = options.deadline()
    let exactFits = ClusterHeldKarp.fits(instance, maxCells: maxCells)
    // When a proof may follow, the heuristic leaves it half of the time.
    let heuristic = GTSPHeuristic(instance: instance).solve(
      seed: options.seed, until: exactFits ? deadline.fraction(0.5) : deadline)
    guard exactFits,
      let exact = ClusterHeldKarp.solve(
        instance, incumbent: heuristic.tour, maxCells: maxCells, deadline: deadline)
    else { return Result(tour: heuristic.tour, heuristic: heuristic, exactCompleted: false) }
    return Result(tour: exact, heuristic: heuristic, exactCompleted: true)
  }
}
