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
  func best(from source: Waypoint) -> (item: Int, value: Double)? {
    tree.best(from: metric.point(source))
  }

  /// - Complexity: see `SpatialIndex.best(fromEach:)`.
  func best(fromEach sources: [Int]) -> [(item: Int, value: Double)?] {
    tree.best(fromEach: sources.map { metric.points[$0] })
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
