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
  /// The clusters' nodes one after another: cluster d is
  /// `members[offsets[d] ..< offsets[d + 1]]`.
  private let members: [Int]
  private let offsets: [Int]
  private var distance: [Double]
  private var previous: [Int]

  init(instance: GTSPInstance) {
    self.instance = instance
    members = instance.clusters.flatMap { $0 }
    var offsets = [0]
    var total = 0
    for cluster in instance.clusters {
      total += cluster.count
      offsets.append(total)
    }
    self.offsets = offsets
    distance = Array(repeating: 0, count: instance.nodeCount)
    previous = Array(repeating: -1, count: instance.nodeCount)
  }

  /// The best nodes for the cluster order `order`, rotated to start at its
  /// smallest cluster, with their tour cost.
  mutating func optimize(order: [Int]) -> (nodes: [Int], cost: Double) {
    let m = order.count
    guard m > 0 else { return ([], 0) }
    var start = 0
    for i in 1..<m
    where offsets[order[i] + 1] - offsets[order[i]]
      < offsets[order[start] + 1] - offsets[order[start]]
    {
      start = i
    }
    let n = instance.nodeCount
    var bestNodes: [Int] = []
    var bestCost = Double.infinity
    let offsets = self.offsets
    instance.costs.withUnsafeBufferPointer { cost in
      members.withUnsafeBufferPointer { members in
        distance.withUnsafeMutableBufferPointer { distance in
          previous.withUnsafeMutableBufferPointer { previous in
            let head = order[start]
            for f in offsets[head]..<offsets[head + 1] {
              let first = members[f]
              distance[first] = 0
              var layer = f..<(f + 1)
              for k in 1..<max(1, m) {
                let cluster = order[(start + k) % m]
                let next = offsets[cluster]..<offsets[cluster + 1]
                for vi in next {
                  let v = members[vi]
                  var bestValue = Double.infinity
                  var bestFrom = -1
                  for ui in layer {
                    let u = members[ui]
                    let value = distance[u] + cost[u * n + v]
                    if value < bestValue {
                      bestValue = value
                      bestFrom = u
                    }
                  }
                  distance[v] = bestValue
                  previous[v] = bestFrom
                }
                layer = next
              }
              var last = first
              var total = m == 1 ? cost[first * n + first] : .infinity
              if m > 1 {
                for vi in layer {
                  let v = members[vi]
                  let value = distance[v] + cost[v * n + first]
                  if value < total {
                    total = value
                    last = v
                  }
                }
              }
              guard total < bestCost else { continue }
              var nodes = Array(repeating: first, count: m)
              for position in stride(from: m - 1, to: 0, by: -1) {
                nodes[position] = last
                last = previous[last]
              }
              bestNodes = nodes
              bestCost = total
            }
          }
        }
      }
    }
    return (bestNodes, bestCost)
  }
}
