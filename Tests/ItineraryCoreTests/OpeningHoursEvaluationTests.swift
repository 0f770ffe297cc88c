import Foundation
import ItineraryCore
import Testing

/// Open intervals worked out by hand for the week of Monday 2026-11-30 to
/// Monday 2026-12-07 in Helsinki (no clock change that week), and for DST days.
@Suite struct OpeningHoursEvaluationTests {
  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

  /// The open intervals of `text` over the week from `monday`, as local
  /// `MM-DDTHH:MM..MM-DDTHH:MM`.
  func week(
    _ text: String, from monday: String = "2026-11-30T00:00", days: Int = 7,
    holidays: [String] = []
  ) throws -> [String] {
    let zone = OpeningHoursEvaluationTests.helsinki
    let start = try LocalDateTime(parsing: monday).instant(in: zone)
    let end = try LocalDateTime(parsing: monday).date.adding(days: days)
    let windows = try OpeningHours(text).openWindows(
      from: start, to: LocalDateTime(date: end, minuteOfDay: 0).instant(in: zone), in: zone,
      holidays: Set(holidays.map { try LocalDate(parsing: $0) }))
    func local(_ minutes: Double) -> String {
      String(LocalDateTime.format(start.addingTimeInterval(minutes * 60), in: zone).dropFirst(5))
    }
    return windows.intervals.map { "\(local($0.begin))..\(local($0.end))" }
  }

