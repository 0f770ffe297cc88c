/// A generalized travelling-salesman instance: nodes partitioned into
/// clusters, and a closed tour that visits exactly one node of every cluster,
/// in any order, at least total cost.
///
/// Costs are a dense matrix and may be asymmetric or negative (a planning
/// problem prices the arrival at a place with minus its score). An open path
/// is a closed tour whose arcs back to the start cost nothing.
public struct GTSPInstance: Sendable {
  public var name: String
  /// The clusters as lists of node indices (0-based); every node is in exactly one.
  public let clusters: [[Int]]
  /// `clusterOf[v]` is the index of the cluster holding node `v`.
  public let clusterOf: [Int]
  /// Whether `cost(i, j) == cost(j, i)` for every pair.
  public let isSymmetric: Bool
  /// Row-major: `costs[i * nodeCount + j]` is the cost of arc `i -> j`.
  let costs: [Double]

  public var nodeCount: Int { clusterOf.count }

  /// - Parameters:
  ///   - clusters: a partition of `0 ..< nodeCount` into non-empty clusters.
  ///   - costs: row-major, `costs[i * nodeCount + j]` is the cost of arc `i -> j`.
  /// - Returns: `nil` when the clusters do not partition the nodes or the
  ///   matrix has the wrong size.
  /// - Complexity: O(n^2).
  public init?(name: String = "", nodeCount: Int, clusters: [[Int]], costs: [Double]) {
    let (cells, overflow) = nodeCount.multipliedReportingOverflow(by: nodeCount)
    guard nodeCount >= 0, !overflow, costs.count == cells, !clusters.isEmpty else { return nil }
    var clusterOf = Array(repeating: -1, count: nodeCount)
    for (index, cluster) in clusters.enumerated() {
      guard !cluster.isEmpty else { return nil }
      for node in cluster {
        guard (0..<nodeCount).contains(node), clusterOf[node] < 0 else { return nil }
        clusterOf[node] = index
      }
    }
    guard !clusterOf.contains(-1) else { return nil }
    self.name = name
    self.clusters = clusters
    self.clusterOf = clusterOf
    self.costs = costs
    isSymmetric = (0..<nodeCount).allSatisfy { i in
      (0..<i).allSatisfy { j in costs[i * nodeCount + j] == costs[j * nodeCount + i] }
    }
  }

  /// The cost of arc `i -> j`.
  @inline(__always)
  public func cost(_ i: Int, _ j: Int) -> Double { costs[i * nodeCount + j] }

  /// The cost of the closed tour through `tour`, back to its first node.
  ///
  /// - Complexity: O(tour length).
  public func tourCost(_ tour: [Int]) -> Double {
    guard let first = tour.first, let last = tour.last else { return 0 }
    return zip(tour, tour.dropFirst()).reduce(cost(last, first)) { $0 + cost($1.0, $1.1) }
  }

  /// Whether `tour` visits exactly one node of every cluster.
  public func isFeasible(_ tour: [Int]) -> Bool {
    guard tour.count == clusters.count, tour.allSatisfy({ (0..<nodeCount).contains($0) })
    else { return false }
    return Set(tour.map { clusterOf[$0] }).count == clusters.count
  }
}

/// A closed tour found by a GTSP solver.
public struct GTSPTour: Sendable, Equatable {
  /// One node per cluster, in visiting order; the tour closes back to the first.
  public var nodes: [Int]
  public var cost: Double
  /// Whether `cost` is proven to be the least possible.
  public var optimal: Bool

  public init(nodes: [Int], cost: Double, optimal: Bool) {
    self.nodes = nodes
    self.cost = cost
    self.optimal = optimal
  }
}
