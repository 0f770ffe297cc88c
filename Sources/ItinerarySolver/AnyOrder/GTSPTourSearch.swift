import ItineraryCore

/// The local search of `GTSPHeuristic`: a tour of one node per cluster,
/// improved with candidate lists and a queue of clusters to look at
/// ("don't-look bits"), so that after a small change only its neighbourhood
/// is searched again.
///
/// Moves, each tried from the cluster taken off the queue:
/// - *reinsertion*: the cluster out of the tour and back in with any of its
///   nodes, in place or next to a candidate cluster (this also re-picks the
///   node in place);
/// - *2-opt*: a reversal that joins the cluster's node to a candidate's node;
/// - *Or-opt*: a run of two or three stops from the cluster moved next to a
///   candidate, forwards or reversed.
/// When the queue is empty, cluster optimization (`LayeredShortestPath`)
/// re-picks every node for the cluster order, and the clusters it changed
/// go back on the queue.
///
/// Asymmetric costs are priced exactly: reversals from prefix sums of the
/// path in both directions.
struct GTSPTourSearch {
  let instance: GTSPInstance
  let epsilon: Double
  /// For every node, the clusters nearest it (by the cheaper arc either
  /// way to any of their nodes), `width` a node, nearest first.
  private let candidates: [Int]
  private let width: Int
  private var layered: LayeredShortestPath

  /// One node per cluster, in visiting order.
  private(set) var tour: [Int] = []
  /// The index in `tour` of each cluster's node.
  private(set) var position: [Int]
  private(set) var cost = 0.0

  private var queue: [Int] = []
  private var queueHead = 0
  private var queued: [Bool]
  /// Path costs from the first stop: `forward[i]` to stop i, `backward[i]`
  /// the same arcs taken the other way. Only kept for asymmetric costs.
  private var forward: [Double] = []
  private var backward: [Double] = []
  private var prefixValid = false
  /// Moves applied, for the tests and the statistics.
  private(set) var moves = 0

  /// - Parameter width: the candidate clusters per node.
  /// - Complexity: O(N^2 + N * width) for N nodes.
  init(instance: GTSPInstance, epsilon: Double, width: Int = 10) {
    self.instance = instance
    self.epsilon = epsilon
    let m = instance.clusters.count
    let width = max(0, min(width, m - 1))
    self.width = width
    layered = LayeredShortestPath(instance: instance)
    position = Array(repeating: 0, count: m)
    queued = Array(repeating: false, count: m)
    var candidates = Array(repeating: 0, count: instance.nodeCount * width)
    if width > 0 {
      var nearest = Array(repeating: Double.infinity, count: m)
      var order = Array(0..<m)
      for v in 0..<instance.nodeCount {
        for d in 0..<m { nearest[d] = .infinity }
        for w in 0..<instance.nodeCount {
          let value = min(instance.cost(v, w), instance.cost(w, v))
          let d = instance.clusterOf[w]
          if value < nearest[d] { nearest[d] = value }
        }
        let own = instance.clusterOf[v]
        // Partial selection: the `width` nearest other clusters, ties by index.
        var count = 0
        for d in 0..<m where d != own {
          var i = count
          if count < width {
            count += 1
          } else if !Self.before(d, order[width - 1], nearest) {
            continue
          } else {
            i = width - 1
          }
          while i > 0, Self.before(d, order[i - 1], nearest) {
            order[i] = order[i - 1]
            i -= 1
          }
          order[i] = d
        }
        for i in 0..<width { candidates[v * width + i] = order[i] }
      }
    }
    self.candidates = candidates
  }

  private static func before(_ a: Int, _ b: Int, _ nearest: [Double]) -> Bool {
    let x = nearest[a]
    let y = nearest[b]
    // Infinite or NaN distances sort last, then by index.
    if x.isFinite != y.isFinite { return x.isFinite }
    if x.isFinite, x != y { return x < y }
    return a < b
  }

  // MARK: The tour

  @inline(__always) private func next(_ i: Int) -> Int { i + 1 == tour.count ? 0 : i + 1 }
  @inline(__always) private func previous(_ i: Int) -> Int { i == 0 ? tour.count - 1 : i - 1 }
  @inline(__always) private func c(_ u: Int, _ v: Int) -> Double { instance.cost(u, v) }

  /// Makes `nodes` (one per cluster) the tour, with nothing queued.
  mutating func load(_ nodes: [Int]) {
    tour = nodes
    for (i, v) in tour.enumerated() { position[instance.clusterOf[v]] = i }
    cost = instance.tourCost(tour)
    prefixValid = false
    clearQueue()
  }

