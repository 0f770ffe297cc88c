import ItineraryCore

/// The exact method for one route of the orienteering problem with time
/// windows, after Righini and Salani (2009): a labelling algorithm over
/// (vertex, time, score) with dominance, on a relaxation of "each vertex
/// once" that only forbids repeating the *critical* vertices. Decremental
/// state-space relaxation: it starts with none; whenever the best relaxed
/// route repeats a vertex, that vertex becomes critical and the search runs
/// again, until the best relaxed route is elementary, hence optimal.
///
/// The relaxation is also an ng-route one (Baldacci, Mingozzi and Roberti
/// 2011): each vertex has a neighbourhood, itself and its nearest vertices,
/// and a label remembers which vertices of its route are in the
/// neighbourhood of every vertex visited since; it may not go back to
/// those. Short cycles are so ruled out from the first search on, and
/// fewer searches are needed (on the Cordeau file pr06, 4 against 12).
///
/// A label at vertex v holds its departure time, its score, the set of
/// critical vertices it can no longer visit (visited, or too late to reach:
/// Feillet et al.'s unreachable vertices) and its ng-memory. It dominates
/// another at v that is no earlier, scores no more and has no fewer such
/// vertices, nor remembers fewer. A label is pruned when its score plus
/// `OrienteeringCompletionBound` cannot beat the best route known, the
/// bound's walk kept from going on to a vertex the label may not visit.
///
/// Labels are extended earliest first. Each vertex keeps its labels by
/// score, those already extended (which a new label can only be dominated
/// by) apart from those still waiting (`LabelFront`).
///
/// - Complexity: exponential in the worst case (the problem is NP-hard);
///   each extension is O(labels at the vertex scoring at least as much) for
///   dominance, O(labels waiting there) when the new label is kept, plus
///   O(`neighbourhood`) for the ng-memory.
public enum OrienteeringLabelling {
  /// What a run proved.
  public struct Result: Sendable {
    /// The best route found (the incumbent when nothing beat it).
    public var route: [Int]
    public var score: Double
    /// Whether no route scores more; when the score is below the bar,
    /// whether no route reaches the bar.
    public var proven: Bool
    /// Searches run, one per critical set.
    public var iterations: Int
    public var labels: Int
  }

  /// The most critical vertices a label can hold.
  public static let maxCritical = CriticalSet.capacity
  /// The vertices of each ng-neighbourhood, the vertex itself included. On
  /// the Solomon and Cordeau files 16 proves faster than 8: the relaxation
  /// is tighter, so fewer searches are needed, and the fronts it makes
  /// longer stay short enough (pr20's known value is proven out of reach
  /// in under two minutes, against no end in thirty with 8).
  public static let neighbourhood = 16
  /// The most steps the completion bound takes by default (about a second
  /// on the largest Cordeau files).
  public static let boundWork = 1 << 29

  /// The best route on `day`, proven when the search ends before
  /// `deadline` and within `maxLabels` labels per search.
  ///
  /// Given a bar (`atLeast`), it only looks for routes that score at least
  /// that, pruning the others as it prunes those the incumbent beats: a
  /// proven result that scores less says that no route reaches the bar,
  /// sooner than a proof of the optimum would.
  ///
  /// - Parameters:
  ///   - neighbourhood: the size of each ng-neighbourhood, from 1 (no
  ///     ng-memory: decremental state-space relaxation alone) to 32.
  ///   - boundWork: the most steps the completion bound may take; below
  ///     what it needs it counts time in coarser steps, sooner and weaker.
  public static func solve(
    _ instance: OrienteeringInstance, day: OrienteeringDay, incumbent: [Int] = [],
    deadline: Deadline, maxLabels: Int = 3_000_000, neighbourhood: Int = neighbourhood,
    boundWork: Int = boundWork, atLeast bar: Double = -.infinity
  ) -> Result {
    var search = Search(
      instance: instance, day: day, incumbent: incumbent, maxLabels: maxLabels,
      neighbourhood: neighbourhood, boundWork: boundWork, bar: bar, deadline: deadline)
    let end = search.searchToTheEnd(until: deadline, vertexCount: instance.vertexCount)
    return Result(
      route: search.best, score: search.bestScore, proven: end.proven, iterations: end.searches,
      labels: end.labels)
  }
}

