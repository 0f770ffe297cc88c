import ItineraryCore

/// Plans whose stops may come in any order: a generalized TSP with the start
/// as a cluster of its own and one cluster per category.
///
/// Exact when the subset dynamic program fits (`ClusterHeldKarp`, anchored at
/// the start): its completions are the best objective still reachable from a
/// stop through the remaining categories, counting distances but not the rule
/// that a place fills one stop only, so they bound every real plan from above.
/// A best-first search over partial plans then reads off the top K or the
/// diverse plans in order of objective, enforcing that rule (and diversity) on
/// every prefix, exactly as the ordered solver's `PlanSearch` does.
///
/// When no assignment gives every stop a place of its own (`PlaceMatching`),
/// there is no plan, and it says so at once.
///
/// Categories asked for more than once are interchangeable, so the search
/// fills them in their given order only. When a category repeats, the table
/// bounds loosely (it may plan one place at several stops) while the ordered
/// solver's bound holds (`PlacePenalties`), and there are few distinct orders
/// (`bar cafe bar cafe bar` has ten): the ordered solver then answers in each
/// (`OrderMerge`), exactly.
///
/// Beyond the table's limits, past the time limit or the memory budget,
/// `GTSPHeuristic` finds a tour (or, when even the matrix of distances does
/// not fit, the given order is the start). Its tour may use a place at two
/// stops, so `PlaceMatching` gives every stop a place of its own and
/// `PlanLocalSearch` improves that plan: a real plan, found within the same
/// clock, however hard the places make it to fill every stop with a
/// different one. The ordered solver then plans within its order (and
/// orders one move away) for better and further plans; the solution says
/// `optimal: false`, and `complete: false` when the clock cut a part short.
///
/// With a time frame the table stays timeless, an upper bound still (time
/// only removes plans, waiting only costs), and the search checks every
/// prefix's timeline as the ordered solver does.
public struct AnyOrderSolver {
  private let problem: Problem
  private let options: SolveOptions
  private let maxCells: Int
  private let timing: Timing?

  /// With a category repeated, the most distinct orders planned one by one.
  private static let mostOrdersToMerge = 120

  /// The share of the time limit the exact path may take, leaving the
  /// heuristic the rest should it not finish.
  private static let exactShare = 0.7
  /// The share of what is left that the heuristic's tour search may take,
  /// before its plan is improved stop by stop.
  private static let tourShare = 0.3
  /// The share of what is then left for improving that plan, before its
  /// order is improved category by category.
  private static let planShare = 0.5
  /// The share of what is then left for improving the order, before the
  /// final plans are read off it.
  private static let improvementShare = 0.75

  /// - Parameters:
  ///   - options: the time limit for the exact table, then the heuristic, and
  ///     the heuristic's seed.
  ///   - maxCells: the most cells the exact table may have (8 bytes each);
  ///     by default `GTSPSolver.maxCells(for: options)`.
  public init(problem: Problem, options: SolveOptions = SolveOptions(), maxCells: Int? = nil) {
    self.problem = problem
    self.options = options
    self.maxCells = maxCells ?? GTSPSolver.maxCells(for: options)
    timing = Timing(problem)
  }

