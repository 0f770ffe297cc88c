import Foundation
import ItineraryCore
import Testing

@Suite struct OpeningHoursWeeklyTests {
  typealias Opening = OpeningHours.WeeklyOpening

  @Test func aWeeklyScheduleMeansWhatItsTextSays() throws {
    let openings = try [
      #require(Opening(weekday: 0, opens: "0600", closes: "2230")),
      #require(Opening(weekday: 0, opens: "2300", closes: "2359")),
      #require(Opening(weekday: 4, opens: "1800", closes: "0200")),
      #require(Opening(weekday: 6, opens: "0000", closes: "0000")),
    ]
    let hours = OpeningHours(weekly: openings)
    #expect(hours.text == "Mo 06:00-22:30, Mo 23:00-23:59, Fr 18:00-02:00, Su 00:00-00:00")
    #expect(try hours == OpeningHours(hours.text))
  }

  @Test func noOpeningIsAlwaysClosed() throws {
    let hours = OpeningHours(weekly: [])
    #expect(try hours == OpeningHours("closed"))
    let start = Date(timeIntervalSince1970: 0)
    #expect(
      hours.openWindows(from: start, to: start.addingTimeInterval(86_400), in: .gmt).intervals
        .isEmpty)
  }

  @Test(arguments: [
    (0, "2400", "1000"), (7, "1000", "1200"), (-1, "1000", "1200"), (0, "10:00", "1200"),
    (0, "1060", "1200"), (0, "1000", "2401"), (0, "", "1200"),
  ])
  func badValuesAreRejected(weekday: Int, opens: String, closes: String) {
    #expect(Opening(weekday: weekday, opens: opens, closes: closes) == nil)
  }

  @Test func closingAt2400IsMidnight() throws {
    let opening = try #require(Opening(weekday: 2, opens: "1700", closes: "2400"))
    #expect(opening.closes == 1440)
    #expect(OpeningHours(weekly: [opening]).text == "We 17:00-24:00")
  }
}
