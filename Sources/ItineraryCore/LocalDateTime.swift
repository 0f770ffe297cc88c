import Foundation

/// A date and a time of day to the minute, as a person reads them on a wall
/// clock, with no zone: `2026-12-01T14:00`.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var date: LocalDate
  /// Minutes after midnight, 0 to 1439.
  public var minuteOfDay: Int

  public init(date: LocalDate, minuteOfDay: Int) {
    self.date = date
    self.minuteOfDay = minuteOfDay
  }

  /// Reads `YYYY-MM-DDTHH:MM` (or a space for the `T`), or a bare `HH:MM` on
  /// `defaultDate`.
  ///
  /// - Throws: `ItineraryError` (`.data`) when the text is of neither form, the
  ///   date does not exist (`2026-02-30`), or a bare time has no date to go with.
  /// - Complexity: O(length of the text).
  public init(parsing text: String, on defaultDate: LocalDate? = nil) throws(ItineraryError) {
    let parts = text.split(
      maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { $0 == "T" || $0 == " " })
    if parts.count == 2 {
      date = try LocalDate(parsing: String(parts[0]))
      minuteOfDay = try LocalDateTime.minuteOfDay(parsing: String(parts[1]), in: text)
    } else if let defaultDate {
      date = defaultDate
      minuteOfDay = try LocalDateTime.minuteOfDay(parsing: text, in: text)
    } else {
      throw ItineraryError(.data, "time \"\(text)\": expected YYYY-MM-DDTHH:MM")
    }
  }

  /// The wall-clock time in `timeZone` at `instant`, to the nearest minute.
  ///
  /// - Complexity: O(1): one offset look-up.
  public init(_ instant: Date, in timeZone: TimeZone) {
    let seconds = Int((instant.timeIntervalSince1970 / 60).rounded()) * 60
    let local = timeZone.localSeconds(at: seconds)
    let days = local.floorDivided(by: 86_400)
    date = LocalDate(daysSinceEpoch: days)
    minuteOfDay = (local - days * 86_400) / 60
  }

  /// The instant this wall-clock time happens in `timeZone` (the earlier one
  /// when the clocks go back and it happens twice).
  ///
  /// - Throws: `ItineraryError` (`.data`) when the clocks skip this time (the
  ///   hour lost when daylight saving time begins).
  /// - Complexity: O(1) offset look-ups.
  public func instant(in timeZone: TimeZone) throws(ItineraryError) -> Date {
    let (instant, isSkipped) = timeZone.instant(atLocal: localSeconds)
    guard !isSkipped else {
      throw ItineraryError(
        .data, "\(self) does not exist in \(timeZone.identifier): the clocks skip it")
    }
    return Date(timeIntervalSince1970: TimeInterval(instant))
  }

  /// `instant` as a wall-clock time in `timeZone`, `2026-12-01T14:12`.
  public static func format(_ instant: Date, in timeZone: TimeZone) -> String {
    LocalDateTime(instant, in: timeZone).description
  }

  /// Seconds from 1970-01-01 00:00 as the wall clock reads it.
  var localSeconds: Int { date.daysSinceEpoch * 86_400 + minuteOfDay * 60 }

  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    (lhs.date, lhs.minuteOfDay) < (rhs.date, rhs.minuteOfDay)
  }

  /// `YYYY-MM-DDTHH:MM`, written straight into the string for a year of
  /// four digits and a minute of the day.
  public var description: String {
    guard (0...9999).contains(date.year), (0..<1440).contains(minuteOfDay) else {
      return
        "\(date)T\(LocalDate.padded(minuteOfDay / 60, 2)):\(LocalDate.padded(minuteOfDay % 60, 2))"
    }
    return String(unsafeUninitializedCapacity: 16) { buffer in
      date.write(to: buffer)
      buffer[10] = UInt8(ascii: "T")
      LocalDate.writeDigits(minuteOfDay / 60, 2, to: buffer, at: 11)
      buffer[13] = UInt8(ascii: ":")
      LocalDate.writeDigits(minuteOfDay % 60, 2, to: buffer, at: 14)
      return 16
    }
  }

  /// Reads `HH:MM` (or `H:MM`), 00:00 to 23:59.
  private static func minuteOfDay(parsing time: String, in text: String) throws(ItineraryError)
    -> Int
  {
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
    else { throw ItineraryError(.data, "time \"\(text)\": expected HH:MM from 00:00 to 23:59") }
    return hour * 60 + minute
  }
}

extension Int {
  /// Division rounding towards minus infinity.
  func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
