import Foundation
import ItineraryCore
import ItineraryPlanning

/// Found places as an RFC 7946 `FeatureCollection` of `Point`s, `[lon, lat]`,
/// each with the place's fields as its properties.
public enum PlacesGeoJSON {
  struct Collection: Encodable {
    var type = "FeatureCollection"
    var features: [Feature]
  }

  struct Feature: Encodable {
    struct Point: Encodable {
      var type = "Point"
      var coordinates: [Double]
    }
    var type = "Feature"
    var geometry: Point
    var properties: FoundPlace
  }

  /// - Complexity: O(number of places).
  public static func encode(_ places: [FoundPlace]) throws(ItineraryError) -> Data {
    try ResponseJSON.encode(
      Collection(
        features: places.map {
          Feature(geometry: Feature.Point(coordinates: [$0.lon, $0.lat]), properties: $0)
        }))
  }
}
