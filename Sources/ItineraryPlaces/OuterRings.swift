/// The closed rings a multipolygon's outer ways make: a way that closes is
/// a ring; open ways are joined end to end where they share a point, and
/// what never closes is left out.
enum OuterRings {
  /// - Complexity: O(w² · p) for w ways of p points at most: relations
  ///   have few outer ways.
  static func rings(_ ways: [[MapPoint]]) -> [[MapPoint]] {
    var rings: [[MapPoint]] = []
    var open = ways.filter { $0.count >= 2 }
    while var ring = open.popLast() {
      while ring.first != ring.last {
        guard
          let next = open.firstIndex(where: { $0.first == ring.last || $0.last == ring.last })
        else { break }
        let way = open.remove(at: next)
        ring += (way.first == ring.last ? way : way.reversed()).dropFirst()
      }
      if ring.count >= 4, ring.first == ring.last { rings.append(ring) }
    }
    return rings
  }
}
