import CMath
import Foundation
import ItineraryCore

/// A coordinate as a unit vector, so that great-circle distances need one
/// square root and one arcsine, and boxes in space bound them from below.
package struct SpherePoint: Sendable {
  var x: Double
  var y: Double
  var z: Double

  init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  package init(_ coordinate: Coordinate) {
    var (sinLat, cosLat, sinLon, cosLon) = (0.0, 0.0, 0.0, 0.0)
    itinerary_sincos(coordinate.lat * .pi / 180, &sinLat, &cosLat)
    itinerary_sincos(coordinate.lon * .pi / 180, &sinLon, &cosLon)
    x = cosLat * cosLon
    y = cosLat * sinLon
    z = sinLat
  }

  subscript(axis: Int) -> Double {
    switch axis {
    case 0: x
    case 1: y
    default: z
    }
  }

  /// The straight-line distance through the unit sphere.
  package func chord(to other: SpherePoint) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    let dz = z - other.z
    return (dx * dx + dy * dy + dz * dz).squareRoot()
  }

  /// The great-circle distance in kilometres: the haversine distance, since
  /// `chord / 2` is exactly the square root of the haversine term.
  func distanceKm(to other: SpherePoint) -> Double {
    GreatCircle.kilometres(chord: chord(to: other))
  }
}

extension GreatCircle {
  /// The great-circle distance between two points whose unit vectors lie
  /// `chord` apart: `2 R asin(chord / 2)`, never less than `R * chord`.
  static func kilometres(chord: Double) -> Double {
    2 * earthRadiusKm * asin(min(1, chord / 2))
  }
}
