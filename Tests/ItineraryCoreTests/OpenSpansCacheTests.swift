import Foundation
import ItineraryCore
import Testing

/// Windows measured from cached spans are those evaluated afresh, whatever
/// the start within the same days; tables are shared per zone, holidays and
/// days, and never between different ones.
@Suite struct OpenSpansCacheTests {
  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt
  static let texts = [
    "Mo-Fr 10:00-20:00; Sa 12:00-02:00; PH off", "24/7", "02:00-05:00", "03:30-06:00",
    "22:00-02:00", "Mo-Sa 10:00-18:00; PH 12:00-16:00", "Tu 20:00-24:00; We 00:00-02:00",
  ]

  /// Starts a few minutes and a fraction of a second apart on the days the
  /// clocks go forward and back, and on an ordinary day.
  static let starts: [Date] = ["2026-03-29T01:00", "2026-10-25T02:30", "2026-12-01T21:00"]
    .flatMap { text -> [Date] in
      guard let time = try? LocalDateTime(parsing: text).instant(in: helsinki) else { return [] }
      return [0, 7.25, 1800.5].map { time.addingTimeInterval($0) }
    }

  @Test func cachedSpansGiveTheWindowsOfAFreshEvaluation() throws {
    #expect(Self.starts.count == 9)
    for start in Self.starts {
      let end = start.addingTimeInterval(TimeFrame.defaultHorizon)
      let key = OpenSpansCache.Key(
        timeZone: Self.helsinki, holidays: [],
        days: OpeningHours.days(from: start, to: end, in: Self.helsinki))
      for text in Self.texts {
        let spans = try #require(OpenSpansCache.table(for: key).spans(of: text))
        let fresh = try OpeningHours(text).openWindows(from: start, to: end, in: Self.helsinki)
        #expect(OpenWindows(sorted: spans, from: start, to: end) == fresh, "\(text) from \(start)")
      }
    }
  }

  @Test func timingMeasuresEveryPlanFromItsOwnStart() throws {
    let places = Self.texts.enumerated().map { index, text in
      Place(
        id: "\(index)", name: text, categories: ["museum"],
        coordinate: Coordinate(lat: 60.17, lon: 24.94), score: 1, openingHours: text)
    }
    for start in Self.starts {
      let frame = TimeFrame(start: start, timeZone: Self.helsinki)
      let problem = Problem(
        origin: Coordinate(lat: 60.17, lon: 24.94), categories: ["museum"], places: places,
        time: frame)
      let timing = try #require(Timing(problem))
      for (index, text) in Self.texts.enumerated() {
        let fresh = try OpeningHours(text).openWindows(
          from: start, to: frame.end, in: Self.helsinki)
        #expect(timing.windows(of: index) == fresh, "\(text) from \(start)")
      }
    }
  }

  @Test func holidaysAndDaysHaveTablesOfTheirOwn() throws {
    let days = 20_787...20_790
    let plain = OpenSpansCache.Key(timeZone: Self.helsinki, holidays: [], days: days)
    let holiday = try OpenSpansCache.Key(
      timeZone: Self.helsinki, holidays: [LocalDate(parsing: "2026-12-01")], days: days)
    let later = OpenSpansCache.Key(timeZone: Self.helsinki, holidays: [], days: 20_788...20_791)
    #expect(OpenSpansCache.table(for: plain) === OpenSpansCache.table(for: plain))
    #expect(OpenSpansCache.table(for: plain) !== OpenSpansCache.table(for: holiday))
    let text = "Mo-Fr 10:00-20:00; PH off"
    let workdays = try #require(OpenSpansCache.table(for: plain).spans(of: text))
    #expect(workdays.count == 4)
    #expect(OpenSpansCache.table(for: holiday).spans(of: text)?.count == 3)
    #expect(OpenSpansCache.table(for: later).spans(of: text)?.first == workdays.dropFirst().first)
  }

  @Test func unknownHoursHaveNoSpans() {
    let table = OpenSpansCache.table(
      for: OpenSpansCache.Key(timeZone: Self.helsinki, holidays: [], days: 20_787...20_790))
    #expect(table.spans(of: "by appointment") == nil)
    #expect(table.spans(of: "Mo-Fr 10:00-") == nil)
    #expect(table.spans(of: "") == nil)
  }
}
