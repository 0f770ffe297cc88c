import Foundation
import ItineraryCore
import ItineraryFormats
import Testing

/// The time keys of instance files, and every way they can be wrong.
@Suite struct InstanceFileTimeTests {
  /// An instance with `extra` top-level keys and `place` keys in its one place.
  static func json(_ extra: String, place: String = "") -> Data {
    Data(
      """
      {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["museum"],
       "places": [{"id": "k", "name": "Kiasma", "categories": ["museum"],
                   "lat": 60.172, "lon": 24.937\(place)}]\(extra)}
      """.utf8)
  }

  static func decode(_ extra: String, place: String = "") throws(ItineraryError) -> Problem {
    try InstanceFile.decode(json(extra, place: place), source: "t.json")
  }

  @Test func withoutACapWaitsAreUnbounded() throws {
    let problem = try Self.decode(", \"start\": \"2026-12-01T14:00\"")
    #expect(problem.time?.maxWaitMinutes == nil)
  }

  @Test func withoutAStartTheProblemIsTimeless() throws {
    let problem = try Self.decode(", \"dwellMinutes\": {\"museum\": 90}")
    #expect(problem.time == nil)
  }

  @Test func everyTimeKeyIsRead() throws {
    let problem = try Self.decode(
      """
      , "start": "2026-12-01T14:00", "timeZone": "Europe/Helsinki", "end": "2026-12-01T20:30",
      "speedKmh": 5, "dwellMinutes": {"museum": 90, "*": 20}, "unknownHours": "closed",
      "waitWeight": 0.05, "holidays": ["2026-12-06"], "maxWaitMinutes": 20
      """,
      place: ", \"openingHours\": \"Tu-Su 10:00-20:00\", \"dwellMinutes\": 45")
    let time = try #require(problem.time)
    #expect(time.timeZone.identifier == "Europe/Helsinki")
    #expect(LocalDateTime(time.start, in: time.timeZone).description == "2026-12-01T14:00")
    #expect(time.horizonMinutes == 6.5 * 60)
    #expect(time.speedKmh == 5 && time.waitWeight == 0.05 && time.unknownHours == .closed)
    #expect(time.dwellMinutes == ["museum": 90, "*": 20])
    #expect(time.maxWaitMinutes == 20)
    #expect(time.holidays == Set([LocalDate(year: 2026, month: 12, day: 6)].compactMap { $0 }))
    #expect(problem.places[0].openingHours == "Tu-Su 10:00-20:00")
    #expect(problem.places[0].dwellMinutes == 45)
  }

  @Test func aBareEndIsOnTheStartsDayAndTheDefaultHorizonIsADay() throws {
    let bare = try Self.decode(
      ", \"start\": \"2026-12-01T21:00\", \"end\": \"23:00\", \"timeZone\": \"UTC\"")
    #expect(bare.time?.horizonMinutes == 120)
    let open = try Self.decode(", \"start\": \"2026-12-01T21:00\", \"timeZone\": \"UTC\"")
    #expect(open.time?.horizonMinutes == 1440)
  }

  @Test(arguments: [
    (", \"start\": \"2026-02-30T10:00\"", "start"),
    (", \"start\": \"2026-12-01 25:00\"", "start"),
    (", \"start\": \"tomorrow\"", "start"),
    (", \"start\": \"2026-03-29T03:30\", \"timeZone\": \"Europe/Helsinki\"", "the clocks skip"),
    (", \"start\": \"2026-12-01T10:00\", \"timeZone\": \"Mars/Olympus\"", "timeZone"),
    (", \"start\": \"2026-12-01T10:00\", \"end\": \"2026-12-01T09:00\"", "end"),
    (", \"start\": \"2026-12-01T10:00\", \"end\": \"10:00\"", "end"),
    (", \"end\": \"2026-12-01T09:00\"", "end"),
    (
      ", \"start\": \"2026-12-01T10:00\", \"dwellMinutes\": {\"museum\": -5}", "dwellMinutes.museum"
    ),
    (
      ", \"start\": \"2026-12-01T10:00\", \"dwellMinutes\": {\"museum\": \"long\"}",
      "dwellMinutes.museum"
    ),
    (", \"start\": \"2026-12-01T10:00\", \"speedKmh\": 0", "speedKmh"),
    (", \"start\": \"2026-12-01T10:00\", \"waitWeight\": -1", "waitWeight"),
    (", \"start\": \"2026-12-01T10:00\", \"maxWaitMinutes\": -1", "maxWaitMinutes"),
    (", \"start\": \"2026-12-01T10:00\", \"maxWaitMinutes\": \"long\"", "maxWaitMinutes"),
    (", \"start\": \"2026-12-01T10:00\", \"unknownHours\": \"maybe\"", "unknownHours"),
    (", \"start\": \"2026-12-01T10:00\", \"holidays\": [\"2026-13-01\"]", "holidays[0]"),
  ])
  func badTimeKeysNameTheirField(extra: String, field: String) {
    #expect {
      try Self.decode(extra)
    } throws: { error in
      let error = error as? ItineraryError
      return error?.kind == .data && error?.message.contains(field) == true
        && error?.message.contains("\n") == false
    }
  }

  @Test func unreadableHoursNameThePlaceAndTheCharacter() {
    #expect {
      try Self.decode("", place: ", \"openingHours\": \"Mo-Fr 10:00-25:99\"")
    } throws: { error in
      let message = (error as? ItineraryError)?.message ?? ""
      return message.contains("places[0].openingHours") && message.contains("Kiasma")
        && message.contains("at character")
    }
  }

  @Test func aNegativePlaceDwellIsRefused() {
    #expect(throws: ItineraryError.self) {
      try Self.decode(", \"start\": \"2026-12-01T10:00\"", place: ", \"dwellMinutes\": -1")
    }
  }
}
