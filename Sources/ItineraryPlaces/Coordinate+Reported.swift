import ItineraryCore

extension Coordinate {
  /// The point a service reports for a place, or `nil` when either part is
  /// missing or it is no point on the Earth: such a place is skipped.
  init?(reportedLat lat: Double?, lon: Double?) {
    guard let lat, let lon else { return nil }
    self.init(lat: lat, lon: lon)
    guard invalidity == nil else { return nil }
  }
}
