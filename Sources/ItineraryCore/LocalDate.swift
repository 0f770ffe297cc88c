/// A calendar date with no time zone (proleptic Gregorian), as opening hours
/// and holiday lists speak of days.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  /// 1 (January) to 12.
  public let month: Int
  /// 1 to the length of the month.
  public let day: Int

  /// The date, or `nil` when it does not exist (`2026-02-30`, month 13).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= LocalDate.length(ofMonth: month, in: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `daysSinceEpoch` days after 1970-01-01 (negative: before).
  ///
  /// - Complexity: O(1).
  public init(daysSinceEpoch: Int) {
    // Days are counted in 400-year eras of 146,097 days starting on March 1,
    // so that the leap day falls at the end of each counted year.
    let shifted = daysSinceEpoch + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days from 1970-01-01 to this date.
  ///
  /// - Complexity: O(1).
  public var daysSinceEpoch: Int {
    let marchYear = month <= 2 ? year - 1 : year
    let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
    let yearOfEra = marchYear - era * 400
    let monthFromMarch = (month + 9) % 12
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The days of the week as opening hours name them, Monday first.
  public static let weekdayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

  /// The day of the week, 0 for Monday to 6 for Sunday.
  public var weekday: Int {
    // 1970-01-01 was a Thursday (3).
    ((daysSinceEpoch + 3) % 7 + 7) % 7
  }

  /// The date `days` days later (earlier when negative).
  public func adding(days: Int) -> LocalDate {
    LocalDate(daysSinceEpoch: daysSinceEpoch + days)
  }

  /// Reads `YYYY-MM-DD`.
  ///
  /// - Throws: `ItineraryError` (`.data`) naming the text when it is not of that
  ///   form or names a day that does not exist.
  /// - Complexity: O(length of the text).
  public init(parsing text: String) throws(ItineraryError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { throw ItineraryError(.data, "date \"\(text)\": expected YYYY-MM-DD") }
    guard let date = LocalDate(year: year, month: month, day: day) else {
      throw ItineraryError(.data, "date \"\(text)\" does not exist")
    }
    self = date
  }

  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// `YYYY-MM-DD`.
  ///
  /// Years of four digits, every date a plan meets, are written straight
  /// into the string: responses hold dozens of times, and building each
  /// from padded pieces cost more than planning their stops.
  public var description: String {
    guard (0...9999).contains(year) else {
      return
        "\(LocalDate.padded(year, 4))-\(LocalDate.padded(month, 2))-\(LocalDate.padded(day, 2))"
    }
    return String(unsafeUninitializedCapacity: 10) { buffer in
      write(to: buffer)
      return 10
    }
  }

  /// Writes `YYYY-MM-DD` into the first ten bytes of `buffer`, for a year
  /// of at most four digits.
  func write(to buffer: UnsafeMutableBufferPointer<UInt8>) {
    Self.writeDigits(year, 4, to: buffer, at: 0)
    buffer[4] = UInt8(ascii: "-")
    Self.writeDigits(month, 2, to: buffer, at: 5)
    buffer[7] = UInt8(ascii: "-")
    Self.writeDigits(day, 2, to: buffer, at: 8)
  }

  /// Writes `value`, at least 0 and under 10^width, as `width` decimal digits.
  static func writeDigits(
    _ value: Int, _ width: Int, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) {
    var rest = value
    for position in stride(from: offset + width - 1, through: offset, by: -1) {
      buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
  }

  /// Days in `month` of `year`.
  static func length(ofMonth month: Int, in year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// `value` in decimal, zero-padded on the left to `width` digits.
  static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

extension Character {
  /// `0` to `9` only (not other scripts' digits).
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
