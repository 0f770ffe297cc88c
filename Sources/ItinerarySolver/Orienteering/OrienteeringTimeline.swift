/// A route of a benchmark file with the times of its visits: when each
/// starts, how long it waits, and how much later it could start without
/// breaking a later window or the day's end; with them, whether a change
/// keeps the route on time is checked without timing it all again
/// (`OrienteeringHeuristic`).
struct OrienteeringTimeline: OrienteeringRoute {
  /// Where a vertex goes in the route and the time it adds there.
  typealias Insertion = (at: Int, shift: Int)

  var route: [Int]
  let day: Int
  let times: OrienteeringDay
  var starts: [Int] = []
  var waits: [Int] = []
  var slacks: [Int] = []
  var finish = 0
  var value = 0.0
  var shortened = false

  var end: Double { Double(finish) }

  init(_ instance: OrienteeringInstance, _ route: [Int], day: Int) {
    self.route = route
    self.day = day
    times = instance.days[day]
    update(instance)
  }

  /// Recomputes the times after a change of `route` (which must be feasible).
  ///
  /// - Complexity: O(L).
  mutating func update(_ instance: OrienteeringInstance) {
    shortened = false
    let count = route.count
    if starts.count != count {
      starts = Array(repeating: 0, count: count)
      waits = Array(repeating: 0, count: count)
      slacks = Array(repeating: 0, count: count)
    }
    var time = times.start
    var at = 0
    value = 0
    for (index, vertex) in route.enumerated() {
      let arrival = time + instance.travel(at, vertex)
      starts[index] = max(arrival, instance.opens[vertex])
      waits[index] = starts[index] - arrival
      time = starts[index] + instance.durations[vertex]
      at = vertex
      value += instance.scores[vertex]
    }
    finish = time + instance.travel(at, 0)
    var later = times.end - finish
    for index in stride(from: count - 1, through: 0, by: -1) {
      slacks[index] = min(instance.closes[route[index]] - starts[index], later)
      later = waits[index] + slacks[index]
    }
  }

  /// The time the route gets back, or `nil` when it is infeasible.
  ///
  /// - Complexity: O(L).
  static func finish(of route: [Int], day: OrienteeringDay, _ instance: OrienteeringInstance)
    -> Int?
  {
    var time = day.start
    var at = 0
    for vertex in route {
      let start = max(time + instance.travel(at, vertex), instance.opens[vertex])
      guard start <= instance.closes[vertex] else { return nil }
      time = start + instance.durations[vertex]
      at = vertex
    }
    time += instance.travel(at, 0)
    return time <= day.end ? time : nil
  }

  /// The score and the time the route gets back with the visits in `range`
  /// replaced (put in another order, or swapped for others), `order(k)` the
  /// visit at `range.lowerBound + k`, or `nil` when that is infeasible.
  ///
  /// - Complexity: O(range + K) for the K later visits it moves (it stops at
  ///   the first one that starts as before, or after its latest start).
  func reordering(
    _ range: ClosedRange<Int>, _ order: (Int) -> Int, _ instance: OrienteeringInstance
  ) -> RouteOutcome? {
    let first = range.lowerBound
    var time = first == 0 ? times.start : starts[first - 1] + instance.durations[route[first - 1]]
    var at = first == 0 ? 0 : route[first - 1]
    var score = value
    for k in 0..<range.count {
      let vertex = order(k)
      let start = max(time + instance.travel(at, vertex), instance.opens[vertex])
      guard start <= instance.closes[vertex] else { return nil }
      time = start + instance.durations[vertex]
      at = vertex
      score += instance.scores[vertex] - instance.scores[route[first + k]]
    }
    for index in range.upperBound + 1..<route.count {
      let vertex = route[index]
      let start = max(time + instance.travel(at, vertex), instance.opens[vertex])
      if start == starts[index] { return (score, Double(finish)) }
      guard start <= starts[index] + slacks[index] else { return nil }
      time = start + instance.durations[vertex]
      at = vertex
    }
    time += instance.travel(at, 0)
    return time <= times.end ? (score, Double(time)) : nil
  }

  /// What taking each visit out frees, for `mayFitWithout`.
  struct Removals {
    /// For each place 0...L: when the visit before it is left, and the
    /// latest start of the visit at it (the day's end after the last).
    var leaves: [Int]
    var latests: [Int]
    /// For each visit `k`, once it is out: how much later the visits before
    /// it may start at most, and how much earlier those after it.
    var later: [Int]
    var earlier: [Int]
  }

  /// What taking each visit out frees. Taking visit `k` out lets the visits
  /// before it start later by at most what visit `k - 1` gains, and those
  /// after it earlier by at most what visit `k + 1` gains (a wait or a window
  /// only absorbs a change, so the change shrinks along the route).
  ///
  /// - Complexity: O(L).
  func removals(_ instance: OrienteeringInstance) -> Removals? {
    let count = route.count
    let leaves = (0...count).map { p in
      p == 0 ? times.start : starts[p - 1] + instance.durations[route[p - 1]]
    }
    let latests = (0...count).map { p in p < count ? starts[p] + slacks[p] : times.end }
    var later = Array(repeating: 0, count: count)
    var earlier = Array(repeating: 0, count: count)
    for k in 0..<count {
      let next = k + 1 < count ? route[k + 1] : 0
      if k > 0 {
        let visit = route[k - 1]
        let latestStart = min(
          instance.closes[visit],
          latests[k + 1] - instance.durations[visit] - instance.travel(visit, next))
        later[k] = max(0, latestStart - latests[k - 1])
      }
      if k + 1 < count {
        let from = k == 0 ? 0 : route[k - 1]
        let start = max(instance.opens[next], leaves[k] + instance.travel(from, next))
        earlier[k] = max(0, starts[k + 1] - start)
      }
    }
    return Removals(leaves: leaves, latests: latests, later: later, earlier: earlier)
  }

