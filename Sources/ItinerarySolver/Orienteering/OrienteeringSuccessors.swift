/// Each vertex's successors with the way there, latest first: ordered by the
/// last time one may leave the vertex and still start the successor within
/// its window, so that a scan from a vertex at some time stops at the first
/// successor too late to reach.
///
/// - Complexity: O(n^2 log n) time and O(n^2) memory for n vertices.
struct OrienteeringSuccessors {
  struct Successor {
    var vertex: Int
    /// The travel time from the vertex.
    var way: Int
    /// The last time one may leave the vertex and still start
    /// this successor within its window.
    var last: Int
  }

  private let successors: [Successor]
  private let firsts: [Int]

  init(_ instance: OrienteeringInstance) {
    let n = instance.vertexCount
    var firsts = [0]
    var successors: [Successor] = []
    successors.reserveCapacity(n * n)
    for v in 0..<n {
      successors += (1..<n).filter { $0 != v }
        .map { w in
          let way = instance.travel(v, w)
          return Successor(vertex: w, way: way, last: instance.closes[w] - way)
        }
        .sorted { $0.last > $1.last }
      firsts.append(successors.count)
    }
    self.successors = successors
    self.firsts = firsts
  }

  /// The successors of `vertex` (every customer but itself), latest first.
  @inline(__always)
  subscript(vertex: Int) -> ArraySlice<Successor> {
    successors[firsts[vertex]..<firsts[vertex + 1]]
  }
}
