import Foundation
import ItineraryCore

/// Held-Karp's dynamic program over subsets, generalized to clusters: the
/// exact cost of finishing a GTSP tour from any node through any set of the
/// remaining clusters, back to a fixed anchor node.
///
/// With the clusters other than the anchor's numbered as bits,
/// `g(R, v)` = the least cost of a path from node `v` through one node of every
/// cluster in `R` (in any order) to the anchor:
/// `g({}, v) = cost(v, anchor)`,
/// `g(R, v) = min over c in R, u in c of cost(v, u) + g(R - c, u)`.
/// The best tour through the anchor costs `g(all, anchor)`.
///
/// Branch and bound: given the cost of a known tour, a state is dropped when
/// its completion plus a lower bound on reaching it from the anchor (each
/// cluster still to enter costs at least its cheapest incoming arc) already
/// exceeds that cost; dropped states are never expanded, and no tour at most
/// as costly as the bound passes through one, so the answer stays exact.
///
/// - Complexity: O(2^m * N^2) time in the worst case and O(2^m * N) memory,
///   for m clusters and N nodes; pruning removes most of the work when the
///   bound is tight.
struct ClusterHeldKarp {
  let instance: GTSPInstance
  let anchor: Int
  /// The clusters other than the anchor's, in bit order.
  let otherClusters: [Int]
  /// `bitOfCluster[c]` is the bit of cluster `c`, or -1 for the anchor's.
  let bitOfCluster: [Int]
  /// `g(R, v)` at `table[R * nodeCount + v]`; infinite when pruned or undefined.
  private var table: [Double]

  /// The deadline is read once every this many plus one rows.
  private static let deadlineCheckMask = 1023

  /// Whether the table for `instance` fits in `maxCells`.
  static func fits(_ instance: GTSPInstance, maxCells: Int = GTSPSolver.defaultMaxCells) -> Bool {
    let bits = instance.clusters.count - 1
    return bits < 40 && (1 << bits) <= maxCells / max(1, instance.nodeCount)
  }

  /// Fills the table, or returns `nil` when it does not fit in `maxCells` or
  /// `deadline` passes first.
  ///
  /// - Parameter upperBound: the cost of a known tour; states that cannot
  ///   lead to a tour of at most this cost are pruned. Pass `infinity` to keep
  ///   every completion exact (the top-K search needs them all).
  init?(
    instance: GTSPInstance, anchor: Int, upperBound: Double = .infinity,
    maxCells: Int = GTSPSolver.defaultMaxCells, deadline: Deadline? = nil
  ) {
    guard Self.fits(instance, maxCells: maxCells) else { return nil }
    self.instance = instance
    self.anchor = anchor
    let anchorCluster = instance.clusterOf[anchor]
    otherClusters = instance.clusters.indices.filter { $0 != anchorCluster }
    var bitOfCluster = Array(repeating: -1, count: instance.clusters.count)
    for (bit, cluster) in otherClusters.enumerated() { bitOfCluster[cluster] = bit }
    self.bitOfCluster = bitOfCluster
    let n = instance.nodeCount
    let full = (1 << otherClusters.count) - 1
    table = Array(repeating: .infinity, count: (full + 1) * n)

    // The cheapest arc into each node and into each cluster, for the bound.
    var minInto = Array(repeating: Double.infinity, count: n)
    for v in 0..<n {
      for w in 0..<n where instance.clusterOf[w] != instance.clusterOf[v] {
        minInto[v] = min(minInto[v], instance.cost(w, v))
      }
    }
    let minIntoCluster = otherClusters.map { c in
      instance.clusters[c].map { minInto[$0] }.min() ?? 0
    }
    let allEntries = minIntoCluster.reduce(0, +)
    let prunes = upperBound.isFinite
    let slack = 1e-9 * max(1, abs(upperBound))

    var outside: [Int] = []
    var entries: [(node: Int, value: Double)] = []
    for remaining in 0...full {
      if remaining & Self.deadlineCheckMask == 0, deadline?.hasPassed == true { return nil }
      outside.removeAll(keepingCapacity: true)
      var enteredBeforeV = allEntries
      for (bit, cluster) in otherClusters.enumerated() {
        if remaining & (1 << bit) != 0 {
          enteredBeforeV -= minIntoCluster[bit]
        } else {
          outside.append(contentsOf: instance.clusters[cluster])
        }
      }
      if remaining == full { outside.append(anchor) }
      let row = remaining * n
      if remaining == 0 {
        for v in outside { table[v] = instance.cost(v, anchor) }
      } else {
        for bit in otherClusters.indices where remaining & (1 << bit) != 0 {
          let rest = (remaining & ~(1 << bit)) * n
          entries.removeAll(keepingCapacity: true)
          for u in instance.clusters[otherClusters[bit]] where table[rest + u].isFinite {
            entries.append((u, table[rest + u]))
          }
          if entries.isEmpty { continue }
          for v in outside {
            var best = table[row + v]
            for (u, value) in entries {
              let candidate = instance.cost(v, u) + value
              if candidate < best { best = candidate }
            }
            table[row + v] = best
          }
        }
      }
      guard prunes else { continue }
      for v in outside where v != anchor {
        // A path anchor -> ... -> v enters every cluster outside `remaining`
        // (v's own with its cheapest arc into v) before completing from v.
        let vBit = bitOfCluster[instance.clusterOf[v]]
        let reach = enteredBeforeV - minIntoCluster[vBit] + minInto[v]
        if reach + table[row + v] > upperBound + slack { table[row + v] = .infinity }
      }
    }
  }

