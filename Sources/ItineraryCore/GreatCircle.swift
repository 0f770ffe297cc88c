import Foundation

/// Great-circle distances on a spherical Earth, as docs/reference.md defines them.
public enum GreatCircle {
  /// The mean Earth radius (IUGG), in kilometres.
  public static let earthRadiusKm = 6371.0088

  /// The haversine distance between two points, in kilometres.
  ///
  /// - Complexity: O(1).
  public static func distanceKm(_ a: Coordinate, _ b: Coordinate) -> Double {
    distanceKm(a, cosLatitude: cosLatitude(a), b, cosLatitude: cosLatitude(b))
  }

  /// The same distance, the same number, with the cosines of both latitudes
  /// (`cosLatitude`) given: for many distances from one point, or to points
  /// whose cosines were kept.
  ///
  /// - Complexity: O(1).
  public static func distanceKm(
    _ a: Coordinate, cosLatitude cosA: Double, _ b: Coordinate, cosLatitude cosB: Double
  ) -> Double {
    let dLat = b.lat * .pi / 180 - a.lat * .pi / 180
    let dLon = (b.lon - a.lon) * .pi / 180
    let h = sin(dLat / 2) * sin(dLat / 2) + cosA * cosB * sin(dLon / 2) * sin(dLon / 2)
    return 2 * earthRadiusKm * asin(min(1, h.squareRoot()))
  }

  /// The cosine of a point's latitude, as `distanceKm` uses it.
  public static func cosLatitude(_ point: Coordinate) -> Double { cos(point.lat * .pi / 180) }
}
