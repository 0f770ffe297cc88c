import ItineraryCore

/// Shortest paths on a mode's streets between points joined to them
/// (`StreetPosition`): A* from the source's ways onto the graph, aimed by a
/// lower bound on the metres left, stopped once the targets' junctions are
/// settled.
public struct StreetRouter: Sendable {
  public let graph: StreetGraph

  public init(_ graph: StreetGraph) { self.graph = graph }

  /// One search's result: each junction's distance and how it was reached.
  struct Search {
    var metres: [Double]
    /// The arc that reached each junction (`edge * 2 + direction`), or -1
    /// for the source's own edge, or an unreached junction.
    var via: [Int32]
  }

  /// The shortest path from `source` to the nearest of `targets`, each
  /// counted with its connector: which target, the path's metres along the
  /// streets (connectors left out) and its points, from the source's street
  /// point to the target's; `nil` when no target is reached.
  ///
  /// - Complexity: one search, O((J + A) log J) for J junctions and A arcs,
  ///   less when the targets are near; and O(points of the path).
  public func path(from source: StreetPosition, toNearestOf targets: [StreetPosition])
    -> (target: Int, metres: Double, points: [Coordinate])?
  {
    let search = run(from: source, until: targets)
    var nearest: (target: Int, arrival: Arrival, total: Double)?
    for (index, target) in targets.enumerated() {
      guard let arrival = arrival(search, source, target) else { continue }
      let total = arrival.metres + target.connector
      if total < nearest?.total ?? .infinity { nearest = (index, arrival, total) }
    }
    guard let nearest else { return nil }
    let points = points(search, from: source, to: targets[nearest.target], nearest.arrival)
    return (nearest.target, nearest.arrival.metres, points)
  }

  /// The points of the path a search found from `source` to `target`,
  /// arriving as `best` says.
  ///
  /// - Complexity: O(points of the path).
  private func points(
    _ search: Search, from source: StreetPosition, to target: StreetPosition, _ best: Arrival
  ) -> [Coordinate] {
    let network = graph.network
    var points = [source.point]
    func append(_ slice: some Sequence<Coordinate>) {
      for point in slice where point != points.last { points.append(point) }
    }
    let line = { (edge: Int) in Array(network.polyline(edge)) }
    guard let entry = best.entry else {
      // Along the shared edge only.
      let shape = line(source.edge)
      if target.offset > source.offset, source.piece < target.piece {
        append(shape[(source.piece + 1)...target.piece])
      } else if target.offset < source.offset, target.piece < source.piece {
        append(shape[(target.piece + 1)...source.piece].reversed())
      }
      append([target.point])
      return points
    }
    // The arcs back from the entry junction to the source's edge.
    var arcs: [Int32] = []
    var junction = entry
    while search.via[junction] >= 0 {
      let arc = search.via[junction]
      arcs.append(arc)
      let edge = network.edges[Int(arc / 2)]
      junction = Int(arc % 2 == 0 ? edge.from : edge.to)
    }
    let first = line(source.edge)
    if Int(network.edges[source.edge].to) == junction
      && search.metres[junction] == network.edges[source.edge].metres - source.offset
      && graph.allows(source.edge, forward: true)
    {
      append(first[(source.piece + 1)...])
    } else {
      append(first[...source.piece].reversed())
    }
    for arc in arcs.reversed() {
      let shape = line(Int(arc / 2))
      if arc % 2 == 0 { append(shape) } else { append(shape.reversed()) }
    }
    let last = line(target.edge)
    if Int(network.edges[target.edge].from) == entry && best.forward {
      append(last[...target.piece])
    } else {
      append(last[(target.piece + 1)...].reversed())
    }
    append([target.point])
    return points
  }

  /// How a target is reached: its distance, and the junction its edge is
  /// entered from (`nil` when along the source's own edge) and whether along
  /// the edge's points.
  typealias Arrival = (metres: Double, entry: Int?, forward: Bool)

  /// How `target` is best reached by `search`.
  func arrival(_ search: Search, _ source: StreetPosition, _ target: StreetPosition) -> Arrival? {
    let edge = graph.network.edges[target.edge]
    var best: Arrival?
    func consider(_ metres: Double, _ entry: Int?, _ forward: Bool) {
      if metres.isFinite, metres < best?.metres ?? .infinity { best = (metres, entry, forward) }
    }
    if let along = graph.alongEdge(source, target) {
      consider(along, nil, target.offset > source.offset)
    }
    if graph.allows(target.edge, forward: true) {
      consider(search.metres[Int(edge.from)] + target.offset, Int(edge.from), true)
    }
    if graph.allows(target.edge, forward: false) {
      consider(search.metres[Int(edge.to)] + edge.metres - target.offset, Int(edge.to), false)
    }
    return best
  }

  /// A* from `source`, aimed by `StreetGraph.bound`, until every junction
  /// that ends a target's edge is settled: their distances and ways are
  /// those of Dijkstra's algorithm.
  ///
  /// - Complexity: O((J + A) log J) at most, for J junctions and A arcs.
  func run(from source: StreetPosition, until targets: [StreetPosition]) -> Search {
    let count = graph.network.junctions.count
    var metres = [Double](repeating: .infinity, count: count)
    var via = [Int32](repeating: -1, count: count)
    var wanted = [Bool](repeating: false, count: count)
    var goals: [Int] = []
    for target in targets {
      let edge = graph.network.edges[target.edge]
      for junction in [Int(edge.from), Int(edge.to)] where !wanted[junction] {
        wanted[junction] = true
        goals.append(junction)
      }
    }
    var remaining = goals.count
    let bound = graph.bound
    var heap = MinHeap<Double>(capacity: 64)
    for (junction, length) in graph.exits(source) where length < metres[Int(junction)] {
      metres[Int(junction)] = length
      heap.push(length + bound.metres(from: Int(junction), toNearestOf: goals), junction)
    }
    metres.withUnsafeMutableBufferPointer { metres in
      via.withUnsafeMutableBufferPointer { via in
        graph.arcs.first.withUnsafeBufferPointer { first in
          graph.arcs.head.withUnsafeBufferPointer { head in
            graph.arcs.metres.withUnsafeBufferPointer { length in
              graph.arcEdge.withUnsafeBufferPointer { arcEdge in
                while remaining > 0, let (key, junction) = heap.pop() {
                  let tail = Int(junction)
                  let reached = metres[tail]
                  // An older entry of a junction since reached nearer.
                  if key > reached + bound.metres(from: tail, toNearestOf: goals) { continue }
                  if wanted[tail] {
                    wanted[tail] = false
                    remaining -= 1
                  }
                  for arc in Int(first[tail])..<Int(first[tail + 1]) {
                    let next = Int(head[arc])
                    let distance = reached + length[arc]
                    if distance < metres[next] {
                      metres[next] = distance
                      via[next] = arcEdge[arc]
                      heap.push(
                        distance + bound.metres(from: next, toNearestOf: goals), head[arc])
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return Search(metres: metres, via: via)
  }
}
