import ItineraryCore

/// A point as OpenStreetMap stores it: whole ten-millionths of a degree, so
/// that osmium's OPL and Overpass's JSON (both written to 7 decimals) give
/// the same point and the same means.
struct MapPoint: Hashable, Sendable {
  var x: Int
  var y: Int

  init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// The point of `coordinate`, rounded to ten-millionths; `nil` for a
  /// coordinate that is no point on the Earth (out of range, not finite).
  init?(_ coordinate: Coordinate) {
    guard coordinate.invalidity == nil else { return nil }
    x = Int((coordinate.lon * 1e7).rounded())
    y = Int((coordinate.lat * 1e7).rounded())
  }

  var coordinate: Coordinate { Coordinate(lat: Double(y) / 1e7, lon: Double(x) / 1e7) }

  /// The mean of `points`, rounded to whole units, halves to even; `nil`
  /// for none. A place's location is the mean of its distinct points.
  ///
  /// - Complexity: O(n).
  static func mean(_ points: some Collection<MapPoint>) -> MapPoint? {
    guard !points.isEmpty else { return nil }
    func rounded(_ sum: Int) -> Int {
      let count = points.count
      let floor = sum >= 0 ? sum / count : -((-sum + count - 1) / count)
      let twice = 2 * (sum - floor * count)
      return twice > count || (twice == count && floor % 2 != 0) ? floor + 1 : floor
    }
    return MapPoint(
      x: rounded(points.reduce(0) { $0 + $1.x }), y: rounded(points.reduce(0) { $0 + $1.y }))
  }
}
