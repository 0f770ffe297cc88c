/// The ng-neighbourhoods of the labellings: each vertex's is the vertex
/// itself and its `size - 1` nearest other vertices but the depot, by travel
/// time. A route's ng-memory at a vertex is the set of vertices of the
/// route that lie in the neighbourhood of every vertex visited since
/// (itself included); the route may not go back to them.
///
/// A memory is a bit set of positions in its vertex's neighbourhood, the
/// vertex itself at position 0.
///
/// - Complexity: O(n^2 * size) time to build and O(n^2) memory for n
///   vertices.
struct NGNeighbourhoods: Sendable {
  /// The largest neighbourhood a 32-bit memory holds.
  static let maxSize = 32

  let size: Int
  private let vertexCount: Int
  /// Row v: the neighbourhood of v, v first (a short row padded with v).
  private let members: [Int]
  /// `positions[v * n + u]`: where u stands in the neighbourhood of v, or -1.
  private let positions: [Int8]
  /// `latest[v * size + j]`: the last time a route may leave v and still
  /// start the j-th vertex of its neighbourhood within its window.
  private let latest: [Int]

  /// - Parameters:
  ///   - size: clamped to 1 ... `maxSize` and to the vertex count.
  ///   - distance: how near the second vertex is to the first.
  ///   - latest: the last time a route may leave the first vertex and still
  ///     visit the second (`Int.max`: no such time is known).
  init(
    vertexCount n: Int, size: Int, distance: (Int, Int) -> Double,
    latest: (Int, Int) -> Int
  ) {
    let size = max(1, min(size, Self.maxSize, n))
    var members: [Int] = []
    members.reserveCapacity(n * size)
    var positions = Array(repeating: Int8(-1), count: n * n)
    for v in 0..<n {
      let nearest = Self.nearest(size - 1, to: v, among: n, by: distance)
      let row = [v] + nearest + Array(repeating: v, count: size - 1 - nearest.count)
      for (position, u) in row.enumerated() where positions[v * n + u] < 0 {
        positions[v * n + u] = Int8(position)
      }
      members += row
    }
    self.size = size
    self.vertexCount = n
    self.members = members
    self.positions = positions
    // The padding of short rows is never remembered.
    self.latest = members.indices.map { index in
      let (v, u) = (index / size, members[index])
      return index % size > 0 && u == v ? Int.max : latest(v, u)
    }
  }

  /// The `count` vertices but the depot and `v` nearest to `v`, nearest
  /// first (ties by index).
  ///
  /// - Complexity: O(n * count).
  private static func nearest(
    _ count: Int, to v: Int, among n: Int, by distance: (Int, Int) -> Double
  ) -> [Int] {
    guard count > 0 else { return [] }
    var nearest: [(distance: Double, vertex: Int)] = []
    nearest.reserveCapacity(count + 1)
    for u in 1..<n where u != v {
      let candidate = (distance: distance(v, u), vertex: u)
      guard nearest.count < count || candidate < nearest[nearest.count - 1] else { continue }
      let at = nearest.firstIndex { candidate < $0 } ?? nearest.count
      nearest.insert(candidate, at: at)
      if nearest.count > count { nearest.removeLast() }
    }
    return nearest.map(\.vertex)
  }

  /// Whether `memory`, a route's at `v`, holds `u`.
  @inline(__always)
  func remembers(_ u: Int, at v: Int, in memory: UInt32) -> Bool {
    let at = positions[v * vertexCount + u]
    return at >= 0 && memory & (1 << UInt32(at)) != 0
  }

  /// The memory at `w`, left at `leave`, of a route that goes there from
  /// `v` with `memory`, or `nil` when `w` is in that memory (the route may
  /// not go back). The neighbours it can no longer reach in time are in it
  /// too, as in Feillet et al.'s labels: they cost nothing and let more
  /// labels be dominated.
  ///
  /// - Complexity: O(size).
  @inline(__always)
  func memory(after memory: UInt32, from v: Int, to w: Int, leaving leave: Int) -> UInt32? {
    if remembers(w, at: v, in: memory) { return nil }
    let n = vertexCount
    var next: UInt32 = 1
    var bits = memory
    while bits != 0 {
      let i = bits.trailingZeroBitCount
      bits &= bits - 1
      let j = positions[w * n + members[v * size + i]]
      if j >= 0 { next |= 1 << UInt32(j) }
    }
    let row = w * size
    for j in 1..<size where latest[row + j] < leave { next |= 1 << UInt32(j) }
    return next
  }
}
