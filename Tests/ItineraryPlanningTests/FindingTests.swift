import Foundation
import ItineraryCore
import ItineraryOutput
import Testing

@testable import ItineraryPlanning

/// The finding library's pieces: compass points, the top-destination rule,
/// text matching, open now, and responses that read back.
@Suite struct FindingTests {
  @Test(arguments: [
    (0.0, "N"), (22.4, "N"), (22.5, "NE"), (45, "NE"), (90, "E"), (135, "SE"), (180, "S"),
    (225, "SW"), (270, "W"), (315, "NW"), (337.4, "NW"), (337.5, "N"), (359.9, "N"),
  ])
  func compassPoints(_ degrees: Double, _ point: String) {
    #expect(CompassDirection(degrees: degrees).point == point)
  }

  @Test func bearingsOfTheFourQuarters() {
    let origin = Coordinate(lat: 60.17, lon: 24.94)
    let cases: [(Coordinate, String)] = [
      (Coordinate(lat: 60.18, lon: 24.94), "N"), (Coordinate(lat: 60.17, lon: 24.96), "E"),
      (Coordinate(lat: 60.16, lon: 24.94), "S"), (Coordinate(lat: 60.17, lon: 24.92), "W"),
      (Coordinate(lat: 60.18, lon: 24.96), "NE"), (Coordinate(lat: 60.16, lon: 24.92), "SW"),
    ]
    for (destination, point) in cases {
      #expect(CompassDirection(from: origin, to: destination).point == point, "\(destination)")
    }
    #expect(CompassDirection(from: origin, to: origin).degrees == 0)
  }

  static func place(_ id: String, _ category: String, score: Double) -> Place {
    Place(
      id: id, name: id, categories: [category], coordinate: Coordinate(lat: 60, lon: 25),
      score: score)
  }

  @Test func theTopDecileIncludesTiesButMustBeatTheMedian() {
    // Twenty parks scored 1...20: the top two (19, 20).
    let parks = (1...20).map { Self.place("park\($0)", "park", score: Double($0)) }
    // Three bars at 5, seventeen at 3: the tenth is at 5, ties included.
    let bars = (1...20).map { Self.place("bar\($0)", "bar", score: $0 <= 3 ? 5 : 3) }
    // Twelve restaurants: one at 4, the rest tied at 3 with the 2nd best.
    let restaurants = (1...12).map { Self.place("r\($0)", "restaurant", score: $0 == 1 ? 4 : 3) }
    // One museum, and cafes all alike: nothing beats its median.
    let museum = [Self.place("museum", "museum", score: 2)]
    let cafes = (1...3).map { Self.place("cafe\($0)", "cafe", score: 4) }
    let top = TopDestinations(parks + bars + restaurants + museum + cafes)
    #expect(parks.filter { top.isTop($0, of: "park") }.map(\.id) == ["park19", "park20"])
    #expect(bars.filter { top.isTop($0) }.map(\.id) == ["bar1", "bar2", "bar3"])
    #expect(restaurants.filter { top.isTop($0) }.map(\.id) == ["r1"])
    #expect(!top.isTop(museum[0]))
    #expect(!top.isTop(parks[19], of: "museum"))
    #expect(!cafes.contains { top.isTop($0) })
  }

  @Test func textMatchRanksNamesBeforeAddresses() {
    var place = Self.place("a", "cafe", score: 3)
    place.name = "Café Regatta"
    place.address = "Merikannontie 8"
    #expect(TextMatch.rank(place, text: "CAFÉ REGATTA") == 0)
    #expect(TextMatch.rank(place, text: "cafe") == 1)
    #expect(TextMatch.rank(place, text: "regat") == 2)
    #expect(TextMatch.rank(place, text: "gatta") == 3)
    #expect(TextMatch.rank(place, text: "merikannon") == 4)
    #expect(TextMatch.rank(place, text: "sushi") == nil)
  }

  @Test func openNowFollowsTheHoursInTheirZone() throws {
    var place = Self.place("a", "museum", score: 3)
    place.openingHours = "Mo-Fr 10:00-18:00"
    let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
    // Tuesday 1 December 2026, 09:30 UTC is 11:30 in Helsinki; 16:30 UTC is 18:30.
    let morning = Date(timeIntervalSince1970: 1_796_117_400)
    let evening = morning.addingTimeInterval(7 * 3600)
    #expect(OpenNow(instant: morning, timeZone: zone).state(of: place) == true)
    #expect(OpenNow(instant: evening, timeZone: zone).state(of: place) == false)
    place.openingHours = "by appointment, perhaps"
    #expect(OpenNow(instant: morning, timeZone: zone).state(of: place) == nil)
    place.openingHours = nil
    #expect(OpenNow(instant: morning, timeZone: zone).state(of: place) == nil)
  }

  @Test func aSearchAnswerReadsBackAndRepeats() throws {
    var request = SearchRequest(categories: ["museum", "art"])
    request.sort = .distance
    request.limit = 4
    let finder = PlaceFinder(environment: [:])
    let now = Date(timeIntervalSince1970: 1_796_117_400)
    let response = try finder.search(request, now: now)
    #expect(response.results.count == 4)
    let decoded = try JSONDecoder().decode(
      SearchResponse.self, from: ResponseJSON.encode(response))
    #expect(decoded == response)
    #expect(try finder.search(decoded.request, now: now) == response)
  }
}
