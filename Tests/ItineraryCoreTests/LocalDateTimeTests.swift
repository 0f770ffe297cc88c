import Foundation
import ItineraryCore
import Testing

@Suite struct LocalDateTimeTests {
  let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

  @Test func readsDateAndTime() throws {
    let time = try LocalDateTime(parsing: "2026-12-01T14:00")
    #expect(time.date == LocalDate(year: 2026, month: 12, day: 1))
    #expect(time.minuteOfDay == 14 * 60)
    #expect(try LocalDateTime(parsing: "2026-12-01 14:00") == time)
    #expect(time.description == "2026-12-01T14:00")
  }

  @Test func readsABareTimeOnAGivenDate() throws {
    let day = try LocalDate(parsing: "2026-12-01")
    let time = try LocalDateTime(parsing: "9:05", on: day)
    #expect(time.description == "2026-12-01T09:05")
    #expect(
      try LocalDateTime(parsing: "2026-12-02T10:00", on: day).description == "2026-12-02T10:00")
  }

  @Test(arguments: [
    "2026-02-30T10:00", "2026-13-01T10:00", "2026-12-01T24:00", "2026-12-01T10:60", "14:00",
    "2026-1-01T10:00", "2026-12-01T10", "tomorrow", "", "2026-12-01T14:00:00",
  ])
  func rejectsMalformedOrNonexistentTimes(_ text: String) {
    #expect(throws: ItineraryError.self) { try LocalDateTime(parsing: text) }
  }

  @Test func aDateThatDoesNotExistSaysSo() {
    #expect(throws: ItineraryError(.data, "date \"2026-02-30\" does not exist")) {
      try LocalDateTime(parsing: "2026-02-30T10:00")
    }
    #expect(LocalDate(year: 2028, month: 2, day: 29) != nil)
    #expect(LocalDate(year: 2100, month: 2, day: 29) == nil)
  }

  @Test func unknownZonesAreErrors() throws {
    #expect(throws: ItineraryError(.data, "unknown time zone \"Mars/Olympus\"")) {
      try TimeZone.named("Mars/Olympus")
    }
    #expect(throws: ItineraryError.self) { try TimeZone.named("EET+2") }
    #expect(try TimeZone.named("Europe/Helsinki").identifier == "Europe/Helsinki")
    #expect(try TimeZone.named("UTC").secondsFromGMT() == 0)
  }

  @Test func instantsInAZone() throws {
    let winter = try LocalDateTime(parsing: "2026-12-01T14:00").instant(in: helsinki)
    #expect(winter == Date(timeIntervalSince1970: 1_796_126_400))  // 12:00 UTC
    let summer = try LocalDateTime(parsing: "2026-07-01T14:00").instant(in: helsinki)
    #expect(summer == Date(timeIntervalSince1970: 1_782_903_600))  // 11:00 UTC
  }

  @Test func aTimeTheClocksSkipIsAnError() {
    // Helsinki moves from 03:00 to 04:00 on 2026-03-29.
    #expect(throws: ItineraryError.self) {
      try LocalDateTime(parsing: "2026-03-29T03:30").instant(in: helsinki)
    }
    #expect(throws: Never.self) {
      _ = try LocalDateTime(parsing: "2026-03-29T02:59").instant(in: helsinki)
      _ = try LocalDateTime(parsing: "2026-03-29T04:00").instant(in: helsinki)
    }
  }

  @Test func aTimeTheClocksRepeatIsItsFirstOccurrence() throws {
    // Helsinki moves from 04:00 back to 03:00 on 2026-10-25.
    let first = try LocalDateTime(parsing: "2026-10-25T03:30").instant(in: helsinki)
    #expect(first == Date(timeIntervalSince1970: 1_792_888_200))  // 00:30 UTC
    let second = first.addingTimeInterval(3600)
    #expect(LocalDateTime.format(second, in: helsinki) == "2026-10-25T03:30")
    #expect(
      LocalDateTime.format(second.addingTimeInterval(3600), in: helsinki) == "2026-10-25T04:30")
  }

  @Test func formatsToTheNearestMinute() throws {
    let base = try LocalDateTime(parsing: "2026-12-01T14:12").instant(in: helsinki)
    #expect(LocalDateTime.format(base, in: helsinki) == "2026-12-01T14:12")
    #expect(LocalDateTime.format(base.addingTimeInterval(29), in: helsinki) == "2026-12-01T14:12")
    #expect(LocalDateTime.format(base.addingTimeInterval(-20), in: helsinki) == "2026-12-01T14:12")
    #expect(LocalDateTime.format(base.addingTimeInterval(31), in: helsinki) == "2026-12-01T14:13")
    #expect(
      LocalDateTime.format(base.addingTimeInterval(-14 * 3600), in: helsinki) == "2026-12-01T00:12")
  }

  @Test func datesCountDaysAndWeekdays() throws {
    #expect(LocalDate(daysSinceEpoch: 0).description == "1970-01-01")
    #expect(LocalDate(daysSinceEpoch: -1).description == "1969-12-31")
    let day = try LocalDate(parsing: "2026-12-01")
    #expect(day.weekday == 1)  // a Tuesday
    #expect(LocalDate(daysSinceEpoch: day.daysSinceEpoch) == day)
    #expect(day.adding(days: 31).description == "2027-01-01")
    #expect(try LocalDate(parsing: "2024-03-01").adding(days: -1).description == "2024-02-29")
    for offset in stride(from: -800_000, through: 800_000, by: 997) {
      #expect(LocalDate(daysSinceEpoch: offset).daysSinceEpoch == offset)
    }
  }

  @Test func timesAreWrittenZeroPaddedWhateverTheYear() throws {
    let early = try #require(LocalDate(year: 7, month: 3, day: 9))
    #expect(early.description == "0007-03-09")
    #expect(LocalDateTime(date: early, minuteOfDay: 0).description == "0007-03-09T00:00")
    let late = try #require(LocalDate(year: 9999, month: 12, day: 31))
    #expect(LocalDateTime(date: late, minuteOfDay: 1439).description == "9999-12-31T23:59")
    // Past four digits the year is written in full.
    let far = try #require(LocalDate(year: 12_026, month: 1, day: 2))
    #expect(LocalDateTime(date: far, minuteOfDay: 61).description == "12026-01-02T01:01")
  }
}
