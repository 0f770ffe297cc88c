import Dispatch
import ItineraryCore

/// The legs between a problem's points on a mode's streets: the road table
/// the solvers read, and each leg's path for the map.
///
/// Point 0 is the origin and point `p + 1` place `p`, as in `RoadTable`. A
/// leg's length is its path's: the connector from its first point to the
/// streets, the streets, the connector to its last point. By the triangle
/// inequality no leg is shorter than the great circle between its ends; a
/// point with no street within `StreetLocator.maximumConnectorMetres` has no
/// leg at all.
public struct StreetLegs: Sendable {
  public let points: [Coordinate]
  /// Where each point joins the streets, or `nil` when it cannot.
  public let positions: [StreetPosition?]
  let router: StreetRouter
  /// The cosine of each point's latitude.
  private let cosines: [Double]
  var graph: StreetGraph { router.graph }

  /// - Complexity: O(points * pieces near each point).
  public init(_ graph: StreetGraph, points: [Coordinate]) {
    let locator = StreetLocator(graph)
    self.points = points
    positions = points.map(locator.position(of:))
    cosines = points.map(GreatCircle.cosLatitude)
    router = StreetRouter(graph)
  }

  /// The road table of every leg, its minutes at `speedKmh`: through the
  /// mode's hierarchy when it has one, else by a search from each point;
  /// on every core.
  ///
  /// - Complexity: with a hierarchy, O(P * (s + b)) for P points, searches
  ///   of s junctions and b bucket entries; without, O(P * (J + A) log J)
  ///   for J junctions and A arcs.
  public func table(speedKmh: Double) throws(ItineraryError) -> RoadTable {
    let count = points.count
    var rows: [[Double?]]
    if let hierarchy = graph.hierarchy {
      let streets = hierarchy.table(
        sources: positions.map { $0.map(graph.exits) ?? [] },
        targets: positions.map { $0.map(graph.entries) ?? [] })
      rows = (0..<count).map { from in
        (0..<count).map { to in
          var metres = streets[from][to]
          if let source = positions[from], let target = positions[to],
            let along = graph.alongEdge(source, target)
          {
            metres = min(metres, along)
          }
          return kilometres(from, to, streets: metres)
        }
      }
    } else {
      nonisolated(unsafe) var searched = [[Double?]](repeating: [], count: count)
      searched.withUnsafeMutableBufferPointer { buffer in
        nonisolated(unsafe) let output = buffer
        DispatchQueue.concurrentPerform(iterations: count) { from in
          output[from] = row(from)
        }
      }
      rows = searched
    }
    let minutes = rows.map { $0.map { $0.map { $0 / speedKmh * 60 } } }
    return try RoadTable(kilometres: rows, minutes: minutes, source: "network")
  }

  /// The kilometres from point `from` to every point, by one search.
  func row(_ from: Int) -> [Double?] {
    guard let source = positions[from] else {
      return points.indices.map { $0 == from ? 0 : nil }
    }
    let metres = router.metres(from: source, to: positions)
    return points.indices.map { kilometres(from, $0, streets: metres[$0] ?? .infinity) }
  }

  /// A leg's kilometres: the connectors and `streets` metres between them,
  /// never less than the great circle; `nil` when there is no path.
  func kilometres(_ from: Int, _ to: Int, streets: Double) -> Double? {
    if from == to { return 0 }
    guard streets.isFinite, let source = positions[from], let target = positions[to] else {
      return nil
    }
    let path = (source.connector + streets + target.connector) / 1000
    // Along a meridian, then a parallel at the latitude nearer a pole, is
    // never shorter than the great circle: a path longer than that detour
    // needs no great circle computed. (The margin covers rounding.)
    let (a, b) = (points[from], points[to])
    let radians = Double.pi / 180
    let detour =
      GreatCircle.earthRadiusKm
      * (abs(b.lat - a.lat) * radians + min(cosines[from], cosines[to]) * abs(b.lon - a.lon)
        * radians)
    if path > detour * (1 + 1e-9) { return path }
    return max(
      path, GreatCircle.distanceKm(a, cosLatitude: cosines[from], b, cosLatitude: cosines[to]))
  }

  /// The path of the leg from point `from` to point `to`, both included,
  /// or `nil` when there is none.
  ///
  /// - Complexity: one search, and O(points of the path).
  public func path(from: Int, to: Int) -> [Coordinate]? {
    if from == to { return [points[from]] }
    guard let source = positions[from], let target = positions[to],
      let streets = router.path(from: source, to: target)
    else { return nil }
    var line = [points[from]]
    for point in streets + [points[to]] where point != line.last { line.append(point) }
    return line
  }
}
