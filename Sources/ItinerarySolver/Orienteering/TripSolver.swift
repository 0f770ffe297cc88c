import ItineraryCore

/// Chooses a trip for an exploring problem within a time limit: the
/// orienteering heuristic (`OrienteeringHeuristic`, the one the benchmark
/// files run) finds a good trip, then the exact labelling
/// (`TripLabelling`), pruned by it, proves it optimal or replaces it with
/// the optimum. When the proof runs out of time or memory, the best trip
/// found is returned, `optimal` false. Objectives leave the must bonus out
/// (`TripInstance.bonus(of:)`); a trip without every must place means no
/// trip with all of them was found (none exists when `optimal`).
public enum TripSolver {
  public struct Result: Sendable {
    /// One route a day, each stop a place and the category it fills.
    public var days: [[Plan.Stop]]
    public var objective: Double
    /// Each day's visits, as the trip lives them (a meal in its window).
    public var timelines: [Timeline]
    /// Each day's share of the objective, its variety penalty included.
    public var dayObjectives: [Double]
    /// Meals in meal windows their days cover whole, each worth `mealBonus`.
    public var meals: Int
    public var mealBonus: Double
    public var varietyPenalty: Double
    public var optimal: Bool
    /// Whether the solver ran to its end (false: the proof's work bound,
    /// the memory budget or the time limit stopped it; `work["deadline"]`
    /// is 1 when the time limit did).
    public var complete: Bool
    public var work: [String: Int]
  }

  /// Labels each search of the proof may make: the proof's work bound
  /// (about half a second on the embedded city), so that the same request
  /// gets the same trip on a quiet machine or a loaded one; the time limit
  /// is a safety net.
  static let labelBudget = 40_000

  /// Iterations of the heuristic in all, and without a better trip: its
  /// work bound, so that the same request gets the same trip on any machine.
  static let iterations = (most: 400, patience: 150)

  /// The best trip for `problem`: the heuristic's, or the proof's when it
  /// finds better, within work bounds (`iterations`, `labelBudget`)
  /// and, as a safety net, the options' time limit and memory.
  ///
  /// - Returns: `nil` when the problem is not an exploration with a time frame.
  /// - Complexity: bounded by the work bounds; see `OrienteeringHeuristic`
  ///   and `TripLabelling`.
  public static func solve(_ problem: Problem, options: SolveOptions = SolveOptions()) -> Result? {
    let deadline = options.deadline()
    guard let instance = TripInstance(problem) else { return nil }
    let heuristic = OrienteeringHeuristic(instance: instance).solve(
      seed: options.seed, until: deadline, patience: iterations.patience,
      maxIterations: iterations.most)
    // Earlier is better for the labels only without a wait cap: with one,
    // the proof is of the trip without it, a bound on the capped ones, and
    // holds when its trip waits within the cap or the heuristic's meets it.
    let exact = TripLabelling.solve(
      instance.uncapped, incumbent: heuristic.routes, deadline: deadline,
      maxLabels: labelBudget, memoryBudget: options.memoryBudget)
    let exactFits = instance.value(of: exact.routes) != nil
    let routes = exactFits && exact.value > heuristic.score ? exact.routes : heuristic.routes
    let proven =
      exact.proven && (exactFits || (instance.value(of: routes) ?? -.infinity) >= exact.value)
    var work = [
      "candidates": instance.vertexCount - 1, "iterations": heuristic.iterations,
      "labels": exact.labels,
    ]
    if !exact.proven && deadline.hasPassed { work["deadline"] = 1 }
    if exact.proven && !proven { work["uncappedBound"] = 1 }
    let days = (0..<instance.dayCount).map { day in
      (day < routes.count ? routes[day] : []).map { vertex in
        Plan.Stop(category: instance.categories[vertex], place: instance.places[vertex])
      }
    }
    let dayRoutes = (0..<instance.dayCount).map { $0 < routes.count ? routes[$0] : [] }
    let bonus = dayRoutes.reduce(0) { $0 + instance.bonus(of: $1) }
    return Result(
      days: days, objective: (instance.value(of: routes) ?? 0) - bonus,
      timelines: dayRoutes.enumerated().map { instance.timeline(of: $0.element, day: $0.offset) },
      dayObjectives: dayRoutes.enumerated().map {
        (instance.value(of: $0.element, day: $0.offset) ?? 0) - instance.bonus(of: $0.element)
      },
      meals: dayRoutes.enumerated().reduce(0) {
        $0 + instance.coveredMeals(of: $1.element, day: $1.offset)
      },
      mealBonus: instance.mealBonus, varietyPenalty: instance.varietyPenalty, optimal: proven,
      complete: exact.proven, work: work)
  }
}