  private mutating func reindex(_ range: ClosedRange<Int>) {
    for i in range { position[instance.clusterOf[tour[i]]] = i }
    prefixValid = false
  }

  private mutating func clearQueue() {
    for d in queue[queueHead...] { queued[d] = false }
    queue.removeAll(keepingCapacity: true)
    queueHead = 0
  }

  /// Puts the cluster of `node` on the queue.
  mutating func touch(node: Int) { push(instance.clusterOf[node]) }

  /// Puts every cluster on the queue, in tour order.
  mutating func touchAll() { for v in tour { touch(node: v) } }

  private mutating func push(_ cluster: Int) {
    guard !queued[cluster] else { return }
    queued[cluster] = true
    queue.append(cluster)
  }

  private mutating func pop() -> Int? {
    guard queueHead < queue.count else {
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
      return nil
    }
    let d = queue[queueHead]
    queueHead += 1
    queued[d] = false
    return d
  }

  private mutating func updatePrefix() {
    guard !instance.isSymmetric, !prefixValid else { return }
    let m = tour.count
    if forward.count != m + 1 {
      forward = Array(repeating: 0, count: m + 1)
      backward = Array(repeating: 0, count: m + 1)
    }
    for i in 0..<m {
      let a = tour[i]
      let b = tour[next(i)]
      forward[i + 1] = forward[i] + c(a, b)
      backward[i + 1] = backward[i] + c(b, a)
    }
    prefixValid = true
  }

  /// The cost of the path from stop i forward to stop j taken in reverse,
  /// less taken forward (0 on symmetric costs).
  private func reversal(from i: Int, to j: Int) -> Double {
    guard !instance.isSymmetric, i != j else { return 0 }
    let m = tour.count
    if i < j { return (backward[j] - backward[i]) - (forward[j] - forward[i]) }
    return (backward[m] - backward[i] + backward[j]) - (forward[m] - forward[i] + forward[j])
  }

  // MARK: Local search

  /// Improves the tour from the queued clusters to a local optimum of the
  /// moves and cluster optimization. Returns the tour's cost.
  @discardableResult
  mutating func optimize() -> Double {
    guard tour.count > 2 else {
      if tour.count > 0 { optimizeClusters() }
      clearQueue()
      return cost
    }
    while true {
      while let d = pop() {
        if improve(cluster: d) { push(d) }
      }
      guard optimizeClusters() else { return cost }
    }
  }

  /// Cluster optimization; queues the clusters whose node changed and their
  /// neighbours. Returns whether it improved the tour.
  @discardableResult
  mutating func optimizeClusters() -> Bool {
    let optimized = layered.optimize(order: tour.map { instance.clusterOf[$0] })
    guard optimized.cost < cost - epsilon else { return false }
    let old = Set(tour)
    tour = optimized.nodes
    cost = optimized.cost
    reindex(0...(tour.count - 1))
    for (i, v) in tour.enumerated() where !old.contains(v) {
      touch(node: v)
      touch(node: tour[next(i)])
      touch(node: tour[previous(i)])
    }
    moves += 1
    return true
  }

  /// Tries the moves from `cluster`; applies the first that improves.
  private mutating func improve(cluster: Int) -> Bool {
    updatePrefix()
    if reinsert(cluster) { return true }
    if twoOpt(cluster) { return true }
    for length in 2...3 where tour.count > length + 2 {
      if orOpt(cluster, length: length, first: true) { return true }
      if orOpt(cluster, length: length, first: false) { return true }
    }
    if instance.isSymmetric, tour.count > 6 {
      if segmentInsertion(cluster, forward: true) { return true }
      if segmentInsertion(cluster, forward: false) { return true }
    }
    return false
  }

  /// The longest run `segmentInsertion` moves.
  static let longestInsertedRun = 30

