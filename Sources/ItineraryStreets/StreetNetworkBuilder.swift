import ItineraryCore

/// Builds a `StreetNetwork` from OpenStreetMap ways added one at a time:
/// a node is a junction where ways meet or end, and each way is cut into
/// edges at its junctions.
public struct StreetNetworkBuilder {
  private var nodes: [Int64] = []
  private var points: [Coordinate] = []
  /// Where each way's nodes start in `nodes`, and its access.
  private var ways: [(start: Int, access: StreetAccess)] = []

  public init() {}

  /// Ways added so far.
  public var count: Int { ways.count }

  /// Adds a way: its nodes in order, each with its id and point.
  ///
  /// - Complexity: O(nodes of the way).
  public mutating func add(_ way: [(id: Int64, point: Coordinate)], access: StreetAccess) {
    var kept = 0
    let start = nodes.count
    for node in way where kept == 0 || node.id != nodes[nodes.count - 1] {
      nodes.append(node.id)
      points.append(node.point)
      kept += 1
    }
    if kept < 2 {
      nodes.removeSubrange(start...)
      points.removeSubrange(start...)
      return
    }
    ways.append((start, access))
  }

  /// The network of the ways added.
  ///
  /// - Complexity: O(n log n) for n nodes of the ways.
  public func build() throws(ItineraryError) -> StreetNetwork {
    let ends = ways.indices.map { index in
      (ways[index].start, index + 1 < ways.count ? ways[index + 1].start : nodes.count)
    }
    // How often each node is used, its ends counting twice: a junction is used more than once.
    var uses: [Int64: Int] = [:]
    for (start, end) in ends {
      for index in start..<end {
        uses[nodes[index], default: 0] += (index == start || index == end - 1) ? 2 : 1
      }
    }
    var junctionOf: [Int64: Int32] = [:]
    var junctions: [Coordinate] = []
    func junction(_ index: Int) -> Int32 {
      if let known = junctionOf[nodes[index]] { return known }
      let new = Int32(junctions.count)
      junctionOf[nodes[index]] = new
      junctions.append(points[index])
      return new
    }
    var edges: [StreetNetwork.Edge] = []
    var shapes: [Coordinate] = []
    for ((start, end), way) in zip(ends, ways) {
      var from = start
      for index in (start + 1)..<end where index == end - 1 || uses[nodes[index], default: 0] > 1 {
        let line = points[from...index]
        let shape = Int32(shapes.count)..<Int32(shapes.count + line.count)
        shapes.append(contentsOf: line)
        edges.append(
          StreetNetwork.Edge(
            from: junction(from), to: junction(index), metres: StreetNetwork.metres(line),
            access: way.access, shape: shape))
        from = index
      }
    }
    return try StreetNetwork(junctions: junctions, edges: edges, shapes: shapes)
  }
}
