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
///
/// Two tables are equal when they cover as many places, come from the same
/// source, and give every leg the same distance and time.
public struct RoadTable: Hashable, Sendable {
  /// How many places the table covers, besides the origin.
  public let placeCount: Int
  /// Where the table came from, as the output names it (`osrm`).
  public let source: String
  /// Row-major over `placeCount + 1` points, the origin first, infinite
  /// where there is no route; for a table that reads kept legs, the
  /// origin's legs only: out to each place, then back from each.
  private let kilometres: [Double]
  /// In the same layout; empty for a table that reads kept legs.
  private let minutes: [Double]
  /// Whether the table reads the legs a process keeps for its city; those
  /// legs (`KeptLegs.none` when not), each place's point there, and the
  /// speed that makes their minutes.
  private let readsKept: Bool
  private let kept: KeptLegs
  private let points: [Int]
  private let speedKmh: Double

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
    for (name, matrix) in [("distances", kilometres), ("durations", minutes)] {
      for case let value? in matrix where !value.isFinite || value < 0 {
        throw ItineraryError(.data, "\(source): road \(name) hold \(value)")
      }
    }
    try self.init(
      points: points, kilometresOrInfinity: kilometres.map { $0 ?? .infinity },
      minutesOrInfinity: minutes.map { $0 ?? .infinity }, source: source)
  }

  /// The same table from matrices that are infinite where there is no
  /// route, row by row, `points` by `points`: a measure of its own legs
  /// makes them so without a value wrapped for each.
  ///
  /// - Throws: `.data` when a matrix is not `points` squared, or holds a
  ///   value that is negative or not a number.
  /// - Complexity: O(n^2) for n points.
  public init(
    points: Int, kilometresOrInfinity kilometres: [Double],
    minutesOrInfinity minutes: [Double], source: String
  ) throws(ItineraryError) {
    guard points > 0 else { throw ItineraryError(.data, "\(source): the road table is empty") }
    for (name, matrix) in [("distances", kilometres), ("durations", minutes)] {
      guard matrix.count == points * points else {
        throw ItineraryError(.data, "\(source): the road \(name) are not \(points) by \(points)")
      }
      // Written so that NaN fails too.
      if let value = matrix.first(where: { !($0 >= 0) }) {
        throw ItineraryError(.data, "\(source): road \(name) hold \(value)")
      }
    }
    placeCount = points - 1
    self.source = source
    self.kilometres = kilometres
    self.minutes = minutes
    readsKept = false
    kept = .none
    self.points = []
    speedKmh = 0
  }

  /// A table whose legs between places are `kept`'s between their points
  /// there, read as they are asked rather than copied: a process that plans
  /// again and again on one city measures only each request's origin.
  ///
  /// - Parameters:
  ///   - points: each place's point in `kept`.
  ///   - fromOrigin: the kilometres from the origin to each place, infinite
  ///     where there is no route; `toOrigin` those back.
  ///   - speedKmh: the speed that makes every leg's minutes.
  /// - Throws: `.data` when the origin's legs are not one a place, or hold
  ///   a value that is negative or not a number, or the speed is not
  ///   positive, or a point is not one of `kept`'s.
  /// - Complexity: O(n) for n places.
  public init(
    kept: KeptLegs, points: [Int], fromOrigin: [Double], toOrigin: [Double], speedKmh: Double,
    source: String
  ) throws(ItineraryError) {
    guard fromOrigin.count == points.count, toOrigin.count == points.count else {
      throw ItineraryError(.data, "\(source): the origin's legs are not one a place")
    }
    if let value = (fromOrigin + toOrigin).first(where: { !($0 >= 0) }) {
      throw ItineraryError(.data, "\(source): road distances hold \(value)")
    }
    guard speedKmh > 0, speedKmh.isFinite, points.allSatisfy(kept.points.contains) else {
      throw ItineraryError(.data, "\(source): the kept legs do not fit")
    }
    placeCount = points.count
    self.source = source
    kilometres = fromOrigin + toOrigin
    minutes = []
    readsKept = true
    self.kept = kept
    self.points = points
    self.speedKmh = speedKmh
  }

  /// The kilometres of a leg, infinite where there is no route.
  ///
  /// - Complexity: O(1).
  private func kilometres(_ from: Waypoint, _ to: Waypoint) -> Double {
    guard readsKept else { return kilometres[row(from) * (placeCount + 1) + row(to)] }
    switch (from, to) {
    case (.origin, .origin): return 0
    case (.origin, .place(let place)): return kilometres[place]
    case (.place(let place), .origin): return kilometres[placeCount + place]
    case (.place(let a), .place(let b)): return kept.kilometres(from: points[a], to: points[b])
    }
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
    let value = kilometres(from, to)
    return value.isFinite ? value : nil
  }

  /// The travel time in minutes, or `nil` when there is no route.
  ///
  /// - Complexity: O(1).
  public func minutes(from: Waypoint, to: Waypoint) -> Double? {
    let value =
      readsKept
      ? kilometres(from, to) / speedKmh * 60 : minutes[row(from) * (placeCount + 1) + row(to)]
    return value.isFinite ? value : nil
  }

  public static func == (a: RoadTable, b: RoadTable) -> Bool {
    guard a.placeCount == b.placeCount, a.source == b.source else { return false }
    let points = [Waypoint.origin] + (0..<a.placeCount).map(Waypoint.place)
    return points.allSatisfy { from in
      points.allSatisfy { to in
        a.distanceKm(from: from, to: to) == b.distanceKm(from: from, to: to)
          && a.minutes(from: from, to: to) == b.minutes(from: from, to: to)
      }
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(placeCount)
    hasher.combine(source)
  }
}
