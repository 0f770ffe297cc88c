import Foundation

/// Opening hours in the OpenStreetMap `opening_hours` syntax, parsed once and
/// evaluated in a time zone: `Mo-Fr 10:00-20:00; Sa 12:00-02:00; PH off`.
///
/// The subset read is described in `docs/opening-hours.md`.
public struct OpeningHours: Hashable, Sendable, CustomStringConvertible {
  /// The text as given.
  public let text: String
  let rules: [Rule]

  /// Parses `text`.
  ///
  /// - Throws: `OpeningHoursError` with the 1-based character position where
  ///   the text stops making sense and what was expected there.
  /// - Complexity: O(length of the text).
  public init(_ text: String) throws(OpeningHoursError) {
    var parser = OpeningHoursParser(text)
    self.text = text
    rules = try parser.parseRules()
  }

  public var description: String { text }

  /// Whether the text says nothing definite: every rule is `unknown` (a rule
  /// that is only a comment, `"by appointment"`, is unknown). Such hours are
  /// best treated as unknown hours rather than as never open.
  public var isUnknown: Bool { rules.allSatisfy { $0.state == .unknown } }

  /// The open intervals between `start` and `end`, in minutes from `start`.
  ///
  /// Opening times are wall-clock times in `timeZone`: a time the clocks skip
  /// opens or closes at the jump, a time they repeat at its first occurrence.
  /// `PH` and `SH` match only the days in `holidays`. Times marked `unknown`
  /// count as closed.
  ///
  /// - Complexity: O(d * r * s), d the days from `start` to `end`, r the rules
  ///   and s the time spans of a rule.
  public func openWindows(
    from start: Date, to end: Date, in timeZone: TimeZone, holidays: Set<LocalDate> = []
  ) -> OpenWindows {
    let days = Self.days(from: start, to: end, in: timeZone)
    return OpenWindows(
      sorted: openSpans(on: days, in: timeZone, holidays: holidays), from: start, to: end)
  }

  /// The local days (counted from 1970-01-01) whose hours can be open between
  /// `start` and `end`: a day's hours can begin up to 14 hours before its date
  /// in UTC, and one day either side also covers spans running past midnight.
  ///
  /// - Complexity: O(1): two offset look-ups.
  public static func days(from start: Date, to end: Date, in timeZone: TimeZone)
    -> ClosedRange<Int>
  {
    let startSecond = Int(start.timeIntervalSince1970.rounded(.down))
    let endSecond = Int(end.timeIntervalSince1970.rounded(.up))
    let firstDay = timeZone.localSeconds(at: startSecond).floorDivided(by: 86_400) - 1
    let lastDay = timeZone.localSeconds(at: endSecond).floorDivided(by: 86_400) + 1
    return firstDay...max(firstDay, lastDay)
  }

  /// The open spans of `days` as instants, sorted by their beginnings,
  /// neither merged nor clipped: what `openWindows` measures from a start.
  /// They depend on the days only, not on the start within them.
  ///
  /// - Complexity: O(d * r * s + m log m), d the days, r the rules, s the
  ///   time spans of a rule and m the spans.
  public func openSpans(
    on days: ClosedRange<Int>, in timeZone: TimeZone, holidays: Set<LocalDate>
  ) -> [OpenWindows.Span] {
    var spans: [OpenWindows.Span] = []
    for day in days {
      let date = LocalDate(daysSinceEpoch: day)
      for span in schedule(on: date, holidays: holidays) where span.state == .open {
        func instant(_ minuteOfDay: Int) -> Int {
          timeZone.instant(atLocal: day * 86_400 + minuteOfDay * 60).instant
        }
        spans.append(OpenWindows.Span(begin: instant(span.begin), end: instant(span.end)))
      }
    }
    return spans.sorted { $0.begin < $1.begin }
  }

  /// Whether the place is open at `instant` ("open now").
  ///
  /// - Complexity: that of `openWindows` over a few days.
  public func isOpen(at instant: Date, in timeZone: TimeZone, holidays: Set<LocalDate> = [])
    -> Bool
  {
    openWindows(
      from: instant, to: instant.addingTimeInterval(60), in: timeZone, holidays: holidays
    ).isOpen(at: 0)
  }

