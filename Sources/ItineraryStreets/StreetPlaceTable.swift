import ItineraryCore

/// The legs between every place of a city on a mode's streets, computed
/// once for a process that plans again and again (a batch, a server): a
/// later request searches only from and to its start, and reads the rest.
/// Its road tables are those `StreetLegs.table` gives for the same points,
/// number for number: the same joins, and the same least sums where the
/// hierarchy's searches meet.
public final class StreetPlaceTable: Sendable {
  /// The most places a table is kept for: its memory grows with their square.
  public static let maximumPlaces = 2_000

  let places: StreetLegs
  let locator: StreetLocator
  let index: [String: Int]
  /// The kilometres of the leg between every two places, as `StreetLegs`
  /// measures them.
  let kept: KeptLegs
  /// Each place's searches: forward from its exits, backward from its entries.
  let forward: [StreetHierarchy.Entries]
  let backward: [StreetHierarchy.Entries]

  /// - Parameter places: each place's id and point; an id repeated keeps its first.
  /// - Complexity: that of `StreetLegs.table` for the places, and their searches.
  public init(_ graph: StreetGraph, places: [(id: String, point: Coordinate)]) {
    locator = StreetLocator(graph)
    let points = places.map(\.point)
    let legs = StreetLegs(graph, points: points, joins: points.map(locator.joins(of:)))
    self.places = legs
    var index: [String: Int] = [:]
    for (position, place) in places.enumerated() where index[place.id] == nil {
      index[place.id] = position
    }
    self.index = index
    let sources = legs.joins.map { Self.exits($0, graph) }
    let targets = legs.joins.map { Self.entries($0, graph) }
    let streets = graph.hierarchy.table(sources: sources, targets: targets)
    kept = KeptLegs(
      count: points.count,
      kilometres: streets.indices.flatMap { from in
        streets.indices.map { to in
          legs.kilometres(from, to, metres: streets[from][to]) ?? .infinity
        }
      })
    var search = UpwardSearch(count: graph.network.junctions.count)
    forward = sources.map { graph.hierarchy.space(from: $0, upward: true, search: &search) }
    backward = targets.map { graph.hierarchy.space(from: $0, upward: false, search: &search) }
  }

  /// The exits of a point's joins, each with its connector.
  static func exits(_ joins: [StreetPosition], _ graph: StreetGraph) -> StreetHierarchy.Entries {
    joins.flatMap { join in graph.exits(join).map { ($0.junction, $0.metres + join.connector) } }
  }

  /// The entries of a point's joins, each with its connector.
  static func entries(_ joins: [StreetPosition], _ graph: StreetGraph)
    -> StreetHierarchy.Entries
  {
    joins.flatMap { join in graph.entries(join).map { ($0.junction, $0.metres + join.connector) } }
  }

  /// The legs of `origin` and `places`, in that order (point 0 and points
  /// 1...), with their road table at `speedKmh`; `nil` when one is no place
  /// of the table (by id and point).
  ///
  /// - Complexity: two searches, and O(n * s) for n places of searches of s
  ///   junctions; the legs between places are read as the solvers ask.
  public func legs(
    origin: Coordinate, places asked: [(id: String, point: Coordinate)], speedKmh: Double
  ) throws(ItineraryError) -> (legs: StreetLegs, roads: RoadTable)? {
    var chosen: [Int] = []
    for place in asked {
      guard let found = index[place.id], places.points[found] == place.point else { return nil }
      chosen.append(found)
    }
    let graph = places.graph
    let start = locator.joins(of: origin)
    let legs = StreetLegs(
      graph, points: [origin] + chosen.map { places.points[$0] },
      joins: [start] + chosen.map { places.joins[$0] })
    var search = UpwardSearch(count: graph.network.junctions.count)
    let out = graph.hierarchy.space(
      from: Self.exits(start, graph), upward: true, search: &search)
    let back = graph.hierarchy.space(
      from: Self.entries(start, graph), upward: false, search: &search)
    // The least sum over the junctions two searches share: a source's
    // metres first, as `StreetHierarchy.table` adds them.
    var marked = [Double](repeating: .infinity, count: graph.network.junctions.count)
    func meet(
      _ mark: StreetHierarchy.Entries, _ other: [StreetHierarchy.Entries], sourceFirst: Bool
    )
      -> [Double]
    {
      for (junction, metres) in mark { marked[Int(junction)] = metres }
      defer { for (junction, _) in mark { marked[Int(junction)] = .infinity } }
      return chosen.map { place in
        other[place].reduce(Double.infinity) { best, entry in
          let here = marked[Int(entry.junction)]
          return min(best, sourceFirst ? here + entry.metres : entry.metres + here)
        }
      }
    }
    let fromOrigin = meet(out, backward, sourceFirst: true)
    let toOrigin = meet(back, forward, sourceFirst: false)
    let roads = try RoadTable(
      kept: kept, points: chosen,
      fromOrigin: chosen.indices.map {
        legs.kilometres(0, $0 + 1, metres: fromOrigin[$0]) ?? .infinity
      },
      toOrigin: chosen.indices.map {
        legs.kilometres($0 + 1, 0, metres: toOrigin[$0]) ?? .infinity
      },
      speedKmh: speedKmh, source: "network")
    return (legs, roads)
  }
}
