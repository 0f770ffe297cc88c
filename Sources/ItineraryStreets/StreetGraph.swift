import ItineraryCore

/// The streets one travel mode may use, as the arcs out of each junction:
/// an edge open both ways is two arcs, a one-way street one.
public struct StreetGraph: Sendable {
  public let network: StreetNetwork
  public let mode: TravelMode
  /// The arcs out of junction `j` are `firstArc[j]..<firstArc[j + 1]`.
  let firstArc: [Int32]
  let arcHead: [Int32]
  let arcMetres: [Double]
  /// The arc's edge, as `edge * 2` along the edge's points, `edge * 2 + 1` against.
  let arcEdge: [Int32]

  /// - Complexity: O(junctions + edges).
  public init(_ network: StreetNetwork, mode: TravelMode) {
    self.network = network
    self.mode = mode
    let forward = StreetAccess.forward(mode)
    let backward = StreetAccess.backward(mode)
    var counts = [Int32](repeating: 0, count: network.junctions.count + 1)
    for edge in network.edges {
      if edge.access.contains(forward) { counts[Int(edge.from) + 1] += 1 }
      if edge.access.contains(backward) { counts[Int(edge.to) + 1] += 1 }
    }
    for index in counts.indices.dropFirst() { counts[index] += counts[index - 1] }
    var next = counts
    let arcs = Int(counts.last ?? 0)
    var head = [Int32](repeating: 0, count: arcs)
    var metres = [Double](repeating: 0, count: arcs)
    var edges = [Int32](repeating: 0, count: arcs)
    for (index, edge) in network.edges.enumerated() {
      for (tail, to, along, direction) in [
        (edge.from, edge.to, forward, Int32(0)), (edge.to, edge.from, backward, Int32(1)),
      ] where edge.access.contains(along) {
        let slot = Int(next[Int(tail)])
        next[Int(tail)] += 1
        head[slot] = to
        metres[slot] = edge.metres
        edges[slot] = Int32(index) * 2 + direction
      }
    }
    firstArc = counts
    arcHead = head
    arcMetres = metres
    arcEdge = edges
  }

  /// Whether the mode may go along `edge`'s points, or against them.
  func allows(_ edge: Int, forward: Bool) -> Bool {
    network.edges[edge].access.contains(forward ? .forward(mode) : .backward(mode))
  }
}