  @Test func rangesPastMidnight() throws {
    #expect(
      try week("Fr-Sa 22:00-04:00") == [
        "12-04T22:00..12-05T04:00", "12-05T22:00..12-06T04:00",
      ])
    // The Sunday before the week spills into its Monday.
    #expect(
      try week("Su 20:00-02:00") == ["11-30T00:00..11-30T02:00", "12-06T20:00..12-07T00:00"])
    // An end at or before the beginning runs into the next day; 10:00-10:00 is a whole day.
    #expect(try week("Mo 04:00-04:00") == ["11-30T04:00..12-01T04:00"])
    #expect(try week("Tu 23:59-48:00") == ["12-01T23:59..12-03T00:00"])
  }

  @Test func severalRangesADayAnd24Hundred() throws {
    let days = ["11-30", "12-01", "12-02", "12-03", "12-04"]
    let weekdays = zip(days, ["12-01", "12-02", "12-03", "12-04", "12-05"]).flatMap {
      ["\($0)T11:00..\($0)T14:30", "\($0)T17:00..\($1)T00:00"]
    }
    #expect(
      try week("Mo-Fr 11:00-14:30,17:00-00:00; Sa 12:00-24:00; Su 17:00-23:00")
        == weekdays + ["12-05T12:00..12-06T00:00", "12-06T17:00..12-06T23:00"])
  }

  @Test func adjoiningRangesMergeAcrossMidnight() throws {
    // Friday until 24:00, then Saturday from 00:00: one interval.
    #expect(
      try week(
        "Mo 11:00-14:00, Tu-Th 11:00-23:00; Fr 11:00-24:00; Sa 14:00-24:00; Sa-Su 00:00-01:00")
        == [
          "11-30T11:00..11-30T14:00", "12-01T11:00..12-01T23:00", "12-02T11:00..12-02T23:00",
          "12-03T11:00..12-03T23:00",
          // The last rule is a normal rule for Sa-Su: it replaces Saturday's 14:00-24:00.
          "12-04T11:00..12-05T01:00", "12-06T00:00..12-06T01:00",
        ])
    #expect(
      try week("Mo-Su 00:00-24:00") == ["11-30T00:00..12-07T00:00"])
  }

  @Test func aLaterNormalRuleReplacesTheWholeDayItNames() throws {
    #expect(
      try week("Mo-Fr 07:30-20:00, Sa 10:00-19:00; Sa 12:00-18:00")
        == ["11-30", "12-01", "12-02", "12-03", "12-04"].map { "\($0)T07:30..\($0)T20:00" }
        + ["12-05T12:00..12-05T18:00"])
    // Lunch is replaced on Wednesday to Friday by the dinner rule.
    #expect(
      try week(
        "Mo-Fr 11:00-15:00 open \"Lunch\"; We-Fr 17:00-22:00 open \"Dinner\"; Sa 12:00-22:00 open \"Dinner\""
      ) == [
        "11-30T11:00..11-30T15:00", "12-01T11:00..12-01T15:00", "12-02T17:00..12-02T22:00",
        "12-03T17:00..12-03T22:00", "12-04T17:00..12-04T22:00", "12-05T12:00..12-05T22:00",
      ])
  }

  @Test func aDayRuleAlsoReplacesTheNightSpillingIntoIt() throws {
    // Saturday's own rule wipes Friday's hours after midnight; Sunday's rule
    // (Sa-Su) keeps Saturday's night, and Monday keeps Sunday's.
    #expect(
      try week("Mo-Fr 11:00-02:00; Sa-Su 12:00-02:00") == [
        "11-30T00:00..11-30T02:00", "11-30T11:00..12-01T02:00", "12-01T11:00..12-02T02:00",
        "12-02T11:00..12-03T02:00", "12-03T11:00..12-04T02:00", "12-04T11:00..12-05T00:00",
        "12-05T12:00..12-06T02:00", "12-06T12:00..12-07T00:00",
      ])
  }

  @Test func offAndClosed() throws {
    #expect(try week("off") == [])
    #expect(try week("closed") == [])
    #expect(try week("24/7 closed \"renovation\"") == [])
    #expect(
      try week("Mo-Fr 08:00-18:00; We off")
        == ["11-30", "12-01", "12-03", "12-04"].map { "\($0)T08:00..\($0)T18:00" })
    // A closed rule with times closes only those times.
    #expect(
      try week("Mo 08:00-18:00; Mo 12:00-13:00 off") == [
        "11-30T08:00..11-30T12:00", "11-30T13:00..11-30T18:00",
      ])
  }

  @Test func everHoursIsTheWholeWeek() throws {
    #expect(try week("24/7") == ["11-30T00:00..12-07T00:00"])
  }

  @Test func publicHolidaysMatchOnlyListedDays() throws {
    let text = "Mo-Fr 11:00-19:00; Sa 11:00-18:00; PH off"
    let workdays = ["11-30", "12-01", "12-02", "12-03", "12-04"].map { "\($0)T11:00..\($0)T19:00" }
    #expect(try week(text) == workdays + ["12-05T11:00..12-05T18:00"])
    #expect(
      try week(text, holidays: ["2026-12-04"]) == workdays.dropLast() + ["12-05T11:00..12-05T18:00"]
    )
    // Independence Day is a Sunday in 2026: PH hours open an otherwise closed day.
    let withHours = "Mo-Sa 10:00-18:00; PH 12:00-16:00"
    #expect(try week(withHours).count == 6)
    #expect(try week(withHours, holidays: ["2026-12-06"]).last == "12-06T12:00..12-06T16:00")
    // Holidays and weekdays side by side: days that are both.
    #expect(
      try week("SH Mo 09:00-10:00", holidays: ["2026-12-01", "2026-11-30"]) == [
        "11-30T09:00..11-30T10:00"
      ])
    #expect(
      try week("PH,Su 09:00-10:00", holidays: ["2026-12-01"]) == [
        "12-01T09:00..12-01T10:00", "12-06T09:00..12-06T10:00",
      ])
  }

  @Test func fallbackFillsOnlyWhatNothingEarlierOpened() throws {
    // The fallback's 08:00-12:00 off changes nothing: 09:00-12:00 is open already.
    #expect(try week("09:00-17:00 || 08:00-12:00 off", days: 1) == ["11-30T09:00..11-30T17:00"])
    // An additional rule paints over.
    #expect(try week("09:00-17:00, Mo 08:00-12:00 off", days: 1) == ["11-30T12:00..11-30T17:00"])
    // A comma followed by a time continues the times, so `off` closes both.
    #expect(try week("09:00-17:00, 08:00-12:00 off", days: 1) == [])
    #expect(
      try week("We 10:00-12:00 || 14:00-16:00", days: 3) == [
        "11-30T14:00..11-30T16:00", "12-01T14:00..12-01T16:00", "12-02T10:00..12-02T12:00",
        "12-02T14:00..12-02T16:00",
      ])
    // What is only unknown is not open.
    #expect(
      try week("Mo-Fr 08:00-12:00 || \"by appointment\"", days: 1) == ["11-30T08:00..11-30T12:00"])
  }

  @Test func monthAndDateSelectors() throws {
    let seasons = "Jun-Aug: Su-Sa 09:00-24:00; Sep-May: Su-Sa 09:00-18:00"
    #expect(try week(seasons, days: 2) == ["11-30T09:00..11-30T18:00", "12-01T09:00..12-01T18:00"])
    #expect(
      try week(seasons, from: "2026-06-01T00:00", days: 2) == [
        "06-01T09:00..06-02T00:00", "06-02T09:00..06-03T00:00",
      ])
    // A season starting mid-week: Dec 2 on.
    #expect(
      try week("Mo-Su 10:00-12:00; Dec 02-Jan 06 off", days: 3) == [
        "11-30T10:00..11-30T12:00", "12-01T10:00..12-01T12:00",
      ])
    // 2026-12-24 is a Thursday.
    #expect(
      try week("Mo-Fr 10:00-18:00; Dec 24-26 off", from: "2026-12-21T00:00", days: 5) == [
        "12-21T10:00..12-21T18:00", "12-22T10:00..12-22T18:00", "12-23T10:00..12-23T18:00",
      ])
    #expect(
      try week("Dec 24 10:00-14:00", from: "2026-12-21T00:00") == ["12-24T10:00..12-24T14:00"])
    // Month lists, and a month with weekdays.
    #expect(try week("Nov,Jan Mo 10:00-11:00") == ["11-30T10:00..11-30T11:00"])
    #expect(try week("Nov-Feb: Tu 10:00-11:00") == ["12-01T10:00..12-01T11:00"])
    #expect(try week("Mar-Oct: Tu 10:00-11:00") == [])
  }

  @Test func unknownHoursAreNeverOpen() throws {
    #expect(try week("\"for request only\"") == [])
    #expect(try week("Mo-Fr 10:00-12:00 unknown") == [])
  }

  // MARK: Clock changes in Helsinki

  /// Open intervals in minutes from local midnight of `day`, over that day.
  func minutes(_ text: String, on day: String) throws -> [ClosedRange<Double>] {
    let zone = OpeningHoursEvaluationTests.helsinki
    let date = try LocalDate(parsing: day)
    let start = try LocalDateTime(date: date, minuteOfDay: 0).instant(in: zone)
    let end = try LocalDateTime(date: date.adding(days: 1), minuteOfDay: 0).instant(in: zone)
    return try OpeningHours(text).openWindows(from: start, to: end, in: zone).intervals.map {
      $0.begin...$0.end
    }
  }

  @Test func theDayTheClocksGoForwardHas23Hours() throws {
    // 2026-03-29: 03:00 EET becomes 04:00 EEST.
    #expect(try minutes("24/7", on: "2026-03-29") == [0...1380])
    #expect(try minutes("02:00-05:00", on: "2026-03-29") == [120...240])
    // Opening at a time that does not exist: at the jump.
    #expect(try minutes("03:30-06:00", on: "2026-03-29") == [180...300])
    #expect(try minutes("03:10-03:50", on: "2026-03-29") == [])
    #expect(try minutes("20:00-24:00", on: "2026-03-29") == [1140...1380])
  }

  @Test func theDayTheClocksGoBackHas25Hours() throws {
    // 2026-10-25: 04:00 EEST becomes 03:00 EET.
    #expect(try minutes("24/7", on: "2026-10-25") == [0...1500])
    #expect(try minutes("02:00-05:00", on: "2026-10-25") == [120...360])
    // A closing time that happens twice closes at its first occurrence.
    #expect(try minutes("00:00-03:30", on: "2026-10-25") == [0...210])
    #expect(try minutes("22:00-02:00", on: "2026-10-25") == [0...120, 1380...1500])
  }

  @Test func isOpenNow() throws {
    let zone = OpeningHoursEvaluationTests.helsinki
    let hours = try OpeningHours("Mo-Fr 10:00-18:00; Sa 22:00-02:00")
    func at(_ text: String) throws -> Bool {
      hours.isOpen(at: try LocalDateTime(parsing: text).instant(in: zone), in: zone)
    }
    #expect(try at("2026-12-01T10:00"))
    #expect(try at("2026-12-01T17:59"))
    #expect(try !at("2026-12-01T18:00"))
    #expect(try !at("2026-12-01T09:59"))
    #expect(try at("2026-12-06T01:30"))
    #expect(try !at("2026-12-06T02:00"))
    #expect(
      try hours.isOpen(
        at: LocalDateTime(parsing: "2026-12-01T10:30").instant(in: zone), in: zone,
        holidays: [LocalDate(parsing: "2026-12-02")]))
  }

  @Test func earliestVisitAcrossMidnight() throws {
    let zone = OpeningHoursEvaluationTests.helsinki
    let start = try LocalDateTime(parsing: "2026-11-30T19:00").instant(in: zone)
    let windows = try OpeningHours("Mo-Su 20:00-24:00, Mo-Su 00:00-02:00").openWindows(
      from: start, to: start.addingTimeInterval(24 * 3600), in: zone)
    // Arrive 23:30, stay an hour: the visit spans midnight in one interval.
    #expect(windows.earliestVisit(arrival: 270, dwell: 60) == 270)
    // Arrive 19:30: wait until 20:00.
    #expect(windows.earliestVisit(arrival: 30, dwell: 60) == 60)
    // Six hours from 20:00 to 02:00 fit exactly; six and a minute do not.
    #expect(windows.earliestVisit(arrival: 0, dwell: 360) == 60)
    #expect(windows.earliestVisit(arrival: 0, dwell: 361) == nil)
  }
}