  /// Segment insertion (Or-3opt) on symmetric costs: the run that starts at
  /// the node s0 of `cluster` and extends away from its neighbour a (after
  /// it when `forward`), of 1 to `longestInsertedRun` stops, moved between a
  /// candidate u of s0 and u's neighbour w, s0 next to u. Only candidates
  /// that gain from the first exchange (u closer to s0 than a) are tried,
  /// as in Lin-Kernighan. Applies the best move found.
  private mutating func segmentInsertion(_ cluster: Int, forward: Bool) -> Bool {
    let m = tour.count
    let p = position[cluster]
    let n = instance.nodeCount
    let width = self.width
    let longest = min(Self.longestInsertedRun, m - 4)
    var bestDelta = -epsilon
    var best: (end: Int, u: Int, w: Int)? = nil
    instance.costs.withUnsafeBufferPointer { c in
      tour.withUnsafeBufferPointer { t in
        position.withUnsafeBufferPointer { place in
          candidates.withUnsafeBufferPointer { near in
            @inline(__always) func ahead(_ i: Int) -> Int {
              forward ? (i + 1 == m ? 0 : i + 1) : (i == 0 ? m - 1 : i - 1)
            }
            @inline(__always) func behind(_ i: Int) -> Int {
              forward ? (i == 0 ? m - 1 : i - 1) : (i + 1 == m ? 0 : i + 1)
            }
            let s0 = t[p]
            let a = t[behind(p)]
            let removedA = c[a * n + s0]
            for k in 0..<width {
              let q = place[near[s0 * width + k]]
              let u = t[q]
              let joined = c[u * n + s0]
              guard joined < removedA - epsilon else { continue }
              for side in 0..<2 {
                let qw = side == 0 ? (q + 1 == m ? 0 : q + 1) : (q == 0 ? m - 1 : q - 1)
                if qw == p || q == p { continue }
                let w = t[qw]
                let fixed = joined - removedA - c[u * n + w]
                var end = p
                for _ in 0..<longest {
                  if end == q || end == qw { break }
                  let b = ahead(end)
                  let sk = t[end]
                  let bn = t[b]
                  if bn == a { break }
                  let delta = fixed + c[a * n + bn] + c[sk * n + w] - c[sk * n + bn]
                  if delta < bestDelta {
                    bestDelta = delta
                    best = (end, u, w)
                  }
                  end = b
                }
              }
            }
          }
        }
      }
    }
    guard let best else { return false }
    // The run in order from s0, and the rest of the tour after it.
    var run: [Int] = []
    var i = p
    while true {
      run.append(tour[i])
      if i == best.end { break }
      i = forward ? next(i) : previous(i)
    }
    let a = tour[forward ? previous(p) : next(p)]
    let b = tour[forward ? next(best.end) : previous(best.end)]
    let inRun = Set(run.map { instance.clusterOf[$0] })
    var rest: [Int] = []
    rest.reserveCapacity(m)
    for v in tour where !inRun.contains(instance.clusterOf[v]) { rest.append(v) }
    guard let iu = rest.firstIndex(of: best.u) else { return false }
    let after = rest[iu + 1 == rest.count ? 0 : iu + 1]
    if after == best.w {
      rest.insert(contentsOf: run, at: iu + 1)
    } else {
      rest.insert(contentsOf: run.reversed(), at: iu)
    }
    let oldCost = cost
    tour = rest
    reindex(0...(m - 1))
    cost = oldCost + bestDelta
    for node in [a, b, best.u, best.w, run[0], run[run.count - 1]] { touch(node: node) }
    moves += 1
    return true
  }

