import ItineraryCore

/// Chooses a trip for an exploring problem within a time limit: the
/// heuristic (`TripSearch`) finds a good trip, then the exact labelling
/// (`TripLabelling`), pruned by it, proves it optimal or replaces it with
/// the optimum. When the proof runs out of time or memory, the best trip
/// found is returned, `optimal` false.
public enum TripSolver {
  public struct Result: Sendable {
    /// One route a day, each stop a place and the category it fills.
    public var days: [[Plan.Stop]]
    public var objective: Double
    public var optimal: Bool
    /// Whether the solver ran to its end (false: the time limit or the
    /// memory budget stopped the proof).
    public var complete: Bool
    public var work: [String: Int]
  }

  /// The share of the time limit the heuristic has before the proof, when
  /// the places are few enough that the proof is likely to end.
  static let heuristicShare = 0.3
  /// Up to this many vertices the heuristic has its share of the time;
  /// beyond, it has all of it, and the proof only what it leaves when it
  /// stops improving sooner.
  static let fewVertices = 256
  /// Bytes one label of the exact method takes, with its queue entry and
  /// place in the dominance lists.
  static let bytesPerLabel = 160

  /// The best trip for `problem` within the options' time limit and memory.
  ///
  /// - Returns: `nil` when the problem is not an exploration with a time frame.
  /// - Complexity: bounded by the time limit; see `TripSearch` and `TripLabelling`.
  public static func solve(_ problem: Problem, options: SolveOptions = SolveOptions()) -> Result? {
    let deadline = options.deadline()
    guard let instance = TripInstance(problem) else { return nil }
    let few = instance.vertexCount <= fewVertices
    let heuristic = TripSearch(instance: instance).solve(
      seed: options.seed, until: few ? deadline.fraction(heuristicShare) : deadline)
    let exact = TripLabelling.solve(
      instance, incumbent: heuristic.routes, deadline: deadline,
      maxLabels: max(1, options.memoryBudget / bytesPerLabel))
    let routes = exact.value > heuristic.value ? exact.routes : heuristic.routes
    let days = (0..<instance.dayCount).map { day in
      (day < routes.count ? routes[day] : []).map { vertex in
        Plan.Stop(category: instance.categories[vertex], place: instance.places[vertex])
      }
    }
    return Result(
      days: days, objective: instance.value(of: routes) ?? 0, optimal: exact.proven,
      complete: exact.proven,
      work: [
        "candidates": instance.vertexCount - 1, "rounds": heuristic.rounds,
        "labels": exact.labels,
      ])
  }
}
