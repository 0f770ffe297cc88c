import ItineraryCore

/// A lower bound on a mode's street metres between two junctions, which
/// aims a search at its targets (A*): the straight line between them on a
/// plane (metres north, and east at the cosine of the junctions' mean
/// latitude), times the least ratio of an arc's metres to its line there.
/// No arc is shorter than the bound falls along it, so the bound is
/// consistent: a search that adds it to each distance still settles every
/// junction at its shortest distance, as Dijkstra's algorithm does, and
/// reaches near targets after far fewer junctions.
struct StreetBound: Sendable {
  private let junctions: [Coordinate]
  /// Metres a degree of latitude, and of longitude on the plane.
  private let north: Double
  private let east: Double
  /// The least ratio of an arc's metres to its line on the plane, at most 1
  /// and a little less, for rounding.
  private let scale: Double

  /// - Complexity: O(J + A) for J junctions and A arcs.
  init(_ junctions: [Coordinate], _ arcs: StreetArcs) {
    let meanLatitude = junctions.reduce(0) { $0 + $1.lat } / Double(max(1, junctions.count))
    let north = GreatCircle.earthRadiusKm * 1000 * Double.pi / 180
    let east = north * GreatCircle.cosLatitude(Coordinate(lat: meanLatitude, lon: 0))
    // A point that is not a number bounds nothing: the bound is then 0,
    // and the search Dijkstra's algorithm.
    var scale = junctions.allSatisfy { $0.lat.isFinite && $0.lon.isFinite } ? 1.0 : 0
    for tail in junctions.indices where scale > 0 {
      for arc in Int(arcs.first[tail])..<Int(arcs.first[tail + 1]) {
        let line = Self.squaredLine(
          junctions[tail], junctions[Int(arcs.head[arc])], north: north, east: east
        ).squareRoot()
        if line > 0 { scale = min(scale, arcs.metres[arc] / line) }
      }
    }
    (self.junctions, self.north, self.east, self.scale) = (
      junctions, north, east, scale * (1 - 1e-9)
    )
  }

  /// The square of the line between two points on the plane.
  private static func squaredLine(
    _ a: Coordinate, _ b: Coordinate, north: Double, east: Double
  ) -> Double {
    let (dy, dx) = ((b.lat - a.lat) * north, (b.lon - a.lon) * east)
    return dx * dx + dy * dy
  }

  /// The bound from `junction` to the nearest of `goals`.
  ///
  /// - Complexity: O(goals).
  func metres(from junction: Int, toNearestOf goals: [Int]) -> Double {
    guard scale > 0, !goals.isEmpty else { return 0 }
    let point = junctions[junction]
    var least = Double.infinity
    for goal in goals {
      least = min(
        least, Self.squaredLine(point, junctions[goal], north: north, east: east))
    }
    return scale * least.squareRoot()
  }
}
