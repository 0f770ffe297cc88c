import Foundation
import ItineraryCore
import ItineraryPlaces

/// When a request's plans happen: its start, deadline and zone, the minutes
/// spent at each stop and the price of waiting, as a problem's time frame.
enum TimeStep {
  /// The zone of the embedded city's opening hours.
  static let embeddedCityZone = "Europe/Helsinki"

  /// Checks the time values a request may hold before anything is fetched:
  /// dwell minutes and the price of waiting in range, and `anytime` given
  /// with no key that asks for a time.
  ///
  /// - Parameter timedKeys: the keys given that ask for a time (`start`, ...).
  static func validate(
    dwell: [String: Double]?, waitWeight: Double?, anytime: Bool?, timedKeys: [String],
    name: (String) -> String
  ) throws(ItineraryError) {
    for (category, minutes) in (dwell ?? [:]).sorted(by: { $0.key < $1.key })
    where !(0...TimeFrame.maximumDwell).contains(minutes) {
      throw ItineraryError(
        .usage,
        "\(name("dwell")) \(category) must be within 0...\(Int(TimeFrame.maximumDwell)) minutes, got \(minutes)"
      )
    }
    try Range.check(waitWeight, 0...Problem.maximumMagnitude, "waitWeight") { key, message in
      ItineraryError(.usage, "\(name(key)) \(message)")
    }
    if anytime == true, let key = timedKeys.first {
      throw ItineraryError(.usage, "\(name("anytime")) and \(name(key)) exclude each other")
    }
  }

  /// The time frame of a plan request, or `nil` with `anytime`. Without a
  /// `start` the plan starts now, which `notify` says; without an `end` it
  /// ends at the local midnight after the start (`defaultEnd`). Waiting is
  /// priced and no single wait may be longer than `maxWaitMinutes`
  /// (`Defaults`); `openNow` allows no wait at all and, unless the request
  /// says otherwise, leaves out places whose hours are unknown. Unless the
  /// request says what unknown hours mean, a place whose hours are unknown
  /// keeps its category's usual hours (`CanonicalCategory.usualHours`).
  ///
  /// - Parameter forTrip: the frame of a trip (`explore`): its outdoor
  ///   places with unknown hours are open by daylight only.
  /// - Throws: `.data` for an unknown zone, a date that does not exist, a
  ///   time the clocks skip, an unknown category word in `dwell`, or a
  ///   deadline not after the start.
  static func frame(
    for request: PlanRequest, origin: Coordinate, categories: [CanonicalCategory],
    speedKmh: Double, now: Date, forTrip: Bool = false, notify: (Notice) -> Void
  ) throws(ItineraryError) -> TimeFrame? {
    if request.anytime == true { return nil }
    let zone: TimeZone
    if let name = request.tz {
      zone = try TimeZone.named(name)
    } else if EmbeddedCity.helsinki.contains(origin) {
      zone = try TimeZone.named(embeddedCityZone)
    } else {
      zone = .current
    }
    let start = try instant(request.start ?? "now", "start", zone: zone, now: now, on: nil)
    if request.start == nil {
      notify(
        .info(
          "planning from now, \(LocalDateTime(start, in: zone)) \(zone.identifier); "
            + "use --start to choose the time, --anytime to plan without one"))
    }
    var dwell: [String: Double] = [:]
    for category in categories {
      dwell[category.name] = category.dwellMinutes
    }
    for (word, minutes) in request.dwell ?? [:] {
      dwell[try dwellKey(word)] = minutes
    }
    let openNow = request.openNow == true
    var frame = TimeFrame(
      start: start, timeZone: zone,
      end: try request.end.map { text throws(ItineraryError) in
        try instant(text, "end", zone: zone, now: now, on: LocalDateTime(start, in: zone).date)
      } ?? defaultEnd(after: start, in: zone),
      speedKmh: speedKmh, dwellMinutes: dwell,
      unknownHours: request.unknownHours ?? (openNow ? .closed : .open),
      waitWeight: request.waitWeight ?? Defaults.waitWeight,
      maxWaitMinutes: openNow ? 0 : request.maxWaitMinutes ?? Defaults.maxWaitMinutes)
    if request.unknownHours == nil {
      frame.usualHours = CanonicalCategory.usualHours
    }
    if forTrip {
      frame.daylightCategories = CanonicalCategory.outdoorNames
    }
    try validateOrder(frame)
    return frame
  }