/// An orienteering label as dominance sees it.
struct OrienteeringLabelEntry: LabelFrontEntry {
  var time: Int
  var score: Double
  var unavailable: CriticalSet
  /// The ng-memory, as positions in the vertex's neighbourhood.
  var memory: UInt32
  /// The label's index in the search.
  var label: Int

  /// Whether this label has no more vertices it may not visit than
  /// `other`, is no later and scores no less. The sets are compared first:
  /// in a front, most labels scoring more are barred from a vertex the new
  /// one is not, and fewer are later, so the first test settles most
  /// comparisons and is the one the processor predicts best (in the
  /// proofs of the benchmark files r104 and pr20, 1.4% and 2.3% of the
  /// comparisons pass the sets, 53% and 68% the time).
  @inline(__always)
  func dominates(_ other: Self, in context: Void = ()) -> Bool {
    unavailable.isSubset(of: other.unavailable) && memory & ~other.memory == 0
      && time <= other.time && score >= other.score
  }

  /// Whether this label scores no less than `older` and has no more
  /// vertices it may not visit; time aside, as a settled label is never
  /// later than a new one.
  @inline(__always)
  func supersedes(_ older: Self, in context: Void = ()) -> Bool {
    score >= older.score && unavailable.isSubset(of: older.unavailable)
      && memory & ~older.memory == 0
  }
}

/// One search of the labelling algorithm over a fixed critical set.
private struct Search: RelaxedLabelSearch {
  struct Label {
    var vertex: Int
    var time: Int
    var score: Double
    var unavailable: CriticalSet
    /// The ng-memory, as positions in the vertex's neighbourhood.
    var memory: UInt32
    var parent: Int
  }

  let instance: OrienteeringInstance
  let day: OrienteeringDay
  let bound: OrienteeringCompletionBound
  /// `reach[v * n + w]`: the least time from leaving v to arriving at w by any walk.
  let reach: [Int]
  /// Each vertex's successors, latest first: an extension stops at the
  /// first one too late to reach.
  let successors: OrienteeringSuccessors
  let neighbourhood: NGNeighbourhoods
  let maxLabels: Int
  let epsilon: Double
  var critical: CriticalVertices
  var best: [Int]
  var bestScore: Double
  /// What a route must score more than (by `epsilon`) to be looked for:
  /// the best route's score, or a hair below the bar when that is higher.
  var threshold: Double
  var labels: [Label] = []
  var labelCount: Int { labels.count }

  init(
    instance: OrienteeringInstance, day: OrienteeringDay, incumbent: [Int], maxLabels: Int,
    neighbourhood: Int, boundWork: Int, bar: Double, deadline: Deadline? = nil
  ) {
    self.instance = instance
    self.day = day
    self.maxLabels = maxLabels
    bound = OrienteeringCompletionBound(
      instance, day: day, maxWork: boundWork, deadline: deadline)
    reach = shortestWalks(
      vertexCount: instance.vertexCount, travel: instance.travel, visit: { instance.durations[$0] })
    self.neighbourhood = NGNeighbourhoods(instance, size: neighbourhood, reach: reach)
    successors = OrienteeringSuccessors(instance)
    critical = CriticalVertices(vertexCount: instance.vertexCount)
    let feasible = instance.visitStarts(of: incumbent, day: day) != nil
    best = feasible ? incumbent : []
    bestScore = feasible ? instance.score([incumbent]) : 0
    epsilon = 1e-9 * max(1, instance.scores.reduce(0) { $0 + abs($1) })
    threshold = max(bestScore, bar - 2 * epsilon)
  }

  /// Offers the trip's one route to `improve(_:)`.
  mutating func improve(trip: [[Int]]) {
    if let route = trip.first { improve(route) }
  }

