/// Arcs by tail, in compressed rows: the arcs out of junction `j` are
/// `first[j]..<first[j + 1]`.
struct StreetArcs: Sendable {
  var first: [Int32]
  var head: [Int32]
  var metres: [Double]

  init(first: [Int32], head: [Int32], metres: [Double]) {
    self.first = first
    self.head = head
    self.metres = metres
  }

  /// Rows of `arcs`, for `count` junctions.
  ///
  /// - Complexity: O(count + arcs).
  init(count: Int, _ arcs: [(tail: Int32, head: Int32, metres: Double)]) {
    var first = [Int32](repeating: 0, count: count + 1)
    for arc in arcs { first[Int(arc.tail) + 1] += 1 }
    for index in first.indices.dropFirst() { first[index] += first[index - 1] }
    var next = first
    var head = [Int32](repeating: 0, count: arcs.count)
    var metres = [Double](repeating: 0, count: arcs.count)
    for arc in arcs {
      let slot = Int(next[Int(arc.tail)])
      next[Int(arc.tail)] += 1
      head[slot] = arc.head
      metres[slot] = arc.metres
    }
    self.first = first
    self.head = head
    self.metres = metres
  }
}
