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

  /// - Complexity: O(points * pieces near each point).
  public init(_ graph: StreetGraph, points: [Coordinate]) {
    let locator = StreetLocator(graph)
    self.points = points
    positions = points.map(locator.position(of:))
    router = StreetRouter(graph)
  }

  /// The road table of every leg, its minutes at `speedKmh`; searches from
  /// each point run on every core.
  ///
  /// - Complexity: O(P * (J + A) log J) for P points, J junctions and A arcs.
  public func table(speedKmh: Double) throws(ItineraryError) -> RoadTable {
    let count = points.count
    nonisolated(unsafe) var rows = [[Double?]](repeating: [], count: count)
    rows.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let output = buffer
      DispatchQueue.concurrentPerform(iterations: count) { from in
        output[from] = row(from)
      }
    }
    let minutes = rows.map { $0.map { $0.map { $0 / speedKmh * 60 } } }
    return try RoadTable(kilometres: rows, minutes: minutes, source: "network")
  }

  /// The kilometres from point `from` to every point.
  func row(_ from: Int) -> [Double?] {
    guard let source = positions[from] else {
      return points.indices.map { $0 == from ? 0 : nil }
    }
    let metres = router.metres(from: source, to: positions)
    return points.indices.map { to in
      if to == from { return 0 }
      guard let streets = metres[to], let target = positions[to] else { return nil }
      let path = source.connector + streets + target.connector
      return max(path / 1000, GreatCircle.distanceKm(points[from], points[to]))
    }
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
