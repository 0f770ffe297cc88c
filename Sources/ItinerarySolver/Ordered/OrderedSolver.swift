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
  private let plainExpansions: Int?
  private let timing: Timing?
  /// The places each category can take (fewer than eligible, in time).
  private let eligible: [[Int]]
  /// Why no plan exists, when a category has no place it can take.
  private let emptyCategoryReason: String?

  /// - Parameters:
  ///   - categoryOrder: the order in which to visit the problem's categories
  ///     (its own order by default).
  ///   - plainExpansions: how many partial plans to expand on the plain
  ///     program's bound before starting over on the tightened one (by
  ///     default `defaultPlainExpansions` and `expansionsPerPlan` per plan).
  /// - Complexity: that of the dynamic program, see `CompletionValues`.
  public init(problem: Problem, categoryOrder: [Int]? = nil) {
    self.init(
      problem: problem, categoryOrder: categoryOrder, plainExpansions: nil,
      timing: Timing(problem))
  }

  /// - Parameter timing: the problem's timing, shared between solvers.
  init(problem: Problem, categoryOrder: [Int]?, timing: Timing?) {
    self.init(
      problem: problem, categoryOrder: categoryOrder, plainExpansions: nil, timing: timing)
  }

  init(problem: Problem, categoryOrder: [Int]?, plainExpansions: Int?) {
    self.init(
      problem: problem, categoryOrder: categoryOrder, plainExpansions: plainExpansions,
      timing: Timing(problem))
  }

  init(problem: Problem, categoryOrder: [Int]?, plainExpansions: Int?, timing: Timing?) {
    self.problem = problem
    self.plainExpansions = plainExpansions
    self.categoryOrder = categoryOrder ?? Array(problem.categories.indices)
    self.timing = timing
    let all = problem.eligiblePlaces()
    let eligible = timing?.eligiblePlaces(among: all) ?? all
    self.eligible = eligible
    emptyCategoryReason =
      problem.missingCategoryReason(all) ?? timing?.impossibleReason(eligible, among: all)
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

  /// How many partial plans the search expands on the plain program's bound,
  /// plus `expansionsPerPlan` for each plan asked for, before it starts over
  /// on the tightened one (`PlacePenalties.tightened`) when places are
  /// eligible for several stops: most problems finish well within it.
  static let defaultPlainExpansions = 16_384
  static let expansionsPerPlan = 64

  /// About how many bytes one partial plan of the search takes, with its
  /// share of the cursors' queues and the arrays' spare capacity: the memory
  /// budget's unit. Measured: eight stops of one category with budgets of
  /// 50 to 200 MB grew the process by 1.2 times the budget at 512.
  static let bytesPerPartialPlan = 640

  /// The plans the selection asks for, best first; past the options'
  /// deadline, the plans proven so far (`complete` false).
  ///
  /// - Complexity: O(k * (P + R) * C) after the dynamic program, for P plans
  ///   produced, R prefixes rejected on the way and C the cost of a cursor
  ///   step, O(log n) on the sphere (see `PlanSearch`).
  public func solve(_ selection: Selection, options: SolveOptions = SolveOptions()) -> Solution {
    solve(
      selection, after: [], deadline: options.deadline(),
      maxNodes: options.memoryBudget / Self.bytesPerPartialPlan)
  }

  /// The plans the selection asks for; diverse plans continue after `earlier`
  /// (found some other way), which are kept as the first plans.
  func solve(
    _ selection: Selection, after earlier: [Solution.Ranked], deadline: Deadline,
    maxNodes: Int = .max
  ) -> Solution {
    if let reason = emptyCategoryReason {
      return Solution(plans: [], solver: .orderedDP, optimal: true, reason: reason)
    }
    switch values {
    case .sphere(let values):
      return solve(selection, values, after: earlier, deadline: deadline, maxNodes: maxNodes)
    case .roads(let values):
      return solve(selection, values, after: earlier, deadline: deadline, maxNodes: maxNodes)
    }
  }

  /// The search on the plain program, then, when it runs long and places
  /// are eligible for several stops, again on the tightened program.
  private func solve<Metric: LayerMetric>(
    _ selection: Selection, _ plain: CompletionValues<Metric>, after earlier: [Solution.Ranked],
    deadline: Deadline, maxNodes: Int
  ) -> Solution {
    if let empty = plain.layers.firstIndex(where: \.isEmpty) {
      let reason = "no place is eligible for category '\(problem.categories[categoryOrder[empty]])'"
      return Solution(plans: [], solver: .orderedDP, optimal: true, reason: reason)
    }
    let escalation =
      plain.sharesPlaces
      ? plainExpansions ?? Self.defaultPlainExpansions + Self.expansionsPerPlan * selection.count
      : .max
    var values = plain
    var run = search(selection, plain, after: earlier, deadline, maxNodes, escalation)
    var distances = plain.evaluations
    if run.stop == .expansions {
      values = PlacePenalties.tightened(
        problem: problem, metric: plain.metric, categoryOrder: categoryOrder, eligible: eligible,
        deadline: deadline)
      let expandedBefore = run.expanded
      run = search(selection, values, after: earlier, deadline, maxNodes, .max)
      run.expanded += expandedBefore
      distances += values.evaluations
    }
    let work = ["distances": distances, "expanded": run.expanded]
    let noPlan = timing?.noPlanReason ?? problem.noPlanReason
    let reason = run.stop?.reason ?? (run.found.isEmpty ? noPlan : nil)
    // Stopped before the first plan: a real plan, unproven, read greedily
    // along the values or the relaxed best plan with its repeated places
    // moved to others, the better one; none at all when no assignment gives
    // every stop a place of its own.
    if run.found.isEmpty, run.stop != nil {
      let relaxed = values.relaxedBest()?.places ?? []
      let preferred = values.layers.indices.map { relaxed.indices.contains($0) ? relaxed[$0] : nil }
      guard let matched = PlaceMatching.assign(eligible: values.layers, preferred: preferred) else {
        return Solution(plans: [], solver: .orderedDP, optimal: true, reason: noPlan, work: work)
      }
      let unproven = [values.greedyPlan(), matched].compactMap { $0 }.map(ranked)
      if let best = unproven.max(by: { $0.objective < $1.objective }), best.objective > -.infinity {
        return Solution(
          plans: [best], solver: .orderedDP, optimal: false, complete: false, reason: reason,
          work: work)
      }
    }
    return Solution(
      plans: run.found, solver: .orderedDP, optimal: true, complete: run.stop == nil,
      reason: reason, work: work)
  }

  /// The plans of one search on `values`, stopping after `maxExpansions`
  /// partial plans in all.
  private func search<Metric: LayerMetric>(
    _ selection: Selection, _ values: CompletionValues<Metric>, after earlier: [Solution.Ranked],
    _ deadline: Deadline, _ maxNodes: Int, _ maxExpansions: Int
  ) -> (found: [Solution.Ranked], expanded: Int, stop: SearchStop?) {
    var found: [Solution.Ranked] = []
    var expanded = 0
    var stop: SearchStop?
    switch selection {
    case .top(let count):
      var search = PlanSearch(
        values: values, deadline: deadline, maxNodes: maxNodes, maxExpansions: maxExpansions,
        extend: extend)
      while found.count < count, let next = search.next() {
        found.append(ranked(next.places))
      }
      expanded = search.expanded
      stop = search.stop
    case .diverse(let count):
      let diversity = Diversity(stopCount: problem.categories.count)
      found = earlier
      while found.count < count {
        let earlier = found.map(\.plan.places)
        var search = PlanSearch(
          values: values, deadline: deadline, maxNodes: maxNodes,
          maxExpansions: maxExpansions - expanded, extend: extend
        ) { prefix in
          diversity.admits(prefix, after: earlier)
        }
        let next = search.next()
        expanded += search.expanded
        stop = search.stop
        guard let next else { break }
        found.append(ranked(next.places))
      }
    }
    return (found, expanded, stop)
  }

  private func ranked(_ places: [Int]) -> Solution.Ranked {
    let plan = Plan(stops: stops(places))
    return Solution.Ranked(
      plan: plan, objective: timing?.objective(of: plan) ?? problem.timelessObjective(of: plan))
  }

  private func stops(_ places: [Int]) -> [Plan.Stop] {
    zip(categoryOrder, places).map { Plan.Stop(category: $0, place: $1) }
  }

  /// Where a prefix stands once its stop of `layer` visits `place`, and the
  /// price of its waiting, or `nil` when it does not fit in time; no price
  /// without a time frame.
  private func extend(_ prefix: Timing.Progress, layer: Int, place: Int) -> (
    cost: Double, progress: Timing.Progress
  )? {
    guard let timing else { return (0, prefix) }
    let stop = Plan.Stop(category: categoryOrder[layer], place: place)
    guard
      let progress = timing.progress(
        after: prefix, visiting: stop, isComplete: layer == categoryOrder.count - 1)
    else { return nil }
    return (timing.frame.waitWeight * progress.wait, progress)
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
