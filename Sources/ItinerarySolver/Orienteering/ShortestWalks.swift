/// The least time from leaving each vertex to arriving at each other by any
/// walk, each vertex passed through costing its visit (Floyd-Warshall):
/// `walks[v * n + w]`. A labelling compares it with a window's close to tell
/// the vertices a route can no longer reach, whether or not travel times
/// keep the triangle inequality.
///
/// - Complexity: O(n^3) time and O(n^2) memory for n vertices.
func shortestWalks<Time: Numeric & Comparable>(
  vertexCount n: Int, travel: (Int, Int) -> Time, visit: (Int) -> Time
) -> [Time] {
  var walk = (0..<n * n).map { travel($0 / n, $0 % n) }
  for k in 0..<n {
    let through = visit(k)
    for i in 0..<n where i != k {
      let ik = walk[i * n + k] + through
      for j in 0..<n where ik + walk[k * n + j] < walk[i * n + j] {
        walk[i * n + j] = ik + walk[k * n + j]
      }
    }
  }
  return walk
}
