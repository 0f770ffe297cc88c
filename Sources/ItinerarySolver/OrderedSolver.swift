import ItineraryCore

/// The exact solver for ordered plans: stop `i` fills category `i`.
///
/// One dynamic program over the category layers (`CompletionValues`) gives
/// every candidate its best completion; a best-first search (`PlanSearch`)
/// then reads the plans off in order of objective. The search enforces what
/// the dynamic program relaxes (a place fills one stop) and what diversity
/// demands, so the answers stay exact with places in several categories.
/// Legs are great-circle distances on a spatial index, or the problem's road
/// table when it has one.
///
/// With a time frame, places that can never be visited in time are left out
/// of the layers, and the search checks every prefix's timeline, dropping
/// those that do not fit and taking the price of their waiting off their
/// priority: the timeless values stay an upper bound, so the plans stay exact.
public struct OrderedSolver {
  /// The dynamic program under the problem's metric.
  private enum Values {
    case sphere(CompletionValues<SphereMetric>)
    case roads(CompletionValues<RoadTable>)
  }

  private let problem: Problem
  private let categoryOrder: [Int]
  private let values: Values
  private let timing: Timing?
  /// The places each category can take (fewer than eligible, in time).
  private let eligible: [[Int]]

  /// - Parameter categoryOrder: the order in which to visit the problem's
  ///   categories (its own order by default).
  /// - Complexity: that of the dynamic program, see `CompletionValues`.
  public init(problem: Problem, categoryOrder: [Int]? = nil) {
    self.init(problem: problem, categoryOrder: categoryOrder, timing: Timing(problem))
  }

  /// - Parameter timing: the problem's timing, shared between solvers.
  init(problem: Problem, categoryOrder: [Int]?, timing: Timing?) {
    self.problem = problem
    self.categoryOrder = categoryOrder ?? Array(problem.categories.indices)
    self.timing = timing
    let eligible = timing?.eligiblePlaces() ?? problem.eligiblePlaces()
    self.eligible = eligible
    if let roads = problem.roads {
      values = .roads(
        CompletionValues(
          problem: problem, metric: roads, categoryOrder: categoryOrder, eligible: eligible))
    } else {
      values = .sphere(
        CompletionValues(
          problem: problem, metric: SphereMetric(problem), categoryOrder: categoryOrder,
          eligible: eligible))
    }
  }

  /// The plans the selection asks for, best first; past the options'
  /// deadline, the plans proven so far (`complete` false).
  ///
  /// - Complexity: O(k * (P + R) * C) after the dynamic program, for P plans
  ///   produced, R prefixes rejected on the way and C the cost of a cursor
  ///   step, O(log n) on the sphere (see `PlanSearch`).
  public func solve(_ selection: Selection, options: SolveOptions = SolveOptions()) -> Solution {
    solve(selection, after: [], deadline: options.deadline())
  }

  /// The plans the selection asks for; diverse plans continue after `earlier`
  /// (found some other way), which are kept as the first plans.
  func solve(_ selection: Selection, after earlier: [Solution.Ranked], deadline: Deadline)
    -> Solution
  {
    if let reason = problem.missingCategoryReason() ?? timing?.closedCategoryReason(eligible) {
      return Solution(plans: [], solver: .orderedDP, optimal: true, reason: reason)
    }
    switch values {
    case .sphere(let values): return solve(selection, values, after: earlier, deadline: deadline)
    case .roads(let values): return solve(selection, values, after: earlier, deadline: deadline)
    }
  }

  private func solve<Metric: LayerMetric>(
    _ selection: Selection, _ values: CompletionValues<Metric>, after earlier: [Solution.Ranked],
    deadline: Deadline
  ) -> Solution {
    var found: [Solution.Ranked] = []
    var expanded = 0
    var timedOut = false
    switch selection {
    case .top(let count):
      var search = PlanSearch(values: values, deadline: deadline, cost: prefixCost)
      while found.count < count, let next = search.next() {
        found.append(ranked(next.places))
      }
      expanded = search.expanded
      timedOut = search.timedOut
    case .diverse(let count):
      let diversity = Diversity(stopCount: problem.categories.count)
      found = earlier
      while found.count < count {
        let earlier = found.map { Set($0.plan.places) }
        var search = PlanSearch(values: values, deadline: deadline, cost: prefixCost) { prefix in
          diversity.admits(prefix, after: earlier)
        }
        let next = search.next()
        expanded += search.expanded
        timedOut = search.timedOut
        guard let next else { break }
        found.append(ranked(next.places))
      }
    }
    let reason =
      timedOut
      ? Solution.stoppedReason : found.isEmpty ? timing?.noPlanReason ?? problem.noPlanReason : nil
    return Solution(
      plans: found, solver: .orderedDP, optimal: true, complete: !timedOut, reason: reason,
      work: ["distances": values.evaluations, "expanded": expanded]
    )
  }

  private func ranked(_ places: [Int]) -> Solution.Ranked {
    let plan = Plan(stops: stops(places))
    return Solution.Ranked(
      plan: plan, objective: timing?.objective(of: plan) ?? problem.timelessObjective(of: plan))
  }

  private func stops(_ places: [Int]) -> [Plan.Stop] {
    zip(categoryOrder, places).map { Plan.Stop(category: $0, place: $1) }
  }

  /// The price of a prefix's waiting, or `nil` when it does not fit in time;
  /// nothing without a time frame.
  private func prefixCost(_ places: [Int]) -> Double? {
    guard let timing else { return 0 }
    return timing.progress(of: stops(places), isComplete: places.count == categoryOrder.count)?
      .waitCost
  }
}

extension Problem {
  /// Why a solver found no plan although every category has a candidate.
  var noPlanReason: String {
    roads == nil
      ? "no plan fills every stop with a different place"
      : "no plan fills every stop with a different place with a road along every leg"
  }
}
