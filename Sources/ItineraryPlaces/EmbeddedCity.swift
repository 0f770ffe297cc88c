import Foundation
import ItineraryCore
import ItineraryFixtures
import ItineraryStore

/// A city whose places are compiled into the binary, so planning works with no
/// key and no network: central Helsinki from OpenStreetMap. It is a city file
/// like those `itinerary city import` writes (`fixtures/helsinki.sqlite`,
/// imported from the pinned extract by `scripts/build-embedded-city`), read
/// from memory.
public struct EmbeddedCity: Sendable {
  public let name: String
  /// Where plans start when no start point is given.
  public let centre: Coordinate
  /// The south-west and north-east corners of the box holding every place.
  public let southWest: Coordinate
  public let northEast: Coordinate
  /// Every place, best first.
  public let places: [Place]
  /// The city's database.
  public let file: CityFile

  /// The city compiled into the binary. Plans start at Senate Square, by
  /// the central railway station.
  public static let helsinki: EmbeddedCity = {
    do {
      return try EmbeddedCity(
        name: "central Helsinki", centre: Coordinate(lat: 60.1699, lon: 24.9384),
        base64: Fixtures.helsinkiSQLite)
    } catch {
      preconditionFailure("fixtures/helsinki.sqlite does not open: \(error)")
    }
  }()

  /// Opens the city file whose bytes `base64` holds.
  ///
  /// - Throws: `ItineraryError` (data) for text that is not a city file in base64.
  /// - Complexity: O(size of the file).
  public init(name: String, centre: Coordinate, base64: String) throws(ItineraryError) {
    let label = "the embedded city (\(name))"
    guard let image = Data(base64Encoded: base64) else {
      throw ItineraryError(.data, "\(label) is not in base64")
    }
    file = try CityFile(image: image, label: label)
    self.name = name
    self.centre = centre
    southWest = file.summary.southWest
    northEast = file.summary.northEast
    places = try file.places()
  }

  /// How far outside the box of places a start point still counts as in the city.
  public static let marginKm = 2.0

  /// Whether a plan starting at `point` can be served from this city.
  public func contains(_ point: Coordinate) -> Bool {
    let clamped = Coordinate(
      lat: min(max(point.lat, southWest.lat), northEast.lat),
      lon: min(max(point.lon, southWest.lon), northEast.lon))
    return GreatCircle.distanceKm(point, clamped) <= Self.marginKm
  }
}
