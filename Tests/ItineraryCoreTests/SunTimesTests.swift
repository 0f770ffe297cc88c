import Foundation
import ItineraryCore
import Testing

/// Sunrise and civil dusk against an independent implementation of the
/// NOAA equations (the `astral` Python package, 3.2), within 90 seconds.
@Suite struct SunTimesTests {
  struct Case: Sendable, CustomStringConvertible {
    var place: String
    var lat: Double
    var lon: Double
    var zone: String
    var date: String
    var sunrise: String
    /// A time on `date`, or a whole local time when dusk falls after midnight.
    var dusk: String
    /// Seconds either way: a sun that barely dips below six degrees, as at
    /// midsummer in Helsinki, crosses it so slowly that a small error in its
    /// height moves the crossing by minutes.
    var tolerance = 90.0
    var description: String { "\(place) \(date)" }
  }

  static let cases: [Case] = [
    Case(
      place: "Helsinki", lat: 60.1699, lon: 24.9384, zone: "Europe/Helsinki", date: "2026-12-21",
      sunrise: "09:24", dusk: "16:11"),
    Case(
      place: "Helsinki", lat: 60.1699, lon: 24.9384, zone: "Europe/Helsinki", date: "2026-03-20",
      sunrise: "06:22", dusk: "19:16"),
    Case(
      place: "Helsinki", lat: 60.1699, lon: 24.9384, zone: "Europe/Helsinki", date: "2026-09-01",
      sunrise: "06:14", dusk: "21:10"),
    Case(
      place: "Helsinki", lat: 60.1699, lon: 24.9384, zone: "Europe/Helsinki", date: "2026-06-21",
      sunrise: "03:54", dusk: "2026-06-22 00:45", tolerance: 240),
    Case(
      place: "Osaka", lat: 34.6937, lon: 135.5023, zone: "Asia/Tokyo", date: "2026-12-21",
      sunrise: "07:01", dusk: "17:19"),
    Case(
      place: "San Francisco", lat: 37.7749, lon: -122.4194, zone: "America/Los_Angeles",
      date: "2026-07-01", sunrise: "05:51", dusk: "21:07"),
  ]

  @Test(arguments: cases)
  func sunriseAndDuskAgreeWithAnIndependentReckoning(_ testCase: Case) throws {
    let zone = try #require(TimeZone(identifier: testCase.zone))
    let date = try LocalDate(parsing: testCase.date)
    let day = try #require(
      SunTimes.daylight(on: date, at: Coordinate(lat: testCase.lat, lon: testCase.lon)))
    for (instant, expected) in [(day.start, testCase.sunrise), (day.end, testCase.dusk)] {
      let text = expected.contains(" ") ? expected : "\(testCase.date) \(expected)"
      let want = try LocalDateTime(parsing: text).instant(in: zone)
      #expect(abs(instant.timeIntervalSince(want)) <= testCase.tolerance, "\(testCase): \(instant)")
    }
  }

  @Test func midsummerInRovaniemiIsLightAllNight() throws {
    let date = try LocalDate(parsing: "2026-06-21")
    let day = try #require(SunTimes.daylight(on: date, at: Coordinate(lat: 66.5, lon: 25.72)))
    #expect(day.duration == 86_400)
  }

  @Test func midwinterInTromsoHasNoDaylight() throws {
    let date = try LocalDate(parsing: "2026-12-21")
    #expect(SunTimes.daylight(on: date, at: Coordinate(lat: 69.65, lon: 18.96)) == nil)
  }
}