  /// Sets `fits[k]` to whether `vertex` may fit the route once visit `k` is
  /// taken out: `false` when it cannot (a necessary condition, in O(1) a
  /// visit, that spares most exact checks). Each place away from `k` is
  /// bounded by the time it lacks now against what the removal frees
  /// (`removals`); the place where `k` was is checked exactly.
  ///
  /// - Complexity: O(L).
  func mayFitWithout(
    _ vertex: Int, _ removals: Removals, _ instance: OrienteeringInstance,
    into fits: inout [Bool]
  ) {
    let count = route.count
    let open = instance.opens[vertex]
    let close = instance.closes[vertex]
    let duration = instance.durations[vertex]
    fits.removeAll(keepingCapacity: true)
    fits.append(contentsOf: repeatElement(false, count: count))
    // Forward: the least lateness of the places before k, against how much
    // later they may start.
    var leastLateness = Int.max
    var from = 0
    for k in 0..<count {
      if leastLateness <= removals.later[k] { fits[k] = true }
      let start = max(removals.leaves[k] + instance.travel(from, vertex), open)
      if start <= close {
        let arrival = start + duration + instance.travel(vertex, route[k])
        leastLateness = min(leastLateness, arrival - removals.latests[k])
      }
      from = route[k]
    }
    // Backward: the least earliness of the places after k + 1 (how much
    // earlier the visit before must be left), against how much earlier they
    // may start; and the place where k was, between its two neighbours.
    var leastEarliness = Int.max
    var outboundAfter = 0
    for p in stride(from: count, through: 0, by: -1) {
      let inbound = instance.travel(p == 0 ? 0 : route[p - 1], vertex)
      let outbound = instance.travel(vertex, p < count ? route[p] : 0)
      if p < count {
        let start = max(removals.leaves[p] + inbound, open)
        if start <= close, start + duration + outboundAfter <= removals.latests[p + 1] {
          fits[p] = true
        }
      }
      if p > 0 {
        let latestStart = min(close, removals.latests[p] - duration - outbound)
        if latestStart >= open {
          leastEarliness = min(leastEarliness, removals.leaves[p] + inbound - latestStart)
        }
      }
      if p >= 2, leastEarliness <= removals.earlier[p - 2] { fits[p - 2] = true }
      outboundAfter = outbound
    }
  }

  /// Where `vertex` fits at the least extra time, and that time, or `nil`
  /// when it fits nowhere.
  ///
  /// The latest start of each visit (`starts + slacks`) never decreases
  /// along the route, so the places before the first visit that may start
  /// after `vertex` is done are skipped by binary search; the scan stops
  /// once the vertex could only start after its window.
  ///
  /// - Complexity: O(log L + W) for the W places within the vertex's window.
  func cheapestInsertion(of vertex: Int, _ instance: OrienteeringInstance) -> Insertion? {
    var best: Insertion?
    let close = instance.closes[vertex]
    let done = instance.opens[vertex] + instance.durations[vertex]
    var low = 0
    var high = route.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] + slacks[middle] < done { low = middle + 1 } else { high = middle }
    }
    var leave = low == 0 ? times.start : starts[low - 1] + instance.durations[route[low - 1]]
    var previous = low == 0 ? 0 : route[low - 1]
    for at in low...route.count {
      // Every later start of the visit is later still.
      if leave > close { break }
      let next = at < route.count ? route[at] : 0
      let start = max(leave + instance.travel(previous, vertex), instance.opens[vertex])
      if start <= instance.closes[vertex] {
        let arrival = start + instance.durations[vertex] + instance.travel(vertex, next)
        let shift = arrival - (leave + instance.travel(previous, next))
        let fits =
          at < route.count ? shift <= waits[at] + slacks[at] : arrival <= times.end
        if fits, best.map({ shift < $0.shift }) ?? true { best = (at, shift) }
      }
      if at < route.count {
        leave = starts[at] + instance.durations[next]
        previous = next
      }
    }
    return best
  }

  func insertion(of vertex: Int, _ instance: OrienteeringInstance) -> RouteInsertion? {
    cheapestInsertion(of: vertex, instance).map {
      RouteInsertion(at: $0.at, gain: instance.scores[vertex], shift: Double($0.shift))
    }
  }
}

extension OrienteeringInstance: OrienteeringModel {
  typealias Timeline = OrienteeringTimeline

  public var dayCount: Int { days.count }
  var tolerance: Double { 1e-9 * max(1, scores.reduce(0) { $0 + abs($1) }) }
  var categoryCount: Int { 1 }
  var categoryLimit: Int { .max }

  func outcome(of route: [Int], day: Int) -> RouteOutcome? {
    OrienteeringTimeline.finish(of: route, day: days[day], self).map {
      (route.reduce(0) { $0 + scores[$1] }, Double($0))
    }
  }

  func value(of routes: [[Int]]) -> Double? { isFeasible(routes) ? score(routes) : nil }
  func worthBound(_ vertex: Int) -> Double { scores[vertex] }
  var worthIsFixed: Bool { true }
  func daysAlike(_ a: Int, _ b: Int) -> Bool { days[a] == days[b] }
  func category(of vertex: Int) -> Int { 0 }
}
