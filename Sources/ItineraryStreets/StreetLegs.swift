import ItineraryCore

/// The legs between a problem's points on a mode's streets: the road table
/// the solvers read, and each leg's path for the map.
///
/// Point 0 is the origin and point `p + 1` place `p`, as in `RoadTable`. A
/// leg's length is its path's: the connector from its first point to the
/// streets, the streets, the connector to its last point. By the triangle
/// inequality no leg is shorter than the great circle between its ends; a
/// point with no street near enough (`StreetLocator.joins`) has no leg at all.
public struct StreetLegs: Sendable {
  public let points: [Coordinate]
  /// Where each point joins the streets: none, one or two ways on.
  public let joins: [[StreetPosition]]
  let router: StreetRouter
  /// The cosine of each point's latitude.
  private let cosines: [Double]
  var graph: StreetGraph { router.graph }

  /// - Complexity: O(points * pieces near each point).
  public init(_ graph: StreetGraph, points: [Coordinate]) {
    let locator = StreetLocator(graph)
    self.points = points
    joins = points.map(locator.joins(of:))
    cosines = points.map(GreatCircle.cosLatitude)
    router = StreetRouter(graph)
  }

  /// The road table of every leg, its minutes at `speedKmh`, through the
  /// mode's hierarchy (the forward searches on every core).
  ///
  /// - Complexity: O(P * (s + b)) for P points, searches of s junctions and
  ///   b bucket entries met.
  public func table(speedKmh: Double) throws(ItineraryError) -> RoadTable {
    let streets = graph.hierarchy.table(
      sources: joins.map {
        $0.flatMap { join in
          graph.exits(join).map { ($0.junction, $0.metres + join.connector) }
        }
      },
      targets: joins.map {
        $0.flatMap { join in
          graph.entries(join).map { ($0.junction, $0.metres + join.connector) }
        }
      })
    let rows = points.indices.map { from in
      points.indices.map { to in
        var metres = streets[from][to]
        for source in joins[from] {
          for target in joins[to] {
            if let along = graph.alongEdge(source, target) {
              metres = min(metres, source.connector + along + target.connector)
            }
          }
        }
        return kilometres(from, to, metres: metres)
      }
    }
    let minutes = rows.map { $0.map { $0.map { $0 / speedKmh * 60 } } }
    return try RoadTable(kilometres: rows, minutes: minutes, source: "network")
  }

  /// A leg's kilometres for a path of `metres`, never less than the great
  /// circle; `nil` when there is no path.
  func kilometres(_ from: Int, _ to: Int, metres: Double) -> Double? {
    if from == to { return 0 }
    guard metres.isFinite else { return nil }
    let path = metres / 1000
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
  /// or `nil` when there is none: the shortest over the ways each joins.
  ///
  /// - Complexity: one search per pair of joins, and O(points of the path).
  public func path(from: Int, to: Int) -> [Coordinate]? {
    if from == to { return [points[from]] }
    var best: (metres: Double, streets: [Coordinate])?
    for source in joins[from] {
      for target in joins[to] {
        guard let (metres, streets) = router.path(from: source, to: target) else { continue }
        let total = source.connector + metres + target.connector
        if total < best?.metres ?? .infinity { best = (total, streets) }
      }
    }
    guard let best else { return nil }
    var line = [points[from]]
    for point in best.streets + [points[to]] where point != line.last { line.append(point) }
    return line
  }
}