  /// Reinsertion of `cluster` with its best node, in place or next to a
  /// candidate cluster.
  private mutating func reinsert(_ cluster: Int) -> Bool {
    let p = position[cluster]
    let x = tour[p]
    let pa = previous(p)
    let pb = next(p)
    let a = tour[pa]
    let b = tour[pb]
    let gain = c(a, x) + c(x, b) - c(a, b)
    var bestDelta = -epsilon
    var best: (node: Int, after: Int)? = nil  // insert after stop index `after` (-1: in place)
    let members = instance.clusters[cluster]
    for v in members where v != x {
      let delta = c(a, v) + c(v, b) - c(a, b) - gain
      if delta < bestDelta {
        bestDelta = delta
        best = (v, -1)
      }
    }
    if tour.count > 3 {
      let n = instance.nodeCount
      let m = tour.count
      let width = self.width
      instance.costs.withUnsafeBufferPointer { c in
        tour.withUnsafeBufferPointer { t in
          position.withUnsafeBufferPointer { place in
            candidates.withUnsafeBufferPointer { near in
              for v in members {
                let row = v * n
                for k in 0..<width {
                  let q = place[near[v * width + k]]
                  let u = t[q]
                  // Between u and its successor, and between its predecessor
                  // and u, in the tour without the cluster.
                  let qn = q + 1 == m ? 0 : q + 1
                  if q != pa, qn != p {
                    let s = t[qn]
                    let delta = c[u * n + v] + c[row + s] - c[u * n + s] - gain
                    if delta < bestDelta {
                      bestDelta = delta
                      best = (v, q)
                    }
                  }
                  let qp = q == 0 ? m - 1 : q - 1
                  if q != pb, qp != p {
                    let r = t[qp]
                    let delta = c[r * n + v] + c[row + u] - c[r * n + u] - gain
                    if delta < bestDelta {
                      bestDelta = delta
                      best = (v, qp)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    guard let best else { return false }
    touch(node: a)
    touch(node: b)
    if best.after < 0 {
      tour[p] = best.node
      prefixValid = false
    } else {
      let u = tour[best.after]
      let s = tour[next(best.after)]
      tour.remove(at: p)
      let q = best.after > p ? best.after - 1 : best.after
      tour.insert(best.node, at: q + 1)
      reindex(min(p, q + 1)...max(p, q + 1))
      touch(node: u)
      touch(node: s)
    }
    cost += bestDelta
    moves += 1
    return true
  }

  /// 2-opt from the node of `cluster`: for each candidate cluster's node u,
  /// the reversal that makes x and u neighbours, after x or before it.
  private mutating func twoOpt(_ cluster: Int) -> Bool {
    let m = tour.count
    guard m > 3 else { return false }
    let p = position[cluster]
    let x = tour[p]
    let pn = next(p)
    let pp = previous(p)
    let xn = tour[pn]
    let xp = tour[pp]
    for k in 0..<width {
      let q = position[candidates[x * width + k]]
      let u = tour[q]
      // x u ... reversed: remove (x, xn) and (u, un); add (x, u) and (xn, un);
      // the path xn ... u is reversed.
      let qn = next(q)
      if q != pn, qn != p, q != p {
        let un = tour[qn]
        let delta =
          c(x, u) + c(xn, un) - c(x, xn) - c(u, un) + reversal(from: pn, to: q)
        if delta < -epsilon {
          reverse(from: pn, to: q)
          cost += delta
          for node in [x, xn, u, un] { touch(node: node) }
          moves += 1
          return true
        }
      }
      // ... u x: remove (xp, x) and (up, u); add (up, xp) and (u, x); the
      // path u ... xp is reversed.
      let qp = previous(q)
      if q != pp, qp != p, q != p {
        let up = tour[qp]
        let delta =
          c(up, xp) + c(u, x) - c(xp, x) - c(up, u) + reversal(from: q, to: pp)
        if delta < -epsilon {
          reverse(from: q, to: pp)
          cost += delta
          for node in [x, xp, u, up] { touch(node: node) }
          moves += 1
          return true
        }
      }
    }
    return false
  }

  /// Reverses the stops from index i forward to index j (cyclically).
  private mutating func reverse(from i: Int, to j: Int) {
    let m = tour.count
    var length = j - i + 1
    if length <= 0 { length += m }
    var a = i
    var b = j
    for _ in 0..<(length / 2) {
      tour.swapAt(a, b)
      position[instance.clusterOf[tour[a]]] = a
      position[instance.clusterOf[tour[b]]] = b
      a = next(a)
      b = previous(b)
    }
    prefixValid = false
  }

  /// Or-opt: the run of `length` stops that starts (or ends, when `first`
  /// is false) at `cluster`, moved next to a candidate of one of its ends,
  /// forwards or reversed.
  private mutating func orOpt(_ cluster: Int, length: Int, first: Bool) -> Bool {
    let m = tour.count
    let p = position[cluster]
    let start = first ? p : (p - length + 1 + m) % m
    let end = (start + length - 1) % m
    let s0 = tour[start]
    let s1 = tour[end]
    let before = tour[previous(start)]
    let after = tour[next(end)]
    let gain = c(before, s0) + c(s1, after) - c(before, after)
    let turned = reversal(from: start, to: end)
    var bestDelta = -epsilon
    var best: (after: Int, reversed: Bool)? = nil
    let n = instance.nodeCount
    let width = self.width
    let afterEnd = next(end)
    instance.costs.withUnsafeBufferPointer { c in
      tour.withUnsafeBufferPointer { t in
        position.withUnsafeBufferPointer { place in
          candidates.withUnsafeBufferPointer { near in
            @inline(__always) func inside(_ i: Int) -> Bool {
              var offset = i - start
              if offset < 0 { offset += m }
              return offset < length
            }
            for side in 0..<2 {
              let endNode = side == 0 ? s0 : s1
              for k in 0..<width {
                let q = place[near[endNode * width + k]]
                if inside(q) { continue }
                // Insert between q and its successor in the tour without the
                // run, or between its predecessor and q.
                for which in 0..<2 {
                  let i = which == 0 ? q : (q == 0 ? m - 1 : q - 1)
                  if inside(i) { continue }
                  var j = i + 1 == m ? 0 : i + 1
                  if inside(j) { j = afterEnd }
                  let u = t[i]
                  let w = t[j]
                  if u == before && w == after { continue }
                  let base = -c[u * n + w] - gain
                  let straight = base + c[u * n + s0] + c[s1 * n + w]
                  if straight < bestDelta {
                    bestDelta = straight
                    best = (i, false)
                  }
                  let back = base + c[u * n + s1] + c[s0 * n + w] + turned
                  if back < bestDelta {
                    bestDelta = back
                    best = (i, true)
                  }
                }
              }
            }
          }
        }
      }
    }
    guard let best else { return false }
    var run = (0..<length).map { tour[(start + $0) % m] }
    if best.reversed { run.reverse() }
    let u = tour[best.after]
    var rebuilt: [Int] = []
    rebuilt.reserveCapacity(m)
    var i = next(end)
    while i != start {
      rebuilt.append(tour[i])
      if i == best.after { rebuilt += run }
      i = next(i)
    }
    for node in [before, after, u, s0, s1] { touch(node: node) }
    if let w = rebuilt.firstIndex(of: u).map({ rebuilt[($0 + length + 1) % m] }) {
      touch(node: w)
    }
    tour = rebuilt
    reindex(0...(m - 1))
    cost += bestDelta
    moves += 1
    return true
  }

  // MARK: Kicks

  /// A double bridge on a window of the tour: A B C D becomes A C B D, with
  /// B and C runs of 1 to `longest` stops from a random place.
  mutating func segmentSwap(_ random: inout SplitMix64, longest: Int) {
    let m = tour.count
    guard m >= 8 else {
      randomReversal(&random)
      return
    }
    let cap = max(1, min(longest, (m - 2) / 2))
    let l1 = 1 + random.below(cap)
    let l2 = 1 + random.below(cap)
    let start = random.below(m)
    var rotated = (0..<m).map { tour[(start + $0) % m] }
    // rotated = [x] B C rest, with B = 1..<1+l1, C = 1+l1..<1+l1+l2.
    let b = Array(rotated[1..<(1 + l1)])
    let cRun = Array(rotated[(1 + l1)..<(1 + l1 + l2)])
    rotated.replaceSubrange(1..<(1 + l1 + l2), with: cRun + b)
    tour = rotated
    reindex(0...(m - 1))
    cost = instance.tourCost(tour)
    for i in [0, 1, l2, l2 + 1, l1 + l2, (l1 + l2 + 1) % m] { touch(node: tour[i]) }
  }

  /// Reverses a random run of the tour (for tours too short to swap runs).
  private mutating func randomReversal(_ random: inout SplitMix64) {
    let m = tour.count
    guard m >= 3 else { return }
    let i = random.below(m)
    let j = (i + 1 + random.below(m - 1)) % m
    reverse(from: i, to: j)
    cost = instance.tourCost(tour)
    touchAll()
  }

  /// Takes out `count` clusters (the ones nearest a random stop, or a random
  /// run) and puts them back one by one at their cheapest place with their
  /// cheapest node, in random order.
  /// When `scatter`, each goes anywhere with any of its nodes instead.
  mutating func removeAndReinsert(
    _ random: inout SplitMix64, count: Int, nearby: Bool, scatter: Bool = false
  ) {
    let m = tour.count
    let count = min(count, m - 2)
    guard count > 0 else { return }
    var removed: [Int] = []
    if nearby {
      let center = tour[random.below(m)]
      var order = tour
      order.sort {
        let x = c(center, $0) + c($0, center)
        let y = c(center, $1) + c($1, center)
        return x < y || (!(y < x) && $0 < $1)
      }
      removed = Array(order.prefix(count))
    } else {
      let start = random.below(m)
      removed = (0..<count).map { tour[(start + $0) % m] }
    }
    let gone = Set(removed)
    var rest = tour.filter { !gone.contains($0) }
    random.shuffle(&removed)
    for node in removed {
      let cluster = instance.clusterOf[node]
      if scatter {
        let members = instance.clusters[cluster]
        rest.insert(members[random.below(members.count)], at: random.below(rest.count + 1))
        continue
      }
      var best = (node: node, at: rest.count, delta: Double.infinity)
      for v in instance.clusters[cluster] {
        for i in rest.indices {
          let a = rest[i]
          let b = rest[i + 1 == rest.count ? 0 : i + 1]
          let delta = c(a, v) + c(v, b) - c(a, b)
          if delta < best.delta { best = (v, i + 1, delta) }
        }
      }
      rest.insert(best.node, at: best.at)
    }
    tour = rest
    reindex(0...(m - 1))
    cost = instance.tourCost(tour)
    let clusters = Set(removed.map { instance.clusterOf[$0] })
    for (i, v) in tour.enumerated() where clusters.contains(instance.clusterOf[v]) {
      touch(node: v)
      touch(node: tour[next(i)])
      touch(node: tour[previous(i)])
    }
  }
}