  /// The end of a request that gives none: the local midnight after
  /// `start`, or `Defaults.lateStartHours` after a start later than
  /// `Defaults.lateStartHour` o'clock, so that no visit spills into the next
  /// day unasked.
  static func defaultEnd(after start: Date, in zone: TimeZone) -> Date {
    let local = LocalDateTime(start, in: zone)
    let late = start.addingTimeInterval(Defaults.lateStartHours * 3600)
    if local.minuteOfDay > Defaults.lateStartHour * 60 { return late }
    let midnight = LocalDateTime(date: local.date.adding(days: 1), minuteOfDay: 0)
    // A zone whose clocks skip midnight: the first minute that exists.
    for minute in stride(from: 0, through: 120, by: 1) {
      var time = midnight
      time.minuteOfDay = minute
      if let instant = try? time.instant(in: zone) { return instant }
    }
    return late
  }

  /// An instance's time frame with a solve request's overrides, or `nil`
  /// with `anytime` or when neither gives a start.
  static func frame(_ instance: TimeFrame?, overriddenBy settings: SolveSettings)
    throws(ItineraryError) -> TimeFrame?
  {
    if settings.anytime == true { return nil }
    let given = [settings.start, settings.end, settings.tz, settings.unknownHours?.rawValue]
    guard instance != nil || settings.start != nil else {
      if given.contains(where: { $0 != nil }) || settings.dwell != nil
        || settings.waitWeight != nil
      {
        throw ItineraryError(.usage, "a time setting needs a start (--start DATE TIME)")
      }
      return nil
    }
    let zone =
      try settings.tz.map { name throws(ItineraryError) in try TimeZone.named(name) }
      ?? instance?.timeZone ?? .current
    let start: Date
    if let text = settings.start {
      start = try instant(text, "start", zone: zone, now: nil, on: nil)
    } else if let instance {
      // The instance's wall-clock start, read in the zone asked for.
      start = try LocalDateTime(instance.start, in: instance.timeZone).instant(in: zone)
    } else {
      return nil
    }
    var frame = instance ?? TimeFrame(start: start, timeZone: zone)
    let startDay = LocalDateTime(start, in: zone).date
    if let text = settings.end {
      frame.end = try instant(text, "end", zone: zone, now: nil, on: startDay)
    } else if let instance, settings.start != nil || settings.tz != nil {
      // The same length as the instance's horizon from the new start.
      frame.end = start.addingTimeInterval(instance.end.timeIntervalSince(instance.start))
    }
    frame.start = start
    frame.timeZone = zone
    for (category, minutes) in settings.dwell ?? [:] { frame.dwellMinutes[category] = minutes }
    if let weight = settings.waitWeight { frame.waitWeight = weight }
    if let unknown = settings.unknownHours { frame.unknownHours = unknown }
    try validateOrder(frame)
    return frame
  }

  /// How many places have opening hours that do not parse (they are then
  /// unknown).
  static func unreadableHours(_ places: [Place]) -> Int {
    places.indices.count { index in
      guard let text = places[index].openingHours else { return false }
      return OpeningHours.cached(text) == nil
    }
  }

  /// The canonical name a dwell key's category word names, or `*`.
  private static func dwellKey(_ word: String) throws(ItineraryError) -> String {
    if word == TimeFrame.anyCategory { return word }
    guard let category = CategoryVocabulary.standard.resolve(word) else {
      throw ItineraryError(.data, "--dwell: unknown category '\(word)'")
    }
    return category.name
  }

  /// `now`, `HH:MM` on `day` (today when `now` is known), or
  /// `YYYY-MM-DD HH:MM`, as an instant in `zone`.
  private static func instant(
    _ text: String, _ key: String, zone: TimeZone, now: Date?, on day: LocalDate?
  ) throws(ItineraryError) -> Date {
    do throws(ItineraryError) {
      if let now, text.lowercased() == "now" { return now }
      let today = day ?? now.map { LocalDateTime($0, in: zone).date }
      return try LocalDateTime(parsing: text, on: today).instant(in: zone)
    } catch {
      throw ItineraryError(error.kind, "\(key): \(error.message)")
    }
  }

  /// A deadline not after the start is bad input.
  private static func validateOrder(_ frame: TimeFrame) throws(ItineraryError) {
    guard frame.end <= frame.start else { return }
    let zone = frame.timeZone
    throw ItineraryError(
      .data,
      "end \(LocalDateTime(frame.end, in: zone)) is not after start "
        + "\(LocalDateTime(frame.start, in: zone)) (\(zone.identifier))")
  }
}
