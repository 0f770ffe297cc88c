import ItineraryCore

/// Great-circle distances between a problem's origin and places, as unit
/// vectors: the documented default metric.
struct SphereMetric: LayerMetric {
  let points: [SpherePoint]
  let origin: SpherePoint

  init(_ problem: Problem) {
    points = problem.places.indices.map { SpherePoint(problem.places[$0].coordinate) }
    origin = SpherePoint(problem.origin)
  }

  func point(_ waypoint: Waypoint) -> SpherePoint {
    switch waypoint {
    case .origin: origin
    case .place(let index): points[index]
    }
  }

  func distanceKm(from: Waypoint, to: Waypoint) -> Double? {
    point(from).distanceKm(to: point(to))
  }

  /// Along a Z-order curve over the places' bounding box.
  ///
  /// - Complexity: O(n log n).
  func queryOrder(_ places: [Int]) -> [Int] {
    guard places.count > 2 else { return Array(places.indices) }
    var low = (Double.infinity, Double.infinity)
    var high = (-Double.infinity, -Double.infinity)
    for place in places {
      low = (min(low.0, points[place].x), min(low.1, points[place].y))
      high = (max(high.0, points[place].x), max(high.1, points[place].y))
    }
    let scale = (
      high.0 - low.0 > 0 ? 65535 / (high.0 - low.0) : 0,
      high.1 - low.1 > 0 ? 65535 / (high.1 - low.1) : 0
    )
    // The curve's position in the high bits, the place's position below.
    func key(_ position: Int) -> UInt64 {
      let point = points[places[position]]
      let x = UInt32(((point.x - low.0) * scale.0).rounded(.down))
      let y = UInt32(((point.y - low.1) * scale.1).rounded(.down))
      return UInt64(Self.spread(x) | Self.spread(y) << 1) << 32 | UInt64(position)
    }
    return places.indices.map(key).sorted().map { Int($0 & 0xFFFF_FFFF) }
  }

  /// The low 16 bits of `value` moved to the even bit positions.
  private static func spread(_ value: UInt32) -> UInt32 {
    var v = value & 0xFFFF
    v = (v | v << 8) & 0x00FF_00FF
    v = (v | v << 4) & 0x0F0F_0F0F
    v = (v | v << 2) & 0x3333_3333
    v = (v | v << 1) & 0x5555_5555
    return v
  }

  /// - Complexity: O(n log n), see `SpatialIndex`.
  func index(candidates: [Int], weights: [Double], lambda: Double) -> SphereLayer {
    SphereLayer(
      metric: self,
      tree: SpatialIndex(points: candidates.map { points[$0] }, weights: weights, lambda: lambda))
  }
}

/// A layer on the sphere: a spatial index queried from the source's point.
struct SphereLayer: LayerIndex {
  let metric: SphereMetric
  let tree: SpatialIndex

  /// - Complexity: O(n) in the worst case, close to O(log n) on places spread
  ///   over a city (see `SpatialIndex`).
  func best(from source: Waypoint, hint: Int?) -> (item: Int, value: Double)? {
    tree.best(from: metric.point(source), hint: hint)
  }

  func cursor(from source: Waypoint) -> SpatialIndex.Cursor {
    tree.cursor(from: metric.point(source))
  }

  /// - Complexity: amortized O(log n) per candidate (see `SpatialIndex`).
  func next(_ cursor: inout SpatialIndex.Cursor) -> (item: Int, value: Double)? {
    tree.next(&cursor)
  }

  var evaluations: Int { tree.evaluations }
}
