import Foundation

/// When a plan happens and how long things take: the start, the deadline,
/// the travel speed, the minutes spent at each stop, what to make of places
/// whose hours are unknown, and the price of waiting.
///
/// A problem without one is planned timelessly.
public struct TimeFrame: Sendable, Equatable {
  /// The instant the plan leaves the origin.
  public var start: Date
  /// The zone of `start`, `end` and every opening time.
  public var timeZone: TimeZone
  /// The deadline: the last visit ends (on a round trip, the person is back
  /// at the origin) by then.
  public var end: Date
  /// Travel speed when legs have no road durations; a leg takes
  /// `60 * km / speedKmh` minutes.
  public var speedKmh: Double
  /// Minutes spent at a stop, by category name (compared ignoring case);
  /// `"*"` is the default for the categories not listed, 0 without it. A
  /// place's own `dwellMinutes` overrides both.
  public var dwellMinutes: [String: Double]
  public var unknownHours: UnknownHours
  /// Score points lost per minute spent waiting for a place to open.
  public var waitWeight: Double
  /// The longest single wait at a closed door, in minutes, or `nil` for no
  /// limit. With one, a plan is feasible when some schedule keeps every
  /// wait within it (a visit may then begin later than it could, so that the
  /// next is not reached too early).
  public var maxWaitMinutes: Double?
  /// Categories whose places with unknown hours are open by daylight only,
  /// from sunrise to civil dusk at the origin (`SunTimes`); empty: such
  /// places count as the unknown hours rule says.
  public var daylightCategories: Set<String> = []
  /// The hours presumed for a place of a category whose own hours are
  /// unknown, in opening_hours syntax, by category name (a place in several
  /// such categories keeps the hours of its first; a daylight one keeps
  /// daylight); empty: such places count as the unknown hours rule says.
  public var usualHours: [String: String] = [:]
  /// The days `PH` and `SH` match in opening hours.
  public var holidays: Set<LocalDate>

  /// The horizon when no deadline is given: a day after the start.
  public static let defaultHorizon: TimeInterval = 24 * 3600
  /// The travel speeds accepted, in km/h: from a slow walk with a pushchair
  /// to a car on a motorway. Outside it nothing a person does is planned (at
  /// 1e-300 km/h no leg ever ends; past 200 km/h no street is driven), so a
  /// speed there is refused with this range, never answered with no plan.
  public static let speedRangeKmh = 0.5...200.0
  /// `speedRangeKmh` for messages and documents: "0.5 to 200 km/h".
  public static var speedRangeText: String {
    String(format: "%g to %g km/h", speedRangeKmh.lowerBound, speedRangeKmh.upperBound)
  }
  /// The key of `dwellMinutes` for every category not listed.
  public static let anyCategory = "*"

  public init(
    start: Date, timeZone: TimeZone, end: Date? = nil,
    speedKmh: Double = TravelMode.walk.defaultSpeedKmh, dwellMinutes: [String: Double] = [:],
    unknownHours: UnknownHours = .open, waitWeight: Double = 0, holidays: Set<LocalDate> = [],
    maxWaitMinutes: Double? = nil
  ) {
    self.start = start
    self.timeZone = timeZone
    self.end = end ?? start.addingTimeInterval(Self.defaultHorizon)
    self.speedKmh = speedKmh
    self.dwellMinutes = dwellMinutes
    self.unknownHours = unknownHours
    self.waitWeight = waitWeight
    self.holidays = holidays
    self.maxWaitMinutes = maxWaitMinutes
  }

  /// Minutes from the start to the deadline.
  public var horizonMinutes: Double { end.timeIntervalSince(start) / 60 }

  /// Minutes spent at `place` when it fills a stop of `category`.
  public func dwell(at place: Place, as category: String) -> Double {
    place.dwellMinutes ?? dwell(forCategory: category)
  }

  /// Minutes spent at a stop of `category` when the place says nothing.
  public func dwell(forCategory category: String) -> Double {
    let key = category.lowercased()
    return dwellMinutes.first { $0.key.lowercased() == key }?.value
      ?? dwellMinutes[Self.anyCategory] ?? 0
  }

  /// The instant `minutes` after the start.
  public func instant(atMinute minutes: Double) -> Date {
    start.addingTimeInterval(minutes * 60)
  }

  /// The wall-clock time `minutes` after the start, `2026-12-01T14:12`.
  public func localTime(atMinute minutes: Double) -> String {
    LocalDateTime.format(instant(atMinute: minutes), in: timeZone)
  }

  /// `between 21:00 and 23:00`, with the dates when the two days differ.
  public var windowWords: String {
    let from = LocalDateTime(start, in: timeZone)
    let to = LocalDateTime(end, in: timeZone)
    func clock(_ time: LocalDateTime) -> String { String(time.description.suffix(5)) }
    if from.date == to.date { return "between \(clock(from)) and \(clock(to))" }
    return "between \(from.date) \(clock(from)) and \(to.date) \(clock(to))"
  }

  /// Checks the values no plan can work with: a deadline not after the
  /// start, a speed outside `speedRangeKmh`, a negative dwell or waiting price.
  public func validate() throws(ItineraryError) {
    if end <= start {
      throw ItineraryError(
        .data,
        "end \(LocalDateTime(end, in: timeZone)) is not after start \(LocalDateTime(start, in: timeZone))"
      )
    }
    if !Self.speedRangeKmh.contains(speedKmh) {
      throw ItineraryError(
        .data, "speedKmh: \(speedKmh) is outside the accepted \(Self.speedRangeText)")
    }
    for (category, minutes) in dwellMinutes where !(0...Self.maximumDwell).contains(minutes) {
      throw ItineraryError(
        .data, "dwellMinutes \(category): \(minutes) is outside [0, \(Self.maximumDwell)]")
    }
    if !(0...Problem.maximumMagnitude).contains(waitWeight) {
      throw ItineraryError(
        .data, "waitWeight \(waitWeight) is outside [0, \(Problem.maximumMagnitude)]")
    }
    if let cap = maxWaitMinutes, !(0...Self.maximumDwell).contains(cap) {
      throw ItineraryError(.data, "maxWaitMinutes \(cap) is outside [0, \(Self.maximumDwell)]")
    }
  }

  /// The longest stay at one stop: a week.
  public static let maximumDwell = 7 * 24 * 60.0
}

/// What a place whose opening hours are unknown counts as.
public enum UnknownHours: String, Sendable, CaseIterable, Codable {
  /// Always open (the output then says the hours are not known).
  case open
  /// Left out of every plan.
  case closed
}
