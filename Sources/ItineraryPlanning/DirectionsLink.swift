import Foundation
import ItineraryCore

/// The OpenStreetMap directions page for one leg, so that a person on the
/// way can open the route from the previous point to a stop on any phone:
/// `https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=LAT1,LON1;LAT2,LON2`.
///
/// The engine follows the travel mode (foot, bike, car). Coordinates carry six
/// decimals (about 0.1 m), enough for a door and short enough for a link.
enum DirectionsLink {
  /// The directions link from `from` to `to` for `mode`.
  ///
  /// - Complexity: O(1).
  static func url(from: Coordinate, to: Coordinate, mode: TravelMode) -> String {
    "https://www.openstreetmap.org/directions?engine=\(engine(mode))&route="
      + "\(degrees(from.lat)),\(degrees(from.lon));\(degrees(to.lat)),\(degrees(to.lon))"
  }

  /// The OSRM engine of openstreetmap.org for each travel mode.
  static func engine(_ mode: TravelMode) -> String {
    switch mode {
    case .walk: "fossgis_osrm_foot"
    case .bike: "fossgis_osrm_bike"
    case .drive: "fossgis_osrm_car"
    }
  }

  /// Six decimals, with no locale: `60.169900`.
  private static func degrees(_ value: Double) -> String {
    String(format: "%.6f", locale: nil, value)
  }
}