  /// The plans the selection asks for, best first.
  ///
  /// - Complexity: O(k * N) to match places to categories, O(2^k * N^2) for
  ///   the table over N = sum n_i candidate stops, then
  ///   O(k * N * log(k * N)) per partial plan expanded by the search; the
  ///   heuristic path is bounded by the time limit.
  public func solve(_ selection: Selection) -> Solution {
    let all = problem.eligiblePlaces()
    let eligible = timing?.eligiblePlaces(among: all) ?? all
    if let reason =
      problem.missingCategoryReason(all) ?? timing?.impossibleReason(eligible, among: all)
    {
      return Solution(plans: [], solver: .anyOrderHeldKarp, optimal: true, reason: reason)
    }
    let unpreferred = [Int?](repeating: nil, count: eligible.count)
    guard let assignment = PlaceMatching.assign(eligible: eligible, preferred: unpreferred) else {
      let reason = timing?.noPlanReason ?? problem.noPlanReason
      return Solution(plans: [], solver: .anyOrderHeldKarp, optimal: true, reason: reason)
    }
    let deadline = options.deadline()
    let maxNodes = options.memoryBudget / OrderedSolver.bytesPerPartialPlan
    if let orders = problem.distinctOrders(atMost: Self.mostOrdersToMerge) {
      return OrderMerge(problem: problem, orders: orders, deadline: deadline, maxNodes: maxNodes)
        .solve(selection)
    }
    let exactDeadline = deadline.fraction(Self.exactShare)
    guard
      let graph = PlanningGraph(
        problem: problem, eligible: eligible, maxBytes: options.memoryBudget / 2,
        deadline: exactDeadline)
    else {
      return heuristicSolution(
        nil, eligible, assignment, selection, after: [], deadline: deadline,
        stopped: exactDeadline.hasPassed)
    }
    /// The heuristic's plans, after the diverse plans found exactly so far.
    func fallBack(after earlier: [Solution.Ranked] = [], stopped: Bool = true) -> Solution {
      heuristicSolution(
        graph, eligible, assignment, selection, after: earlier, deadline: deadline,
        stopped: stopped)
    }
    guard
      let table = ClusterHeldKarp(
        instance: graph.instance, anchor: 0, maxCells: maxCells, deadline: exactDeadline)
    else { return fallBack(stopped: exactDeadline.hasPassed) }
    let searchBytes = options.memoryBudget / 2
    var found: [Solution.Ranked] = []
    var expanded = 0
    switch selection {
    case .top(let count):
      var search = AnyOrderSearch(
        graph: graph, table: table, limit: count, deadline: exactDeadline, maxBytes: searchBytes,
        timing: timing)
      var seen = Set<[Int]>()
      while found.count < count, let stops = search.next() {
        let plan = Plan(stops: stops)
        if seen.insert(plan.places).inserted { found.append(ranked(plan)) }
      }
      if search.stop != nil { return fallBack() }
      expanded = search.expanded
    case .diverse(let count):
      let diversity = Diversity(stopCount: problem.categories.count)
      while found.count < count {
        let earlier = found.map(\.plan.places)
        var search = AnyOrderSearch(
          graph: graph, table: table, limit: 1, deadline: exactDeadline, maxBytes: searchBytes,
          timing: timing
        ) { prefix in
          diversity.admits(prefix, after: earlier)
        }
        let next = search.next()
        if search.stop != nil { return fallBack(after: found) }
        guard let stops = next else { break }
        expanded += search.expanded
        found.append(ranked(Plan(stops: stops)))
      }
    }
    return Solution(
      plans: found, solver: .anyOrderHeldKarp, optimal: true,
      reason: found.isEmpty ? timing?.noPlanReason ?? problem.noPlanReason : nil,
      work: [
        "states": graph.instance.nodeCount << (problem.categories.count), "expanded": expanded,
      ]
    )
  }

  private func ranked(_ plan: Plan) -> Solution.Ranked {
    Solution.Ranked(
      plan: plan, objective: timing?.objective(of: plan) ?? problem.timelessObjective(of: plan))
  }