  /// The state of every minute of `date`, as spans of minutes after midnight
  /// (`0..<1440`) in order; minutes in no span are closed.
  ///
  /// Rules apply in order. A rule covers its own days and, for spans running
  /// past midnight, the early hours of the day after. A normal rule that is
  /// open or unknown and matches `date` itself first wipes what earlier rules
  /// said of the day; a closed normal rule or an additional rule (`,`) paints
  /// over it; a fallback rule (`||`) paints only the minutes nothing earlier
  /// made open or unknown.
  ///
  /// - Complexity: O(r * s^2) for r rules of s spans each.
  func schedule(on date: LocalDate, holidays: Set<LocalDate>) -> [StateSpan] {
    let yesterday = date.adding(days: -1)
    var painted = DayPaint()
    for rule in rules {
      let coversToday = rule.matches(date, holidays: holidays)
      let coversYesterday = rule.matches(yesterday, holidays: holidays)
      guard coversToday || coversYesterday else { continue }
      var pieces: [(begin: Int, end: Int)] = []
      for span in rule.spans {
        if coversToday { pieces.append((span.begin, min(span.end, 1440))) }
        if coversYesterday && span.end > 1440 { pieces.append((0, span.end - 1440)) }
      }
      switch rule.separator {
      case .normal:
        if coversToday && rule.state != .closed { painted.clear() }
        for piece in pieces { painted.paint(piece.begin, piece.end, rule.state) }
      case .additional:
        for piece in pieces { painted.paint(piece.begin, piece.end, rule.state) }
      case .fallback:
        for piece in pieces { painted.fill(piece.begin, piece.end, rule.state) }
      }
    }
    return painted.spans
  }
}

extension OpeningHours {
  /// Open, closed or unknown: what a rule says of the times it selects.
  enum State: Hashable, Sendable {
    case open, closed, unknown
  }

  /// How a rule combines with the rules before it.
  enum Separator: Hashable, Sendable {
    /// The first rule, or after `;`.
    case normal
    /// After `,`.
    case additional
    /// After `||`.
    case fallback
  }

  /// Minutes after midnight of a rule's day, `end` up to 2880 (48:00) for
  /// spans running into the next day.
  struct Span: Hashable, Sendable {
    var begin: Int
    var end: Int
  }

  /// A span of one day in one state.
  struct StateSpan: Hashable, Sendable {
    var begin: Int
    var end: Int
    var state: State
  }

  /// One rule: the days it selects, the times of those days, and their state.
  struct Rule: Hashable, Sendable {
    var separator: Separator
    /// Ranges of the year; empty selects every day.
    var yearRanges: [YearRange]
    /// Groups that must all match, each matching when any of its members does
    /// (`Sa,Su`; `SH Mo-Fr` is two groups); empty selects every day.
    var dayGroups: [[DayTerm]]
    /// Never empty: a rule without times selects the whole day.
    var spans: [Span]
    var state: State

    func matches(_ date: LocalDate, holidays: Set<LocalDate>) -> Bool {
      (yearRanges.isEmpty || yearRanges.contains { $0.contains(date) })
        && dayGroups.allSatisfy { group in group.contains { $0.matches(date, holidays) } }
    }
  }

  /// A weekday range (`Mo-Fr`, wrapping: `Fr-Mo`) or a holiday (`PH`, `SH`).
  enum DayTerm: Hashable, Sendable {
    /// Weekdays 0 (Monday) to 6 (Sunday), both ends included.
    case weekdays(from: Int, through: Int)
    case holiday

    func matches(_ date: LocalDate, _ holidays: Set<LocalDate>) -> Bool {
      switch self {
      case .weekdays(let from, let through):
        let weekday = date.weekday
        return from <= through
          ? (from...through).contains(weekday) : weekday >= from || weekday <= through
      case .holiday: return holidays.contains(date)
      }
    }
  }

  /// Month-and-day bounds of a range of the year, both included, keyed
  /// `month * 100 + day`; a range whose end comes first wraps over New Year.
  struct YearRange: Hashable, Sendable {
    var from: Int
    var through: Int

    func contains(_ date: LocalDate) -> Bool {
      let key = date.month * 100 + date.day
      return from <= through ? (from...through).contains(key) : key >= from || key <= through
    }
  }
}

/// One day's states as it is built rule by rule: disjoint spans in order.
private struct DayPaint {
  var spans: [OpeningHours.StateSpan] = []

  mutating func clear() { spans.removeAll() }

  /// Sets `begin..<end` to `state`, over whatever was there.
  ///
  /// - Complexity: O(s) for s spans.
  mutating func paint(_ begin: Int, _ end: Int, _ state: OpeningHours.State) {
    guard begin < end else { return }
    var result: [OpeningHours.StateSpan] = []
    for span in spans {
      if span.begin < begin {
        result.append(.init(begin: span.begin, end: min(span.end, begin), state: span.state))
      }
      if span.end > end {
        result.append(.init(begin: max(span.begin, end), end: span.end, state: span.state))
      }
    }
    result.append(.init(begin: begin, end: end, state: state))
    spans = result.sorted { $0.begin < $1.begin }
  }

  /// Sets to `state` only the minutes of `begin..<end` that are not yet open
  /// or unknown.
  ///
  /// - Complexity: O(s^2) for s spans.
  mutating func fill(_ begin: Int, _ end: Int, _ state: OpeningHours.State) {
    var gaps: [(Int, Int)] = []
    var cursor = begin
    for span in spans where span.state != .closed && span.end > begin && span.begin < end {
      if span.begin > cursor { gaps.append((cursor, span.begin)) }
      cursor = max(cursor, span.end)
    }
    if cursor < end { gaps.append((cursor, end)) }
    for (gapBegin, gapEnd) in gaps { paint(gapBegin, gapEnd, state) }
  }
}
