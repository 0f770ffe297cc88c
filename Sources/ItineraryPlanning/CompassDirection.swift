import Foundation
import ItineraryCore

/// Which way to set off: the initial great-circle bearing from one point
/// to another, and the nearest of the eight compass points.
public struct CompassDirection: Codable, Sendable, Equatable {
  /// Degrees clockwise from true north, in [0, 360).
  public var degrees: Double
  /// `N`, `NE`, `E`, `SE`, `S`, `SW`, `W` or `NW`: the point within 22.5
  /// degrees of `degrees` (a bearing of exactly 22.5 is `NE`).
  public var point: String

  public static let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

  /// The bearing from `origin` to `destination` (north for the same point).
  ///
  /// - Complexity: O(1).
  public init(from origin: Coordinate, to destination: Coordinate) {
    let lat1 = origin.lat * .pi / 180
    let lat2 = destination.lat * .pi / 180
    let dLon = (destination.lon - origin.lon) * .pi / 180
    let y = sin(dLon) * cos(lat2)
    let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
    let degrees = (atan2(y, x) * 180 / .pi).truncatingRemainder(dividingBy: 360)
    self.init(degrees: degrees < 0 ? degrees + 360 : degrees)
  }

  /// The compass point of a bearing in degrees.
  public init(degrees: Double) {
    self.degrees = degrees == 360 ? 0 : degrees
    let sector = Int(((self.degrees + 22.5) / 45).rounded(.down)) % 8
    point = Self.points[sector]
  }
}