  /// The heuristic's plans: its tour made a plan with a place of its own at
  /// every stop and improved stop by stop, then its order of the categories
  /// improved by moving one category at a time while the ordered solver's
  /// best plan gets better, and planned by the ordered solver; the first
  /// plan is never worse than the tour's. Diverse plans continue after
  /// `earlier`.
  ///
  /// - Parameters:
  ///   - assignment: a different place for every category.
  ///   - stopped: whether the exact path was cut short.
  private func heuristicSolution(
    _ graph: PlanningGraph?, _ eligible: [[Int]], _ assignment: [Int], _ selection: Selection,
    after earlier: [Solution.Ranked], deadline: Deadline, stopped: Bool
  ) -> Solution {
    var order = Array(problem.categories.indices)
    var preferred = [Int?](repeating: nil, count: order.count)
    var iterations = 0
    var cut = stopped
    if let graph {
      let tourDeadline = deadline.fraction(Self.tourShare)
      let result = GTSPHeuristic(instance: graph.instance).solve(
        seed: options.seed, until: tourDeadline)
      cut = cut || tourDeadline.hasPassed
      let tour = result.tour.nodes
      let start = tour.firstIndex(of: 0) ?? 0
      let stops = Array(tour[start...] + tour[..<start]).dropFirst()
      // No tour at all when every one has a leg with no road.
      if stops.count == order.count {
        order = stops.map { graph.category[$0] }
        for node in stops { preferred[graph.category[node]] = graph.place[node] }
      }
      iterations = result.iterations
    }
    let places = PlaceMatching.assign(eligible: eligible, preferred: preferred) ?? assignment
    let planDeadline = deadline.fraction(Self.planShare)
    let improved = PlanLocalSearch(problem: problem, timing: timing, eligible: eligible).improve(
      order.map { Plan.Stop(category: $0, place: places[$0]) }, until: planDeadline)
    cut = cut || planDeadline.hasPassed
    let tourPlan = ranked(Plan(stops: improved))
    order = improved.map(\.category)
    let improvementDeadline = deadline.fraction(Self.improvementShare)
    let maxNodes = options.memoryBudget / OrderedSolver.bytesPerPartialPlan
    func value(_ order: [Int]) -> Double {
      OrderedSolver(problem: problem, categoryOrder: order, timing: timing)
        .solve(.top(1), after: [], deadline: improvementDeadline, maxNodes: maxNodes)
        .plans.first?.objective
        ?? -.infinity
    }
    var best = max(value(order), tourPlan.objective)
    var better = true
    search: while better {
      better = false
      for from in order.indices {
        for to in order.indices where to != from {
          if improvementDeadline.hasPassed {
            cut = true
            break search
          }
          var candidate = order
          candidate.insert(candidate.remove(at: from), at: to)
          let candidateValue = value(candidate)
          if candidateValue > best + Self.improvementEpsilon {
            order = candidate
            best = candidateValue
            better = true
          }
        }
      }
    }
    var solution = OrderedSolver(problem: problem, categoryOrder: order, timing: timing)
      .solve(selection, after: earlier, deadline: deadline, maxNodes: maxNodes)
    if tourPlan.objective > -.infinity {
      solution.plans = adding(tourPlan, to: solution.plans, selection, after: earlier)
    }
    // The ordered solver speaks of one order: finding none there proves nothing.
    if solution.complete {
      solution.reason = solution.plans.isEmpty ? heuristicNoPlanReason : nil
    }
    solution.solver = .anyOrderHeuristic
    solution.optimal = false
    solution.complete = solution.complete && !cut
    solution.work["iterations"] = iterations
    return solution
  }

  /// `plans` (which begin with `earlier` when diverse) with `plan` among
  /// them where it belongs: the top K by objective, distinct; or, diverse,
  /// in place of the first plan after `earlier` when better, followed by
  /// those of the rest that stay diverse.
  private func adding(
    _ plan: Solution.Ranked, to plans: [Solution.Ranked], _ selection: Selection,
    after earlier: [Solution.Ranked]
  ) -> [Solution.Ranked] {
    switch selection {
    case .top(let count):
      var seen = Set<[Int]>()
      return (plans + [plan]).sorted { $0.objective > $1.objective }
        .filter { seen.insert($0.plan.places).inserted }.prefix(count).map { $0 }
    case .diverse(let count):
      let diversity = Diversity(stopCount: problem.categories.count)
      let later = plans.dropFirst(earlier.count)
      guard plan.objective > later.first?.objective ?? -.infinity,
        diversity.admits(plan.plan.places, after: earlier.map(\.plan.places))
      else { return plans }
      var kept = earlier + [plan]
      for next in later where kept.count < count {
        if diversity.admits(next.plan.places, after: kept.map(\.plan.places)) {
          kept.append(next)
        }
      }
      return kept
    }
  }

  /// Why the heuristic has no plan when it ran to its end: it may have
  /// missed one.
  private var heuristicNoPlanReason: String {
    let plan = timing.map { "no plan that fits \($0.frame.windowWords)" } ?? "no plan"
    return "the heuristic found \(plan), though one may exist"
  }

