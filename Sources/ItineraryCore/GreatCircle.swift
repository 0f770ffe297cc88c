import Foundation

/// Great-circle distances on a spherical Earth, as docs/reference.md defines them.
public enum GreatCircle {
  /// The mean Earth radius (IUGG), in kilometres.
  public static let earthRadiusKm = 6371.0088

  /// The haversine distance between two points, in kilometres.
  ///
  /// - Complexity: O(1).
  public static func distanceKm(_ a: Coordinate, _ b: Coordinate) -> Double {
    let lat1 = a.lat * .pi / 180
    let lat2 = b.lat * .pi / 180
    let dLat = lat2 - lat1
    let dLon = (b.lon - a.lon) * .pi / 180
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * earthRadiusKm * asin(min(1, h.squareRoot()))
  }
}
