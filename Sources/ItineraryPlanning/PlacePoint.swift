import Foundation
import ItineraryCore

/// A point a person gives as `LAT,LON` or as a place of the city by name or
/// id (`--base Kiasma`, `--end-at 60.17,24.94`).
enum PlacePoint {
  /// The point and what to call it.
  ///
  /// - Parameters:
  ///   - key: the request key, for messages (`base`, `endAt`).
  ///   - city: the places a name is looked for among.
  /// - Throws: `.usage` for a point off the Earth, or a name that names
  ///   several places or none.
  static func resolve(
    _ text: String, key: String, city: () throws(ItineraryError) -> [Place]
  ) throws(ItineraryError) -> (coordinate: Coordinate, name: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    if parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) {
      let point = Coordinate(lat: lat, lon: lon)
      if let why = point.invalidity { throw ItineraryError(.usage, "\(key): \(why)") }
      return (point, "\(point)")
    }
    let place = try PlaceName.resolve(text, role: key, in: city())
    return (place.coordinate, place.name)
  }
}
