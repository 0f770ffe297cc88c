import Foundation
import ItineraryCore
import ItineraryPlaces

/// Independent computations over the embedded city's places, for the
/// finding commands' tests to compare against: distances by a haversine
/// written here, scores read straight from the data.
enum FindingOracle {
  static let places = EmbeddedCity.helsinki.places
  static let centre = EmbeddedCity.helsinki.centre

  /// Haversine distance in kilometres, Earth radius 6371.0088 km.
  static func km(_ a: Coordinate, _ b: Coordinate) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.lat - a.lat) * radians
    let dLon = (b.lon - a.lon) * radians
    let h =
      pow(sin(dLat / 2), 2) + cos(a.lat * radians) * cos(b.lat * radians) * pow(sin(dLon / 2), 2)
    return 2 * 6371.0088 * asin(min(1, sqrt(h)))
  }

  /// Every embedded place has an explicit score.
  static func score(_ place: Place) -> Double { place.score ?? 3 }

  static func has(_ place: Place, _ category: String) -> Bool {
    place.categories.contains { $0.lowercased() == category }
  }

  /// Lower case, accents dropped.
  static func fold(_ text: String) -> String {
    text.applyingTransform(.stripDiacritics, reverse: false)?.lowercased() ?? text.lowercased()
  }

  /// Seeded points within the embedded city's box.
  static func points(seed: UInt64, count: Int) -> [Coordinate] {
    var state = seed
    func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    let city = EmbeddedCity.helsinki
    return (0..<count).map { _ in
      Coordinate(
        lat: city.southWest.lat + next() * (city.northEast.lat - city.southWest.lat),
        lon: city.southWest.lon + next() * (city.northEast.lon - city.southWest.lon))
    }
  }
}

/// A command's JSON output as a dictionary.
func jsonObject(_ text: String) throws -> [String: Any] {
  guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
  else { throw CocoaError(.coderReadCorrupt) }
  return object
}