  /// Takes `route` as the best known when it beats it and is a trip: on
  /// time, each vertex once.
  mutating func improve(_ route: [Int]) {
    let score = instance.score([route])
    if score > bestScore + epsilon, Set(route).count == route.count,
      instance.visitStarts(of: route, day: day) != nil
    {
      best = route
      bestScore = score
      threshold = max(threshold, score)
    }
  }

  func route(ending label: Int) -> [Int] {
    var route: [Int] = []
    var index = label
    while index >= 0, labels[index].vertex != 0 {
      route.append(labels[index].vertex)
      index = labels[index].parent
    }
    return route.reversed()
  }

  /// The critical vertices a route leaving `vertex` at `time` can no longer reach.
  func unreachable(from vertex: Int, at time: Int, adding set: CriticalSet) -> CriticalSet {
    var set = set
    let n = instance.vertexCount
    for (index, other) in critical.vertices.enumerated() where !set.contains(index) {
      if other == vertex || time + reach[vertex * n + other] > instance.closes[other] {
        set.insert(index)
      }
    }
    return set
  }

  mutating func run(until deadline: Deadline) -> RelaxedSearchOutcome {
    if deadline.hasPassed { return .stopped }
    let n = instance.vertexCount
    labels = []
    var alive: [Bool] = []
    var front = Array(repeating: LabelFront<OrienteeringLabelEntry>(), count: n)
    var queue = MaxHeap<Int>()
    var bestRelaxed = -1
    var bestRelaxedScore = -Double.infinity
    labels.append(
      Label(
        vertex: 0, time: day.start, score: 0,
        unavailable: unreachable(from: 0, at: day.start, adding: CriticalSet()), memory: 1,
        parent: -1))
    alive.append(true)
    queue.push(-Double(day.start), 0)
    var popped = 0
    while let (_, index) = queue.pop() {
      guard alive[index] else { continue }
      popped += 1
      if popped & 1023 == 0, deadline.hasPassed { return .stopped }
      let label = labels[index]
      let v = label.vertex
      front[v].settle(index, score: label.score)
      if v != 0, label.time + instance.travel(v, 0) <= day.end, label.score > bestRelaxedScore {
        bestRelaxedScore = label.score
        bestRelaxed = index
        if label.score > bestScore + epsilon { improve(route(ending: index)) }
      }
      for next in successors[v] {
        guard label.time <= next.last else { break }
        let w = next.vertex
        let bit = critical.index[w]
        if bit >= 0, label.unavailable.contains(bit) { continue }
        let start = max(label.time + next.way, instance.opens[w])
        guard start <= instance.closes[w] else { continue }
        let leave = start + instance.durations[w]
        let score = label.score + instance.scores[w]
        guard score + bound.value(at: w, leaving: leave, after: v) > threshold + epsilon else {
          continue
        }
        guard
          let memory = neighbourhood.memory(after: label.memory, from: v, to: w, leaving: leave)
        else { continue }
        var unavailable = label.unavailable
        if bit >= 0 { unavailable.insert(bit) }
        unavailable = unreachable(from: w, at: leave, adding: unavailable)
        // The bound again, now that what the label may not visit is known.
        let barred = { (u: Int) -> Bool in
          if u == v || neighbourhood.remembers(u, at: w, in: memory) { return true }
          let index = critical.index[u]
          return index >= 0 && unavailable.contains(index)
        }
        guard score + bound.value(at: w, leaving: leave, avoiding: barred) > threshold + epsilon
        else { continue }
        let entry = OrienteeringLabelEntry(
          time: leave, score: score, unavailable: unavailable, memory: memory,
          label: labels.count)
        if front[w].dominates(entry) { continue }
        guard labels.count < maxLabels else { return .stopped }
        front[w].add(entry) { alive[$0] = false }
        labels.append(
          Label(
            vertex: w, time: leave, score: score, unavailable: unavailable, memory: memory,
            parent: index))
        alive.append(true)
        queue.push(-Double(leave), entry.label)
      }
    }
    guard bestRelaxed >= 0, bestRelaxedScore > threshold + epsilon else { return .noBetter }
    return .relaxed([route(ending: bestRelaxed)])
  }
}
