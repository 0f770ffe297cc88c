import ItineraryCore
import ItineraryPlaces

extension PlanRequest {
  /// Checks every value against its documented range before anything is
  /// fetched or solved, so a bad value is one clear usage error.
  ///
  /// - Parameters:
  ///   - name: how the front end spells a key in messages
  ///     (`--distance-weight` on the command line, `distanceWeight` in JSON).
  ///   - trip: whether the request is for a trip (`explore`), which takes
  ///     the trip keys and no category (any place), and not the keys of plans.
  public func validate(naming name: (String) -> String = { $0 }, trip: Bool = false)
    throws(ItineraryError)
  {
    func fail(_ key: String, _ message: String) -> ItineraryError {
      ItineraryError(.usage, "\(name(key)) \(message)")
    }
    func exclusive(_ a: String, _ b: String, _ both: Bool) throws(ItineraryError) {
      if both { throw ItineraryError(.usage, "\(name(a)) and \(name(b)) exclude each other") }
    }
    if trip {
      try validateTrip(naming: name)
    } else {
      if categories.isEmpty {
        throw ItineraryError(
          .usage,
          "no category given (for example: itinerary plan restaurant park art; "
            + "in JSON \"categories\": [\"restaurant\", \"park\"])")
      }
      if let key = givenKeys(Self.tripKeys).first {
        throw ItineraryError(.usage, "\(name(key)) is for trips (itinerary explore)")
      }
    }
    if let why = at?.invalidity { throw fail("at", "is not a point on the Earth: \(why)") }
    try exclusive("at", "near", at != nil && near != nil)
    try exclusive("at", "base", at != nil && base != nil)
    try exclusive("near", "base", near != nil && base != nil)
    try exclusive("roundTrip", "endAt", roundTrip == true && endAt != nil)
    try exclusive("anyOrder", "endAt", anyOrder == true && endAt != nil)
    let named =
      [("base", base), ("endAt", endAt)].compactMap { key, text in text.map { (key, $0) } }
      + (avoid ?? []).map { ("avoid", $0) } + (must ?? []).map { ("must", $0) }
    if let (key, _) = named.first(where: { $0.1.trimmingCharacters(in: .whitespaces).isEmpty }) {
      throw fail(key, "is empty")
    }
    if let provider, provider.isLive, at == nil, near == nil, base == nil {
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
    if let speed, !Defaults.speedKmh.contains(speed) {
      throw fail("speed", "must be within \(TimeFrame.speedRangeText), got \(speed)")
    }
    try Range.check(distanceWeight, 0...Problem.maximumMagnitude, "distanceWeight", fail)
    try Range.positive(radius, atMost: Defaults.maxRadiusKm, "radius", fail)
    try Range.positive(memoryLimit, atMost: Defaults.maxMemoryLimit, "memoryLimit", fail)
    try filter.validate(fail)
    let timedKeys = [
      ("start", start != nil), ("end", end != nil), ("tz", tz != nil), ("openNow", openNow == true),
      ("waitWeight", waitWeight != nil), ("dwell", dwell != nil),
      ("unknownHours", unknownHours != nil), ("maxWaitMinutes", maxWaitMinutes != nil),
    ].filter(\.1).map(\.0)
    try Range.check(maxWaitMinutes, 0...TimeFrame.maximumDwell, "maxWaitMinutes", fail)
    try exclusive("openNow", "maxWaitMinutes", openNow == true && maxWaitMinutes != nil)
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

extension PlanRequest {
  /// Which of `keys` the request holds.
  func givenKeys(_ keys: [String]) -> [String] {
    let given: [String: Bool] = [
      "top": top != nil, "exact": exact != nil, "diverse": diverse != nil,
      "roundTrip": roundTrip != nil, "anyOrder": anyOrder != nil, "openNow": openNow != nil,
      "anytime": anytime != nil, "verify": verify != nil, "verifyTimeLimit": verifyTimeLimit != nil,
      "distances": distances != nil, "days": days != nil, "day": day != nil,
      "maxPerCategory": maxPerCategory != nil, "maxWaitMinutes": maxWaitMinutes != nil,
      "pace": pace != nil, "meals": meals != nil, "endAt": endAt != nil,
      "must": must != nil,
    ]
    return keys.filter { given[$0] == true }
  }

  /// A trip's own checks: no key of plans, days in range, and one way of
  /// giving them (without an end, each day ends as a plan does).
  private func validateTrip(naming name: (String) -> String) throws(ItineraryError) {
    func fail(_ key: String, _ message: String) -> ItineraryError {
      ItineraryError(.usage, "\(name(key)) \(message)")
    }
    if let key = givenKeys(Self.planOnlyKeys).first {
      throw fail(key, "is for plans, not trips")
    }
    if days != nil && day != nil {
      throw ItineraryError(.usage, "\(name("days")) and \(name("day")) exclude each other")
    }
    try Range.check(days, 1...Exploration.maximumDays, "days", fail)
    try Range.check(day?.count, 1...Exploration.maximumDays, "day", fail)
    try Range.check(maxPerCategory, 1...Int.max, "maxPerCategory", fail)
    if day != nil && (start != nil || end != nil) {
      throw ItineraryError(
        .usage,
        "\(name("day")) gives each day's start and end: leave out \(name("start")) and \(name("end"))"
      )
    }
  }
}

extension PlaceFilter {
  /// A cuisine of some letter or digit, a price of 1 to 4.
  ///
  /// - Parameter fail: makes the error for a key and what is wrong with it.
  package func validate(_ fail: (String, String) -> ItineraryError) throws(ItineraryError) {
    if let cuisine, Self.words(cuisine).isEmpty {
      throw fail("cuisine", "needs a word (pizza, sushi, vegan), got '\(cuisine)'")
    }
    try Range.check(price, 1...4, "price", fail)
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
