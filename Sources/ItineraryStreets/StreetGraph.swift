import ItineraryCore

/// The streets one travel mode may use, as the arcs out of each junction:
/// an edge open both ways is two arcs, a one-way street one.
public struct StreetGraph: Sendable {
  public let network: StreetNetwork
  public let mode: TravelMode
  /// The arcs out of each junction.
  let arcs: StreetArcs
  /// The arc's edge, as `edge * 2` along the edge's points, `edge * 2 + 1` against.
  let arcEdge: [Int32]
  /// Each junction's piece of the network: junctions joined by the mode's
  /// streets, whatever their directions, share one.
  public let component: [Int32]
  /// How many junctions each piece has, and the largest piece.
  public let componentSizes: [Int]
  public let mainComponent: Int32
  /// The mode's hierarchy: the network's ordering, else one made now.
  public let hierarchy: StreetHierarchy
  /// A lower bound on the metres between two junctions, for searches.
  let bound: StreetBound

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
    let total = Int(counts.last ?? 0)
    var head = [Int32](repeating: 0, count: total)
    var metres = [Double](repeating: 0, count: total)
    var edges = [Int32](repeating: 0, count: total)
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
    let arcs = StreetArcs(first: counts, head: head, metres: metres)
    self.arcs = arcs
    arcEdge = edges
    (component, componentSizes) = Self.components(
      count: network.junctions.count, first: counts, head: head)
    mainComponent = Int32(componentSizes.firstIndex(of: componentSizes.max() ?? 0) ?? 0)
    hierarchy = StreetHierarchy(arcs, network.shortcutSets[mode] ?? StreetShortcuts(arcs))
    bound = StreetBound(network.junctions, arcs)
  }

  /// The pieces of the network, by union-find over the arcs: each
  /// junction's piece, numbered in order of first junction, and their sizes.
  ///
  /// - Complexity: O((J + A) α(J)).
  static func components(count: Int, first: [Int32], head: [Int32]) -> ([Int32], [Int]) {
    var parent = Array(0..<count)
    func root(_ junction: Int) -> Int {
      var junction = junction
      while parent[junction] != junction {
        parent[junction] = parent[parent[junction]]
        junction = parent[junction]
      }
      return junction
    }
    for tail in 0..<count {
      for arc in Int(first[tail])..<Int(first[tail + 1]) {
        let (a, b) = (root(tail), root(Int(head[arc])))
        if a != b { parent[max(a, b)] = min(a, b) }
      }
    }
    var number: [Int: Int32] = [:]
    var sizes: [Int] = []
    let component = (0..<count).map { junction -> Int32 in
      let top = root(junction)
      if let known = number[top] {
        sizes[Int(known)] += 1
        return known
      }
      number[top] = Int32(sizes.count)
      sizes.append(1)
      return Int32(sizes.count - 1)
    }
    return (component, sizes)
  }

  /// Whether the mode may use any street at all.
  public var hasArcs: Bool { !arcs.head.isEmpty }

  /// Whether the mode may go along `edge`'s points, or against them.
  func allows(_ edge: Int, forward: Bool) -> Bool {
    network.edges[edge].access.contains(forward ? .forward(mode) : .backward(mode))
  }
}
