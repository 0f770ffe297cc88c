/// Each vertex's successors with the way there, latest first: ordered by the
/// last time one may leave the vertex and still start the successor within
/// its window, so that a scan from a vertex at some time stops at the first
/// successor too late to reach.
///
/// Times are counted in steps of `step` units (each rounded down), as the
/// completion bound counts them; a step of 1 keeps them as they are.
///
/// - Complexity: O(n^2 log n) time and O(n^2) memory for n vertices.
struct OrienteeringSuccessors {
  struct Successor {
    var vertex: Int
    /// The travel time from the vertex, in steps.
    var way: Int
    /// The last time, in steps, one may leave the vertex and still start
    /// this successor within its window.
    var last: Int
  }

  private let successors: [Successor]
  private let firsts: [Int]

  init(_ instance: OrienteeringInstance, step: Int = 1) {
    let n = instance.vertexCount
    var firsts = [0]
    var successors: [Successor] = []
    successors.reserveCapacity(n * n)
    for v in 0..<n {
      successors += (1..<n).filter { $0 != v }
        .map { w in
          let way = instance.travel(v, w) / step
          return Successor(vertex: w, way: way, last: instance.closes[w] / step - way)
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
