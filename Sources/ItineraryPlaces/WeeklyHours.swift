import ItineraryCore

/// A week of opening times as services give them (a day and `HHMM` open
/// and close times), written in OpenStreetMap's `opening_hours` syntax, so
/// that the engine reads one syntax whatever the source.
struct WeeklyHours {
  /// One opening: `day` 0 is Monday, times in minutes after midnight;
  /// a close at or before the open runs past midnight.
  struct Slot: Equatable {
    var day: Int
    var open: Int
    var close: Int
  }

  static let dayNames = LocalDate.weekdayNames

  var slots: [Slot] = []

  /// Adds an opening, unless a day or a time does not read (then it is dropped).
  ///
  /// - Parameters:
  ///   - day: 0 for Monday through 6 for Sunday.
  ///   - open, close: `HHMM`; a close of `+HHMM` (Foursquare's next day) or
  ///     one earlier than the open runs past midnight; `0000` as a close is midnight.
  mutating func add(day: Int, open: String, close: String) {
    guard Self.dayNames.indices.contains(day), let start = Self.minutes(open),
      let end = Self.minutes(close.hasPrefix("+") ? String(close.dropFirst()) : close)
    else { return }
    slots.append(Slot(day: day, open: start, close: end == 0 ? 24 * 60 : end))
  }

  /// Minutes after midnight of `HHMM` (`0000` to `2400`), or `nil`.
  static func minutes(_ text: String) -> Int? {
    let digits = text.unicodeScalars
    guard digits.count == 4, digits.allSatisfy({ ("0"..."9").contains($0) }),
      let hours = Int(text.prefix(2)), let minutes = Int(text.suffix(2)),
      minutes < 60, hours * 60 + minutes <= 24 * 60
    else { return nil }
    return hours * 60 + minutes
  }

  /// `Mo-Fr 11:00-22:00; Sa 12:00-23:00,18:00-02:00`: days with the same
  /// times share one rule, their runs written `Mo-We` and joined with
  /// commas; days without a slot are left out (closed). `nil` for no slots.
  ///
  /// - Complexity: O(s log s) for s slots.
  var openingHours: String? {
    var times = Array(repeating: [Slot](), count: 7)
    for slot in slots where !times[slot.day].contains(slot) { times[slot.day].append(slot) }
    let perDay = times.map { day in
      day.sorted { ($0.open, $0.close) < ($1.open, $1.close) }
        .map { "\(Self.clock($0.open))-\(Self.clock($0.close))" }.joined(separator: ",")
    }
    var rules: [(days: [Int], times: String)] = []
    for (day, text) in perDay.enumerated() where !text.isEmpty {
      if let index = rules.firstIndex(where: { $0.times == text }) {
        rules[index].days.append(day)
      } else {
        rules.append(([day], text))
      }
    }
    guard !rules.isEmpty else { return nil }
    return rules.map { "\(Self.dayList($0.days)) \($0.times)" }.joined(separator: "; ")
  }

  /// `HH:MM` of minutes after midnight (`24:00` for midnight at the end of a day).
  private static func clock(_ minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    return "\(hours < 10 ? "0" : "")\(hours):\(rest < 10 ? "0" : "")\(rest)"
  }

  /// Sorted day numbers as runs: `[0, 1, 2, 4]` is `Mo-We,Fr`.
  private static func dayList(_ days: [Int]) -> String {
    var runs: [ClosedRange<Int>] = []
    for day in days {
      if let last = runs.last, last.upperBound + 1 == day {
        runs[runs.count - 1] = last.lowerBound...day
      } else {
        runs.append(day...day)
      }
    }
    return runs.map { run in
      run.count == 1
        ? dayNames[run.lowerBound] : "\(dayNames[run.lowerBound])-\(dayNames[run.upperBound])"
    }.joined(separator: ",")
  }
}
