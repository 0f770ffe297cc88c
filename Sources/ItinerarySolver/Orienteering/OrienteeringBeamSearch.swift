import ItineraryCore

/// A beam search for one route of the orienteering problem with time
/// windows: routes grow from the depot one visit at a time, and after each
/// step only the `width` most promising partial routes are kept, ranked by
/// their score plus a value of the time they have left. Of partial routes
/// with the same last vertex and the same visits, only the one that leaves
/// earliest is kept (it dominates the others). Every partial route can get
/// home, so the best of them all is the answer; a beam that never had to
/// drop a partial route was exact.
///
/// It gives the local search a start from a route built whole rather than
/// by insertion, a different part of the search space.
///
/// - Complexity: O(L * W * (n + log W)) time and O(L * W + W * n / 64)
///   memory for routes of at most L visits, a width W and n vertices.
enum OrienteeringBeamSearch {
  /// How much a unit of time left is worth in the ranking, as a multiple of
  /// the best score per unit of the day found so far (on pr16, 0.6, 1.0,
  /// 2.2 and 3.1 did worse, 1.7 as well).
  static let timeWeight = 1.4
  /// The widest beam `route` tries: on pr16 wider ones found no more, and it
  /// bounds the memory (a few tens of megabytes).
  static let maxWidth = 1 << 15

  /// The best route beam search finds on `day`, with widths doubling from
  /// 1000 until `deadline`, up to `maxWidth`, or until a beam kept every
  /// partial route (it was exact).
  ///
  /// The value of time is calibrated first: a few narrow searches, each
  /// weighing time by the score the one before found.
  ///
  /// - Complexity: bounded by `deadline`; see `bestRoute`.
  static func route(
    _ instance: OrienteeringInstance, day: OrienteeringDay,
    successors: OrienteeringSuccessors, until deadline: Deadline
  ) -> [Int] {
    let length = Double(max(1, day.end - day.start))
    var best: (route: [Int], score: Double) = ([], 0)
    var reference = instance.scores.dropFirst().reduce(0) { $0 + max($1, 0) }
    var width = 100
    for pass in 0... {
      guard !deadline.hasPassed, width <= maxWidth else { break }
      let found = bestRoute(
        instance, day: day, width: width, valueOfTime: timeWeight * reference / length,
        successors: successors, deadline: deadline)
      if found.score > best.score || pass < 3 { reference = max(found.score, 1) }
      if found.score > best.score { best = (found.route, found.score) }
      if found.complete { break }
      if pass >= 3 { width = pass == 3 ? 1000 : width * 2 }
    }
    return best.route
  }

  /// The best route found on `day`, or the empty route; it stops early,
  /// with the best so far, at `deadline`. Partial routes are ranked by
  /// score plus `valueOfTime` times the time left in the day.
  ///
  /// - Returns: the route, its score, and whether the beam kept every
  ///   partial route it met (the route is then the best there is).
  static func bestRoute(
    _ instance: OrienteeringInstance, day: OrienteeringDay, width: Int,
    valueOfTime: Double, successors: OrienteeringSuccessors, deadline: Deadline
  ) -> (route: [Int], score: Double, complete: Bool) {
    let width = max(1, width)
    let n = instance.vertexCount
    let words = (n + 63) / 64
    var random = SplitMix64(seed: 0x9E37_79B9)
    let keys = (0..<n).map { _ in random.next() }
    // Every partial route ever kept: its last vertex and the one before.
    var trail: [(vertex: Int32, parent: Int32)] = []
    // The beam: for each partial route, its trail index, departure, score,
    // key (a hash of its visits) and visits (a bit set, `words` words).
    var beam: [Partial] = [Partial(node: -1, vertex: 0, leave: day.start, score: 0, key: 0)]
    var sets = Array(repeating: UInt64(0), count: words)
    var bestScore = 0.0
    var bestNode = Int32(-1)
    var candidates: [Candidate] = []
    // The `width` highest priorities met in this step, the lowest on top
    // (a max-heap of their negations).
    var floor = MaxHeap<Void>(capacity: width)
    var floorCount = 0
    var complete = true
    while !beam.isEmpty {
      guard !deadline.hasPassed else {
        complete = false
        break
      }
      candidates.removeAll(keepingCapacity: true)
      floor = MaxHeap<Void>(capacity: width)
      floorCount = 0
      for (index, partial) in beam.enumerated() {
        let base = index * words
        for next in successors[partial.vertex] {
          guard next.last >= partial.leave else { break }
          let w = next.vertex
          if sets[base + w / 64] & (1 << (w % 64)) != 0 { continue }
          if instance.scores[w] <= 0 { continue }
          let score = partial.score + instance.scores[w]
          let leave =
            max(partial.leave + next.way, instance.opens[w]) + instance.durations[w]
          guard leave + instance.travel(w, 0) <= day.end else { continue }
          let priority = score + valueOfTime * Double(day.end - leave)
          if floorCount == width {
            // A partial route is dropped: this one, or the lowest kept.
            complete = false
            guard priority > -(floor.top?.key ?? .infinity) else { continue }
            _ = floor.pop()
          } else {
            floorCount += 1
          }
          floor.push(-priority, ())
          candidates.append(
            Candidate(
              from: Int32(index), vertex: Int32(w), leave: leave, score: score,
              priority: priority, key: partial.key ^ keys[w]))
          // Memory stays within a few beams' worth.
          if candidates.count >= 8 * width, let lowest = floor.top {
            candidates.removeAll { $0.priority < -lowest.key }
          }
        }
      }
      let threshold = floorCount < width ? -Double.infinity : -(floor.top?.key ?? .infinity)
      candidates.removeAll { $0.priority < threshold }
      candidates.sort {
        $0.priority != $1.priority ? $0.priority > $1.priority : $0.leave < $1.leave
      }
      var seen = Set<UInt64>()
      var nextBeam: [Partial] = []
      var nextSets: [UInt64] = []
      nextBeam.reserveCapacity(min(width, candidates.count))
      for candidate in candidates where nextBeam.count < width {
        let key = candidate.key &+ UInt64(candidate.vertex) &* 0x100_0000_01B3
        guard seen.insert(key).inserted else { continue }
        let parent = beam[Int(candidate.from)]
        trail.append((candidate.vertex, parent.node))
        let node = Int32(trail.count - 1)
        let base = Int(candidate.from) * words
        nextSets += sets[base..<base + words]
        let w = Int(candidate.vertex)
        nextSets[nextSets.count - words + w / 64] |= 1 << (w % 64)
        nextBeam.append(
          Partial(
            node: node, vertex: w, leave: candidate.leave, score: candidate.score,
            key: candidate.key))
        if candidate.score > bestScore + 1e-9 {
          bestScore = candidate.score
          bestNode = node
        }
      }
      beam = nextBeam
      sets = nextSets
    }
    var route: [Int] = []
    var node = bestNode
    while node >= 0 {
      route.append(Int(trail[Int(node)].vertex))
      node = trail[Int(node)].parent
    }
    route.reverse()
    return (route, instance.score([route]), complete)
  }

  private struct Partial {
    var node: Int32
    var vertex: Int
    var leave: Int
    var score: Double
    var key: UInt64
  }

  private struct Candidate {
    var from: Int32
    var vertex: Int32
    var leave: Int
    var score: Double
    var priority: Double
    var key: UInt64
  }
}
