/// A point on the Earth in decimal degrees (WGS 84).
public struct Coordinate: Hashable, Sendable, Codable {
  /// Latitude in degrees, -90 ... 90.
  public var lat: Double
  /// Longitude in degrees, -180 ... 180.
  public var lon: Double

  public init(lat: Double, lon: Double) {
    self.lat = lat
    self.lon = lon
  }

  /// Why this coordinate is not a point on the Earth, or `nil` when it is.
  public var invalidity: String? {
    if !lat.isFinite { return "latitude \(lat) is not a finite number" }
    if !lon.isFinite { return "longitude \(lon) is not a finite number" }
    if !(-90...90).contains(lat) { return "latitude \(lat) is outside [-90, 90]" }
    if !(-180...180).contains(lon) { return "longitude \(lon) is outside [-180, 180]" }
    return nil
  }
}

extension Coordinate: CustomStringConvertible {
  public var description: String { "\(lat),\(lon)" }
}
