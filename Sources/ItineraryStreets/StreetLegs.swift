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
    self.init(graph, points: points, joins: points.map(locator.joins(of:)))
  }

  /// The legs of points already joined to the streets.
  init(_ graph: StreetGraph, points: [Coordinate], joins: [[StreetPosition]]) {
    self.points = points
    self.joins = joins
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
      sources: joins.map { StreetPlaceTable.exits($0, graph) },
      targets: joins.map { StreetPlaceTable.entries($0, graph) })
    let count = points.count
    var table = [Double](repeating: .infinity, count: count * count)
    var minutes = table
    for from in 0..<count {
      for to in 0..<count {
        let km = kilometres(from, to, metres: streets[from][to]) ?? .infinity
        table[from * count + to] = km
        minutes[from * count + to] = km / speedKmh * 60
      }
    }
    return try RoadTable(
      points: count, kilometresOrInfinity: table, minutesOrInfinity: minutes, source: "network")
  }

  /// The metres of a street path between the streets' joins of two points,
  /// given the hierarchy's: shorter along the one street both join, where
  /// they do.
  func metres(_ from: Int, _ to: Int, streets: Double) -> Double {
    var metres = streets
    for source in joins[from] {
      for target in joins[to] {
        if let along = graph.alongEdge(source, target) {
          metres = min(metres, source.connector + along + target.connector)
        }
      }
    }
    return metres
  }

  /// A leg's kilometres for a path of `streets` metres by the hierarchy,
  /// never less than the great circle; `nil` when there is no path.
  func kilometres(_ from: Int, _ to: Int, metres streets: Double) -> Double? {
    if from == to { return 0 }
    let metres = metres(from, to, streets: streets)
    guard metres.isFinite else { return nil }
    let path = metres / 1000
    // Within 50 km, the plane's distance at the mean latitude is within a
    // ten-thousandth of the great circle: a path longer than it by a tenth
    // of a percent needs no great circle computed.
    let (a, b) = (points[from], points[to])
    let radians = Double.pi / 180
    let (north, east) = (
      (b.lat - a.lat) * radians, (b.lon - a.lon) * radians * (cosines[from] + cosines[to]) / 2
    )
    let plane = GreatCircle.earthRadiusKm * (north * north + east * east).squareRoot()
    if plane < 50, path > plane * 1.001 + 1e-9 { return path }
    return max(
      path, GreatCircle.distanceKm(a, cosLatitude: cosines[from], b, cosLatitude: cosines[to]))
  }

  /// The path of the leg from point `from` to point `to`, both included,
  /// or `nil` when there is none: the shortest over the ways each joins.
  ///
  /// - Complexity: one search per join of `from`, and O(points of the path).
  public func path(from: Int, to: Int) -> [Coordinate]? {
    if from == to { return [points[from]] }
    var best: (metres: Double, streets: [Coordinate])?
    for source in joins[from] {
      guard let found = router.path(from: source, toNearestOf: joins[to]) else { continue }
      let total = source.connector + found.metres + joins[to][found.target].connector
      if total < best?.metres ?? .infinity { best = (total, found.points) }
    }
    guard let best else { return nil }
    var line = [points[from]]
    for point in best.streets + [points[to]] where point != line.last { line.append(point) }
    return line
  }
}
