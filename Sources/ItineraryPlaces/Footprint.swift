import Foundation
import ItineraryCore

/// The ground a place covers: the area of its outline, for the notability
/// signal that a large museum, park or square is more of a destination than
/// a small one. Only a place mapped as an outline has one: a closed way, or
/// the closed outer ways of a multipolygon.
enum Footprint {
  /// The area in square metres of the closed rings among `rings` (each its
  /// points in order, the last the first again), summed; `nil` when none
  /// closes (a ring needs three corners). Holes are not taken out: it is the
  /// outline's area.
  ///
  /// Each ring is projected onto a plane at its mean latitude
  /// (equirectangular, on the sphere of `GreatCircle.earthRadiusKm`) and
  /// measured with the shoelace formula: within a fraction of a percent for
  /// anything a city holds.
  ///
  /// - Complexity: O(total points).
  static func squareMetres(_ rings: [[MapPoint]]) -> Double? {
    let areas = rings.compactMap(area)
    return areas.isEmpty ? nil : areas.reduce(0, +)
  }

  private static func area(of ring: [MapPoint]) -> Double? {
    guard ring.count >= 4, let first = ring.first, ring.last == first else { return nil }
    let metresPerUnit = GreatCircle.earthRadiusKm * 1000 * Double.pi / 180 / 1e7
    let latitude = Double(ring.reduce(0) { $0 + $1.y }) / Double(ring.count) / 1e7
    let xScale = metresPerUnit * cos(latitude * Double.pi / 180)
    var twice = 0.0
    for (a, b) in zip(ring, ring.dropFirst()) {
      // Relative to the first point, so the products stay small and exact.
      let (ax, ay) = (Double(a.x - first.x) * xScale, Double(a.y - first.y) * metresPerUnit)
      let (bx, by) = (Double(b.x - first.x) * xScale, Double(b.y - first.y) * metresPerUnit)
      twice += ax * by - bx * ay
    }
    return abs(twice) / 2
  }
}
