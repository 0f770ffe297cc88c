/// Opening hours from the weekly schedules providers send (Yelp `hours.open`,
/// Foursquare `hours.regular`), in the same type as OpenStreetMap's.
extension OpeningHours {
  /// One opening of a weekly schedule.
  public struct WeeklyOpening: Hashable, Sendable {
    /// 0 (Monday) to 6 (Sunday).
    public let weekday: Int
    /// Minutes after midnight, 0 to 1439.
    public let opens: Int
    /// Minutes after midnight, 0 to 1440; at or before `opens`, on the next day.
    public let closes: Int

    /// The opening, or `nil` when a value is out of range.
    public init?(weekday: Int, opens: Int, closes: Int) {
      guard (0...6).contains(weekday), (0..<1440).contains(opens), (0...1440).contains(closes)
      else { return nil }
      self.weekday = weekday
      self.opens = opens
      self.closes = closes
    }

    /// The opening from `HHMM` times (`"0600"`, `"2230"`), or `nil` when they
    /// are not of that form or out of range.
    public init?(weekday: Int, opens: String, closes: String) {
      func minutes(_ text: String) -> Int? {
        guard text.count == 4, text.allSatisfy(\.isASCIIDigit), let value = Int(text),
          value % 100 < 60
        else { return nil }
        return value / 100 * 60 + value % 100
      }
      guard let opening = minutes(opens), let closing = minutes(closes) else { return nil }
      self.init(weekday: weekday, opens: opening, closes: closing)
    }
  }

  /// Hours open at every opening of `openings` and closed otherwise; the text is
  /// the same schedule in the OpenStreetMap syntax (`Mo 06:00-22:30, Tu ...`),
  /// `closed` when there is no opening.
  ///
  /// - Complexity: O(n) for n openings.
  public init(weekly openings: [WeeklyOpening]) {
    guard !openings.isEmpty else {
      text = "closed"
      rules = [
        Rule(
          separator: .normal, yearRanges: [], dayGroups: [], spans: [Span(begin: 0, end: 1440)],
          state: .closed)
      ]
      return
    }
    func clock(_ minutes: Int) -> String {
      "\(LocalDate.padded(minutes / 60, 2)):\(LocalDate.padded(minutes % 60, 2))"
    }
    text = openings.map {
      "\(LocalDate.weekdayNames[$0.weekday]) \(clock($0.opens))-\(clock($0.closes))"
    }
    .joined(separator: ", ")
    rules = openings.enumerated().map { index, opening in
      Rule(
        separator: index == 0 ? .normal : .additional, yearRanges: [],
        dayGroups: [[.weekdays(from: opening.weekday, through: opening.weekday)]],
        spans: [
          Span(
            begin: opening.opens,
            end: opening.closes <= opening.opens ? opening.closes + 1440 : opening.closes)
        ],
        state: .open)
    }
  }
}
