/// A recursive-descent reader of the `opening_hours` syntax into rules.
///
/// Words are read ignoring case, hours may have one digit (`7:00`), and spaces
/// are allowed between the parts of a rule, as mapped data writes them. A
/// comma continues a list of the same kind (`Mo,We`, `10:00-12:00, 14:00-18:00`,
/// `Jan,Mar`) and otherwise starts an additional rule.
struct OpeningHoursParser {
  private typealias Rule = OpeningHours.Rule
  private let text: String
  private let characters: [Character]
  private var position = 0

  init(_ text: String) {
    self.text = text
    characters = Array(text)
  }

  /// Reads the whole text.
  ///
  /// - Complexity: O(length of the text).
  mutating func parseRules() throws(OpeningHoursError) -> [OpeningHours.Rule] {
    var rules: [Rule] = []
    var separator = OpeningHours.Separator.normal
    skipSpaces()
    guard !isAtEnd else { throw failure("a rule such as Mo-Fr 09:00-17:00") }
    while true {
      rules.append(try parseRule(separator))
      skipSpaces()
      if isAtEnd { break }
      if take(";") {
        separator = .normal
      } else if take("||") {
        separator = .fallback
      } else if take(",") {
        separator = .additional
      } else {
        throw failure("';', ',' or '||' before another rule")
      }
      skipSpaces()
      // A trailing `;` or `,` adds nothing; a trailing `||` promises a rule.
      if isAtEnd && separator != .fallback { break }
    }
    return rules
  }

  /// `24/7` or `[months and dates[:]] [weekdays] [times]`, then an optional
  /// `open`/`closed`/`off`/`unknown` and an optional comment.
  private mutating func parseRule(_ separator: OpeningHours.Separator) throws(OpeningHoursError)
    -> Rule
  {
    var rule = Rule(
      separator: separator, yearRanges: [], dayGroups: [], spans: [], state: .open)
    let start = position
    if take("24/7") {
      skipSpaces()
    } else {
      if let ranges = try parseYearRanges() {
        rule.yearRanges = ranges
        skipSpaces()
        if take(":") { skipSpaces() }
      }
      if let groups = try parseDayGroups() {
        rule.dayGroups = groups
        skipSpaces()
      }
      if let spans = try parseTimeSpans() {
        rule.spans = spans
        skipSpaces()
      }
    }
    let hasSelector = position > start
    let state = takeState()
    if let state {
      rule.state = state
      skipSpaces()
    }
    let hasComment = try skipComment()
    if !hasSelector && state == nil {
      // Only a comment (`"by appointment"`): the state is unknown.
      guard hasComment else {
        throw failure("a rule: weekdays (Mo-Su), months (Jan-Dec), times, 24/7, off or a comment")
      }
      rule.state = .unknown
    }
    if rule.spans.isEmpty { rule.spans = [OpeningHours.Span(begin: 0, end: 1440)] }
    return rule
  }

  // MARK: Months and dates

  /// `Jan-Mar`, `Dec 24`, `Dec 24-26`, `Dec 24-Jan 02`, `Jun,Aug`, or `nil`.
  private mutating func parseYearRanges() throws(OpeningHoursError) -> [OpeningHours.YearRange]? {
    guard let first = try parseYearRange() else { return nil }
    var ranges = [first]
    while let range = try parseAfterComma({ parser throws(OpeningHoursError) in
      try parser.parseYearRange()
    }) { ranges.append(range) }
    return ranges
  }

  private mutating func parseYearRange() throws(OpeningHoursError) -> OpeningHours.YearRange? {
    guard let month = takeMonth() else { return nil }
    let day = try parseDayOfMonth(in: month)
    let mark = position
    skipSpaces()
    guard take("-") else {
      position = mark
      return OpeningHours.YearRange(
        from: month * 100 + (day ?? 1), through: month * 100 + (day ?? 31))
    }
    skipSpaces()
    if let lastMonth = takeMonth() {
      let lastDay = try parseDayOfMonth(in: lastMonth)
      return OpeningHours.YearRange(
        from: month * 100 + (day ?? 1), through: lastMonth * 100 + (lastDay ?? 31))
    }
    let lastDayStart = position
    if let day, let lastDay = try parseDayOfMonth(in: month) {
      // `Dec 24-26`; a range back to an earlier day of the same month is a slip.
      guard lastDay >= day else {
        position = lastDayStart
        throw failure("a day of the month from \(day) on, or a month")
      }
      return OpeningHours.YearRange(from: month * 100 + day, through: month * 100 + lastDay)
    }
    throw failure(day == nil ? "a month after '-'" : "a month or a day of the month after '-'")
  }