  /// The least cost from `node` through the clusters of `remaining` (a bit
  /// set over `otherClusters`) to the anchor; infinite when pruned.
  func completion(remaining: Int, from node: Int) -> Double {
    table[remaining * instance.nodeCount + node]
  }

  /// The best tour through the anchor, starting there, or `nil` when every
  /// tour was pruned (none is cheaper than the upper bound).
  ///
  /// - Complexity: O(m * N).
  func bestTour() -> GTSPTour? {
    let full = (1 << otherClusters.count) - 1
    let cost = completion(remaining: full, from: anchor)
    guard cost.isFinite else { return nil }
    var nodes = [anchor]
    var remaining = full
    var current = anchor
    while remaining != 0 {
      let target = completion(remaining: remaining, from: current)
      var choice: (node: Int, bit: Int, gap: Double)?
      for bit in otherClusters.indices where remaining & (1 << bit) != 0 {
        let rest = remaining & ~(1 << bit)
        for u in instance.clusters[otherClusters[bit]] {
          let gap = instance.cost(current, u) + completion(remaining: rest, from: u) - target
          if gap < (choice?.gap ?? .infinity) { choice = (u, bit, gap) }
        }
      }
      guard let choice else { return nil }
      nodes.append(choice.node)
      remaining &= ~(1 << choice.bit)
      current = choice.node
    }
    return GTSPTour(nodes: nodes, cost: cost, optimal: true)
  }

  /// The optimal tour of `instance`, trying every node of its smallest
  /// cluster as the anchor, or `nil` when the tables do not fit or the
  /// deadline passes.
  ///
  /// - Parameter upperBound: the cost of a known tour, for pruning; when no
  ///   tour is cheaper, `incumbent` is returned as proven optimal.
  /// - Complexity: O(s * 2^m * N^2) for a smallest cluster of s nodes.
  static func solve(
    _ instance: GTSPInstance, incumbent: GTSPTour? = nil,
    maxCells: Int = GTSPSolver.defaultMaxCells,
    deadline: Deadline? = nil
  ) -> GTSPTour? {
    guard fits(instance, maxCells: maxCells),
      let smallest = instance.clusters.min(by: { $0.count < $1.count })
    else { return nil }
    var best = incumbent.map { GTSPTour(nodes: $0.nodes, cost: $0.cost, optimal: true) }
    for anchor in smallest {
      guard
        let solver = ClusterHeldKarp(
          instance: instance, anchor: anchor, upperBound: best?.cost ?? .infinity,
          maxCells: maxCells, deadline: deadline)
      else { return nil }
      if let tour = solver.bestTour(), tour.cost < best?.cost ?? .infinity { best = tour }
    }
    return best
  }
}