  /// How much better an order's best plan must be to count as better.
  private static let improvementEpsilon = 1e-9
}

/// A planning problem as a GTSP: node 0 is the start, a cluster of its own;
/// every other node is a (place, category) pair, clustered by category.
/// Arriving at a place costs `distanceWeight` times the distance less the
/// place's score; the way back to the start costs its distance on a round
/// trip and nothing otherwise. A tour's cost is minus its plan's objective.
/// Distances are great-circle, or the problem's road table when it has one;
/// an arc with no road costs infinity. The nodes of a category are the
/// places eligible for it, or those of `eligible` when given.
struct PlanningGraph {
  let instance: GTSPInstance
  /// The place and the category of every node; -1 for the start.
  let place: [Int]
  let category: [Int]
  /// The problem's categories, lowercased: equal names are interchangeable.
  let categoryNames: [String]

  /// The graph, or `nil` when its matrix would take more than `maxBytes` or
  /// `deadline` passes before the matrix is priced (checked every row).
  ///
  /// - Complexity: O(N^2) distances for N = sum n_i.
  init?(
    problem: Problem, eligible: [[Int]]? = nil, maxBytes: Int = .max, deadline: Deadline? = nil
  ) {
    let eligible = eligible ?? problem.eligiblePlaces()
    let n = 1 + eligible.reduce(0) { $0 + $1.count }
    guard n <= Int(Double(maxBytes / MemoryLayout<Double>.size).squareRoot()) else { return nil }
    var place = [-1]
    var category = [-1]
    var clusters = [[0]]
    for (index, eligible) in eligible.enumerated() {
      clusters.append(Array(place.count..<place.count + eligible.count))
      place += eligible
      category += Array(repeating: index, count: eligible.count)
    }
    let scores = problem.scores()
    let weight = problem.distanceWeight
    let waypoints = place.map { $0 < 0 ? Waypoint.origin : .place($0) }
    let points = waypoints.map { SpherePoint(problem.coordinate(of: $0)) }
    // `weight` times the leg's length: on the road table when there is one,
    // infinite with no road (even when `weight` is 0).
    func price(_ i: Int, _ j: Int) -> Double {
      guard let roads = problem.roads else { return weight * points[i].distanceKm(to: points[j]) }
      return roads.distanceKm(from: waypoints[i], to: waypoints[j]).map { weight * $0 } ?? .infinity
    }
    var costs = Array(repeating: 0.0, count: n * n)
    for i in 0..<n {
      if deadline?.hasPassed == true { return nil }
      for j in 0..<n where i != j {
        if j == 0 {
          costs[i * n] = problem.roundTrip ? price(i, 0) : 0
        } else {
          costs[i * n + j] = price(i, j) - scores[place[j]]
        }
      }
    }
    guard let instance = GTSPInstance(nodeCount: n, clusters: clusters, costs: costs) else {
      preconditionFailure("the planning clusters partition the nodes by construction")
    }
    self.instance = instance
    self.place = place
    self.category = category
    categoryNames = problem.categories.map { $0.lowercased() }
  }
}

/// Best-first search over partial any-order plans, complete plans popping in
/// decreasing order of objective.
///
/// A partial plan's priority is minus its cost so far less the table's
/// completion from its last stop through the categories it has not filled: an
/// upper bound on every plan extending it, exact when no place would repeat.
/// Each expanded plan heaps its children once and pushes them one at a time,
/// the next when the previous is popped, so the queue grows with the plans
/// produced rather than with the candidates.
///
/// Partial plans that fill the same categories with the same set of places
/// and end at the same stop are interchangeable: every completion of one
/// completes the others, with the same constraints met and the same value
/// added. So at most `limit` of them are expanded, the best ones, as they pop
/// first (the K best plans need no more than the K best prefixes of each
/// state); without that, the orders of the same places multiply the work by
/// up to k!.
///
/// With time, a prefix that does not fit is dropped, the price of its waiting
/// is taken off its priority (children are then pushed until one reaches the
/// bound of the siblings left), and interchangeable becomes dominated: a
/// prefix is skipped once `limit` expanded prefixes of its state leave no
/// later and are worth at least as much, less the price of the extra time
/// they may spend waiting. Leaving earlier, every later visit can begin no
/// later, so each of their completions is as feasible and as good.
///
/// - Complexity: O(k * N) per expanded partial plan, plus O(log(k * N)) per
///   child pushed.
struct AnyOrderSearch {
  /// What makes partial plans interchangeable.
  private struct State: Hashable {
    var filled: Int
    var last: Int
    var places: [Int]
  }

