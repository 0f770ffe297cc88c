/// Cluster optimization: for a fixed order of the clusters, the cheapest
/// choice of one node per cluster, a shortest path through the layers.
///
/// This is the ordered planner's dynamic program on a cost matrix. A closed
/// tour is rotated to start at its smallest cluster, and the path is solved
/// once for every node of that cluster as both start and end.
///
/// - Complexity: O(s * sum n_i * n_(i+1)) for a smallest cluster of s nodes.
struct LayeredShortestPath {
  let instance: GTSPInstance
  private var distance: [Double]
  private var previous: [Int]

  init(instance: GTSPInstance) {
    self.instance = instance
    distance = Array(repeating: 0, count: instance.nodeCount)
    previous = Array(repeating: -1, count: instance.nodeCount)
  }

  /// The best nodes for the cluster order `order`, rotated to start at its
  /// smallest cluster, with their tour cost.
  mutating func optimize(order: [Int]) -> (nodes: [Int], cost: Double) {
    let clusters = instance.clusters
    guard
      let start = order.indices.min(by: { clusters[order[$0]].count < clusters[order[$1]].count })
    else { return ([], 0) }
    let rotated = Array(order[start...] + order[..<start])
    var best: (nodes: [Int], cost: Double) = ([], .infinity)
    for first in clusters[rotated[0]] {
      distance[first] = 0
      var layer = [first]
      for cluster in rotated.dropFirst() {
        for v in clusters[cluster] {
          var bestValue = Double.infinity
          var bestFrom = -1
          for u in layer {
            let value = distance[u] + instance.cost(u, v)
            if value < bestValue {
              bestValue = value
              bestFrom = u
            }
          }
          distance[v] = bestValue
          previous[v] = bestFrom
        }
        layer = clusters[cluster]
      }
      var last = first
      var total = rotated.count == 1 ? instance.cost(first, first) : .infinity
      for v in layer where rotated.count > 1 {
        let value = distance[v] + instance.cost(v, first)
        if value < total {
          total = value
          last = v
        }
      }
      guard total < best.cost else { continue }
      var nodes = Array(repeating: first, count: rotated.count)
      for position in stride(from: rotated.count - 1, to: 0, by: -1) {
        nodes[position] = last
        last = previous[last]
      }
      best = (nodes, total)
    }
    return best
  }
}
