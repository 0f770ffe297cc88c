/// One end of a leg: the problem's origin or one of its places.
public enum Waypoint: Hashable, Sendable {
  case origin
  /// Index into `Problem.places`.
  case place(Int)
}

/// Road distances and travel times between a problem's origin and every one
/// of its places, in both directions: a routing service's table (OSRM's
/// `/table`), which may be asymmetric and may lack a route between two points.
///
/// When a problem has one, every leg is measured on it instead of on the
/// great circle (see `Problem.legKm(from:to:)`).
public struct RoadTable: Hashable, Sendable {
  /// How many places the table covers, besides the origin.
  public let placeCount: Int
  /// Where the table came from, as the output names it (`osrm`).
  public let source: String
  /// Row-major over `placeCount + 1` points, the origin first; `nil` where
  /// there is no route.
  private let kilometres: [Double?]
  private let minutes: [Double?]

  /// - Parameters:
  ///   - kilometres: `kilometres[i][j]` is the road distance from point `i`
  ///     to point `j`, where point 0 is the origin and point `p + 1` is place
  ///     `p`; `nil` when there is no route.
  ///   - minutes: the travel times, in the same layout.
  ///   - source: where the table came from.
  /// - Throws: `.data` when the matrices are not square, not of one size, or
  ///   hold a value that is negative or not finite.
  /// - Complexity: O(n^2) for n points.
  public init(kilometres: [[Double?]], minutes: [[Double?]], source: String) throws(ItineraryError)
  {
    let count = kilometres.count
    guard count > 0 else { throw ItineraryError(.data, "\(source): the road table is empty") }
    for (name, matrix) in [("distances", kilometres), ("durations", minutes)] {
      guard matrix.count == count, matrix.allSatisfy({ $0.count == count }) else {
        throw ItineraryError(.data, "\(source): the road \(name) are not \(count) by \(count)")
      }
    }
    try self.init(
      points: count, kilometres: kilometres.flatMap { $0 }, minutes: minutes.flatMap { $0 },
      source: source)
  }

  /// The same table from its matrices row by row, `points` by `points`.
  ///
  /// - Throws: `.data` when a matrix is not `points` squared, or holds a
  ///   value that is negative or not finite.
  /// - Complexity: O(n^2) for n points.
  public init(points: Int, kilometres: [Double?], minutes: [Double?], source: String)
    throws(ItineraryError)
  {
    guard points > 0 else { throw ItineraryError(.data, "\(source): the road table is empty") }
    for (name, matrix) in [("distances", kilometres), ("durations", minutes)] {
      guard matrix.count == points * points else {
        throw ItineraryError(.data, "\(source): the road \(name) are not \(points) by \(points)")
      }
      for case let value? in matrix where !value.isFinite || value < 0 {
        throw ItineraryError(.data, "\(source): road \(name) hold \(value)")
      }
    }
    placeCount = points - 1
    self.source = source
    self.kilometres = kilometres
    self.minutes = minutes
  }

  private func cell(_ from: Waypoint, _ to: Waypoint) -> Int {
    row(from) * (placeCount + 1) + row(to)
  }

  private func row(_ waypoint: Waypoint) -> Int {
    switch waypoint {
    case .origin: 0
    case .place(let index): index + 1
    }
  }

  /// The road distance in kilometres, or `nil` when there is no route.
  ///
  /// - Complexity: O(1).
  public func distanceKm(from: Waypoint, to: Waypoint) -> Double? {
    kilometres[cell(from, to)]
  }

  /// The travel time in minutes, or `nil` when there is no route.
  ///
  /// - Complexity: O(1).
  public func minutes(from: Waypoint, to: Waypoint) -> Double? {
    minutes[cell(from, to)]
  }
}