  private struct Node {
    var parent: Int
    var graphNode: Int
    /// The categories filled, as bits.
    var filled: Int
    var cost: Double
    /// The price of the waiting so far, and when the last stop is left.
    var waitCost = 0.0
    var progress = Timing.Progress.start
  }

  /// An expanded prefix, for telling whether it dominates another.
  private struct Label {
    var places: [Int]
    /// Its value so far: minus its cost and its waiting's price.
    var value: Double
    var progress: Timing.Progress
  }

  private let graph: PlanningGraph
  private let table: ClusterHeldKarp
  private let admits: ([Int]) -> Bool
  private let timing: Timing?
  private let allFilled: Int
  private var nodes: [Node]
  /// For each expanded node, its children best first and how many were pushed.
  private var children: [Int: MaxHeap<Int>] = [:]
  private var open = MaxHeap<Int>()
  private let limit: Int
  private let deadline: Deadline
  private let maxBytes: Int
  /// For each category bit, the bit of the same category asked for just
  /// before it, or -1: a repeated category is filled in its given order.
  private let twinBefore: [Int]
  /// Why the search stopped before it ran out of plans, if it did.
  private(set) var stop: SearchStop?
  /// The prefixes expanded so far from each state.
  private var expandedAt: [State: [Label]] = [:]
  /// Children waiting in the queues of `children`, for the memory estimate.
  private var waitingChildren = 0
  private(set) var expanded = 0

  /// About what a partial plan, a waiting child and an expanded state take.
  private static let bytesPerNode = 64
  private static let bytesPerChild = 32
  private static let bytesPerState = 256

  /// - Parameters:
  ///   - limit: how many plans will be asked for: at most this many distinct
  ///     partial plans are expanded per state.
  ///   - deadline: when to give up, with `stop` set.
  ///   - maxBytes: about how much memory the search may hold; past it, it
  ///     gives up with `stop` set.
  ///   - timing: the problem's timing, or `nil` to plan timelessly.
  ///   - admits: whether a prefix of place indices may be extended; it must
  ///     reject every extension of a prefix it rejects, and decide by the set
  ///     of places alone.
  init(
    graph: PlanningGraph, table: ClusterHeldKarp, limit: Int,
    deadline: Deadline, maxBytes: Int = .max, timing: Timing? = nil,
    admits: @escaping ([Int]) -> Bool = { _ in true }
  ) {
    self.graph = graph
    self.table = table
    self.limit = limit
    self.deadline = deadline
    self.maxBytes = maxBytes
    self.timing = timing
    self.admits = admits
    let names = table.otherClusters.map { cluster in
      graph.instance.clusters[cluster].first.map { graph.category[$0] } ?? -1
    }.map { graph.categoryNames.indices.contains($0) ? graph.categoryNames[$0] : "" }
    twinBefore = names.indices.map { bit in names[..<bit].lastIndex(of: names[bit]) ?? -1 }
    allFilled = (1 << (graph.instance.clusters.count - 1)) - 1
    nodes = [Node(parent: -1, graphNode: 0, filled: 0, cost: 0)]
    open.push(-table.completion(remaining: allFilled, from: 0), 0)
  }

  private func places(endingAt index: Int) -> [Int] { stops(endingAt: index).map(\.place) }

  private func stops(endingAt index: Int) -> [Plan.Stop] {
    var result: [Plan.Stop] = []
    var index = index
    while index > 0 {
      let graphNode = nodes[index].graphNode
      result.append(Plan.Stop(category: graph.category[graphNode], place: graph.place[graphNode]))
      index = nodes[index].parent
    }
    return result.reversed()
  }

