import ItineraryCore
import ItineraryPlaces

extension PlanRequest {
  /// Checks every value against its documented range before anything is
  /// fetched or solved, so a bad value is one clear usage error.
  ///
  /// - Parameter name: how the front end spells a key in messages
  ///   (`--distance-weight` on the command line, `distanceWeight` in JSON).
  public func validate(naming name: (String) -> String = { $0 }) throws(ItineraryError) {
    func fail(_ key: String, _ message: String) -> ItineraryError {
      ItineraryError(.usage, "\(name(key)) \(message)")
    }
    func exclusive(_ a: String, _ b: String, _ both: Bool) throws(ItineraryError) {
      if both { throw ItineraryError(.usage, "\(name(a)) and \(name(b)) exclude each other") }
    }
    if categories.isEmpty {
      throw ItineraryError(
        .usage, "no category given (for example: itinerary plan restaurant park art)")
    }
    if let why = at?.invalidity { throw fail("at", "is not a point on the Earth: \(why)") }
    try exclusive("at", "near", at != nil && near != nil)
    if let provider, provider.isLive, at == nil, near == nil {
      throw ItineraryError(
        .usage,
        "the \(provider.rawValue) provider needs a start point: \(name("at")) LAT,LON or "
          + "\(name("near")) PLACE")
    }
    if let near, near.trimmingCharacters(in: .whitespaces).isEmpty {
      throw fail("near", "is empty")
    }
    try exclusive("noCache", "refresh", noCache == true && refresh == true)
    try exclusive("exact", "diverse", exact == true && diverse == true)
    try Range.check(perCategory, 1...Defaults.maxPerCategory, "perCategory", fail)
    try Range.check(top, 1...Defaults.maxTop, "top", fail)
    try Range.check(seed, 0...Int.max, "seed", fail)
    try Range.check(speed, Defaults.speedKmh, "speed", fail)
    try Range.check(distanceWeight, 0...Problem.maximumMagnitude, "distanceWeight", fail)
    try Range.positive(radius, atMost: Defaults.maxRadiusKm, "radius", fail)
    let timedKeys = [
      ("start", start != nil), ("end", end != nil), ("tz", tz != nil), ("openNow", openNow == true),
      ("waitWeight", waitWeight != nil), ("dwell", dwell != nil),
      ("unknownHours", unknownHours != nil),
    ].filter(\.1).map(\.0)
    try TimeStep.validate(
      dwell: dwell, waitWeight: waitWeight, anytime: anytime, timedKeys: timedKeys, name: name)
    for (key, seconds) in [
      ("connectTimeout", connectTimeout), ("timeout", timeout), ("timeLimit", timeLimit),
      ("verifyTimeLimit", verifyTimeLimit),
    ] {
      try Range.positive(seconds, atMost: Defaults.maxSeconds, key, fail)
    }
  }
}

/// Range checks with messages that say the range.
enum Range {
  /// - Parameter fail: makes the error for a key and what is wrong with it.
  static func check<T: Comparable>(
    _ value: T?, _ range: ClosedRange<T>, _ key: String,
    _ fail: (String, String) -> ItineraryError
  ) throws(ItineraryError) {
    guard let value, !range.contains(value) else { return }
    let bounds =
      range.upperBound == (Int.max as? T) ? "at least \(range.lowerBound)" : "within \(range)"
    throw fail(key, "must be \(bounds), got \(value)")
  }

  /// A number above zero and at most `limit`.
  static func positive(
    _ value: Double?, atMost limit: Double, _ key: String,
    _ fail: (String, String) -> ItineraryError
  ) throws(ItineraryError) {
    guard let value else { return }
    if !(value > 0 && value <= limit) {
      throw fail(key, "must be above 0 and at most \(limit), got \(value)")
    }
  }
}