  /// A day number after a month (`Dec 24`), or `nil` when none follows (the
  /// digits of `Jun 10:00` are an hour).
  private mutating func parseDayOfMonth(in month: Int) throws(OpeningHoursError) -> Int? {
    let mark = position
    skipSpaces()
    let digitsStart = position
    while position < characters.count, characters[position].isASCIIDigit,
      position - digitsStart < 2
    {
      position += 1
    }
    guard position > digitsStart, peek != ":",
      let day = Int(String(characters[digitsStart..<position]))
    else {
      position = mark
      return nil
    }
    // Leap years allow February 29.
    let length = LocalDate.length(ofMonth: month, in: 2000)
    guard (1...length).contains(day) else {
      position = digitsStart
      throw failure("a day of the month from 1 to \(length)")
    }
    return day
  }

  // MARK: Weekdays and holidays

  /// `Mo-Fr`, `Mo,We`, `Sa, Su`, `PH`, `PH,Su`, `SH Mo-Fr`, or `nil`.
  private mutating func parseDayGroups() throws(OpeningHoursError) -> [[OpeningHours.DayTerm]]? {
    guard let first = try parseDayTerm() else { return nil }
    var groups = [[first]]
    while true {
      if let term = try parseAfterComma({ parser throws(OpeningHoursError) in
        try parser.parseDayTerm()
      }) {
        groups[groups.count - 1].append(term)
        continue
      }
      let mark = position
      skipSpaces()
      if position > mark, let term = try parseDayTerm(),
        groups.count == 1, (term == .holiday) != groups[0].contains(.holiday)
      {
        // Holidays and weekdays side by side: days that are both.
        groups.append([term])
        continue
      }
      position = mark
      return groups
    }
  }

  private mutating func parseDayTerm() throws(OpeningHoursError) -> OpeningHours.DayTerm? {
    if takeWord("ph") || takeWord("sh") { return .holiday }
    guard let first = takeWeekday() else { return nil }
    let mark = position
    skipSpaces()
    guard take("-") else {
      position = mark
      return .weekdays(from: first, through: first)
    }
    skipSpaces()
    guard let last = takeWeekday() else { throw failure("a weekday (Mo to Su) after '-'") }
    return .weekdays(from: first, through: last)
  }

  // MARK: Times

  /// `10:00-14:00`, `10:00-14:00,15:00-18:00`, `22:00-02:00`, or `nil`.
  private mutating func parseTimeSpans() throws(OpeningHoursError) -> [OpeningHours.Span]? {
    guard peek?.isASCIIDigit == true else { return nil }
    var spans = [try parseTimeSpan()]
    while let span = try parseAfterComma({ parser throws(OpeningHoursError) in
      parser.startsTime() ? try parser.parseTimeSpan() : nil
    }) {
      spans.append(span)
    }
    return spans
  }

  /// The item `parseItem` reads after a comma (`, Aug`), or `nil` with
  /// nothing read when no comma and item follow: the next of a list.
  private mutating func parseAfterComma<Item>(
    _ parseItem: (inout Self) throws(OpeningHoursError) -> Item?
  ) throws(OpeningHoursError) -> Item? {
    let mark = position
    skipSpaces()
    if take(",") {
      skipSpaces()
      if let item = try parseItem(&self) { return item }
    }
    position = mark
    return nil
  }

  /// Whether a time such as `9:00` follows, after spaces (skipped), so that
  /// `10:00-12:00, 14:00-16:00` continues the times and `, 24/7` does not.
  private mutating func startsTime() -> Bool {
    skipSpaces()
    var ahead = position
    while ahead < characters.count, characters[ahead].isASCIIDigit, ahead - position < 2 {
      ahead += 1
    }
    return ahead > position && ahead < characters.count && characters[ahead] == ":"
  }

