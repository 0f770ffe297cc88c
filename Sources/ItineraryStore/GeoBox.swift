import Foundation
import ItineraryCore

/// A latitude-longitude rectangle, in degrees, that does not cross the
/// antimeridian.
struct GeoBox: Equatable {
  var minLat: Double
  var maxLat: Double
  var minLon: Double
  var maxLon: Double

  /// Degrees added on every side, so that rounding never leaves out a point
  /// on the circle itself (about 1 cm).
  static let margin = 1e-7

  /// One or two boxes that together hold every point within `radiusKm` of
  /// `centre` (great-circle distance): the circle's bounding box, split in
  /// two where it crosses the antimeridian, and widened to every longitude
  /// where it holds a pole.
  ///
  /// The longitude half-width is `asin(sin(d) / cos(lat))` for the angular
  /// radius `d`: the meridians tangent to the circle.
  ///
  /// - Complexity: O(1).
  static func covering(radiusKm: Double, around centre: Coordinate) -> [GeoBox] {
    let angle = radiusKm / GreatCircle.earthRadiusKm
    let degrees = angle * 180 / .pi + margin
    let minLat = centre.lat - degrees
    let maxLat = centre.lat + degrees
    guard angle < .pi / 2, minLat > -90, maxLat < 90 else {
      return [GeoBox(minLat: max(minLat, -90), maxLat: min(maxLat, 90), minLon: -180, maxLon: 180)]
    }
    let halfWidth = asin(min(1, sin(angle) / cos(centre.lat * .pi / 180))) * 180 / .pi + margin
    let minLon = centre.lon - halfWidth
    let maxLon = centre.lon + halfWidth
    if halfWidth >= 180 {
      return [GeoBox(minLat: minLat, maxLat: maxLat, minLon: -180, maxLon: 180)]
    }
    if minLon < -180 {
      return [
        GeoBox(minLat: minLat, maxLat: maxLat, minLon: minLon + 360, maxLon: 180),
        GeoBox(minLat: minLat, maxLat: maxLat, minLon: -180, maxLon: maxLon),
      ]
    }
    if maxLon > 180 {
      return [
        GeoBox(minLat: minLat, maxLat: maxLat, minLon: minLon, maxLon: 180),
        GeoBox(minLat: minLat, maxLat: maxLat, minLon: -180, maxLon: maxLon - 360),
      ]
    }
    return [GeoBox(minLat: minLat, maxLat: maxLat, minLon: minLon, maxLon: maxLon)]
  }
}