  /// Pushes the best children of `parent` not yet pushed that pass the
  /// constraints, until one has a priority no sibling left can beat.
  private mutating func pushNextChild(of parent: Int) {
    guard var queue = children[parent] else { return }
    let prefix = stops(endingAt: parent)
    let prefixPlaces = prefix.map(\.place)
    let node = nodes[parent]
    var pushed = -Double.infinity
    while let (bound, graphNode) = queue.pop() {
      waitingChildren -= 1
      let place = graph.place[graphNode]
      if prefixPlaces.contains(place) || !admits(prefixPlaces + [place]) { continue }
      let cost = node.cost + graph.instance.cost(node.graphNode, graphNode)
      let filled = node.filled | (1 << graph.category[graphNode])
      var child = Node(parent: parent, graphNode: graphNode, filled: filled, cost: cost)
      if let timing {
        let stop = Plan.Stop(category: graph.category[graphNode], place: place)
        guard
          let progress = timing.progress(of: prefix + [stop], isComplete: filled == allFilled)
        else { continue }
        child.waitCost = progress.waitCost
        child.progress = progress.progress
      }
      let priority = bound - child.waitCost
      nodes.append(child)
      open.push(priority, nodes.count - 1)
      pushed = max(pushed, priority)
      if pushed >= bound - node.waitCost { break }
    }
    children[parent] = queue.isEmpty ? nil : queue
  }

  /// Whether expanding `label` can be skipped: `limit` prefixes of its state
  /// are already expanded that dominate it (without time, every one does).
  /// Leaving earlier dominates when any later departure can be had by
  /// waiting, paid for; with a wait cap it cannot, and only a prefix that
  /// may leave at exactly the same minutes dominates.
  private func isDominated(_ label: Label, by earlier: [Label]) -> Bool {
    guard let timing else { return earlier.count >= limit }
    let waitWeight = timing.frame.waitWeight
    let capped = timing.frame.maxWaitMinutes != nil
    let dominating = earlier.count { other in
      let (mine, theirs) = (label.progress.departure, other.progress.departure)
      if capped {
        return other.progress.departures == label.progress.departures && other.value >= label.value
      }
      return theirs <= mine && other.value - waitWeight * (mine - theirs) >= label.value
    }
    return dominating >= limit
  }

  /// The stops of the next best plan, or `nil` when every plan has been produced.
  mutating func next() -> [Plan.Stop]? {
    while let (_, index) = open.pop() {
      if index > 0 { pushNextChild(of: nodes[index].parent) }
      let node = nodes[index]
      let prefix = places(endingAt: index)
      let state = State(filled: node.filled, last: node.graphNode, places: prefix.sorted())
      let earlier = expandedAt[state, default: []]
      let label = Label(
        places: prefix, value: -node.cost - node.waitCost, progress: node.progress)
      // The same places in the same order, or `limit` better orders already.
      if earlier.contains(where: { $0.places == prefix }) || isDominated(label, by: earlier) {
        continue
      }
      expandedAt[state] = earlier + [label]
      expanded += 1
      if expanded % deadlineInterval == 0, deadline.hasPassed {
        stop = .deadline
        return nil
      }
      let bytes =
        nodes.count * Self.bytesPerNode + waitingChildren * Self.bytesPerChild
        + expandedAt.count * Self.bytesPerState
      if bytes > maxBytes {
        stop = .memory
        return nil
      }
      if node.filled == allFilled { return stops(endingAt: index) }
      var list: [(key: Double, value: Int)] = []
      for (bit, cluster) in table.otherClusters.enumerated() where node.filled & (1 << bit) == 0 {
        let twin = twinBefore[bit]
        if twin >= 0, node.filled & (1 << twin) == 0 { continue }
        let remaining = allFilled & ~(node.filled | (1 << bit))
        for u in graph.instance.clusters[cluster] {
          let completion = table.completion(remaining: remaining, from: u)
          let bound = node.cost + graph.instance.cost(node.graphNode, u) + completion
          // Infinite: pruned, or no road on the way.
          guard bound.isFinite else { continue }
          list.append((-bound, u))
        }
      }
      waitingChildren += list.count
      children[index] = MaxHeap(list)
      pushNextChild(of: index)
    }
    return nil
  }
}