  /// A span whose end is at or before its beginning runs into the next day
  /// (`22:00-02:00`, `10:00-10:00` is 24 hours); `24:00` to `48:00` say so
  /// explicitly.
  private mutating func parseTimeSpan() throws(OpeningHoursError) -> OpeningHours.Span {
    let begin = try parseClock(latestHour: 23)
    skipSpaces()
    guard take("-") else { throw failure("'-' and a closing time, as in 09:00-17:00") }
    skipSpaces()
    guard peek?.isASCIIDigit == true else { throw failure("a closing time such as 17:00") }
    var end = try parseClock(latestHour: 48)
    if end <= begin { end += 1440 }
    return OpeningHours.Span(begin: begin, end: end)
  }

  /// `HH:MM` or `H:MM` as minutes after midnight; hours up to `latestHour`
  /// (48:00 at the latest).
  private mutating func parseClock(latestHour: Int) throws(OpeningHoursError) -> Int {
    let start = position
    while position < characters.count, characters[position].isASCIIDigit,
      position - start < 2
    {
      position += 1
    }
    guard position > start, let hour = Int(String(characters[start..<position])) else {
      throw failure("a time such as 09:00")
    }
    guard take(":") else { throw failure("':' and two digits of minutes, as in 09:00") }
    let minuteStart = position
    guard minuteStart + 2 <= characters.count,
      characters[minuteStart..<minuteStart + 2].allSatisfy(\.isASCIIDigit),
      let minute = Int(String(characters[minuteStart..<minuteStart + 2])), minute < 60
    else { throw failure("two digits of minutes from 00 to 59") }
    let minutes = hour * 60 + minute
    guard hour <= latestHour, minutes <= latestHour * 60 + (latestHour == 48 ? 0 : 59) else {
      position = start
      throw failure(
        latestHour == 23 ? "an opening time from 00:00 to 23:59" : "a closing time up to 48:00")
    }
    position = minuteStart + 2
    return minutes
  }

  // MARK: Modifiers and comments

  private mutating func takeState() -> OpeningHours.State? {
    if takeWord("open") { return .open }
    if takeWord("closed") || takeWord("off") { return .closed }
    if takeWord("unknown") { return .unknown }
    return nil
  }

  /// Skips a `"..."` comment; whether there was one.
  private mutating func skipComment() throws(OpeningHoursError) -> Bool {
    guard peek == "\"" else { return false }
    let opening = position
    position += 1
    while position < characters.count, characters[position] != "\"" { position += 1 }
    guard position < characters.count else {
      position = opening
      throw failure("a closing '\"' for this comment")
    }
    position += 1
    return true
  }

  // MARK: Characters

  private var isAtEnd: Bool { position >= characters.count }
  private var peek: Character? { isAtEnd ? nil : characters[position] }

  private mutating func skipSpaces() {
    while let character = peek, character == " " || character == "\t" { position += 1 }
  }

  /// Consumes `literal` if the text continues with it.
  private mutating func take(_ literal: String) -> Bool {
    var index = position
    for character in literal {
      guard index < characters.count, characters[index] == character else { return false }
      index += 1
    }
    position = index
    return true
  }

  /// Consumes `word` (ASCII, lowercase) ignoring case when no letter follows it.
  private mutating func takeWord(_ word: String) -> Bool {
    var index = position
    for letter in word.utf8 {
      // Setting bit 5 lowercases an ASCII letter and never turns another
      // character into one.
      guard index < characters.count, let ascii = characters[index].asciiValue,
        ascii | 0x20 == letter
      else { return false }
      index += 1
    }
    guard index == characters.count || !characters[index].isLetter else { return false }
    position = index
    return true
  }

  private static let weekdays = ["mo", "tu", "we", "th", "fr", "sa", "su"]
  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// A weekday's two letters, 0 (Monday) to 6 (Sunday).
  private mutating func takeWeekday() -> Int? {
    OpeningHoursParser.weekdays.firstIndex { takeWord($0) }
  }

  /// A month's three letters, 1 (January) to 12.
  private mutating func takeMonth() -> Int? {
    OpeningHoursParser.months.firstIndex { takeWord($0) }.map { $0 + 1 }
  }

  private func failure(_ expected: String) -> OpeningHoursError {
    OpeningHoursError(text: text, position: position + 1, expected: expected)
  }
}
