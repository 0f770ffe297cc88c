import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

/// Each provider against its current documented answer (`Recorded/`) and
/// against a loopback stand-in that refuses what the real service refuses.
@Suite final class CurrentAPITests: CachingSuite {
  let helsinki = Coordinate(lat: 60.1699, lon: 24.9384)

  // MARK: - Foursquare

  @Test func foursquarePlacesAPIAnswerParses() throws {
    let result = try FoursquareProvider.parseSearch(
      try recorded("foursquare-places-search.json"), category: try category("art"))
    #expect(result.places.count == 2)
    #expect(result.skipped == 1)  // the place with a date_closed
    let gallery = try #require(result.places.first)
    #expect(gallery.id == "5a187743ccad6b307315e6fe")
    #expect(gallery.coordinate == Coordinate(lat: 60.16771, lon: 24.94502))
    #expect(gallery.categories == ["art", "cafe"])
    #expect(gallery.rating == 4.3)
    #expect(gallery.reviewCount == 118)
    #expect(gallery.price == 2)
    #expect(gallery.address == "Pohjoisesplanadi 9, 00100 Helsinki")
    #expect(gallery.openingHours == "Tu-Fr 11:00-18:00; Sa 11:00-16:00")
    #expect(gallery.photoURL == "https://fastly.4sqi.net/img/general/original/12345_abc.jpg")
    #expect(gallery.cuisines == ["art gallery", "cafe, coffee, and tea house"])
    #expect(gallery.scoreSource == .foursquare)
    let bar = result.places[1]
    #expect(bar.categories == ["art", "bar", "nightlife"])
    #expect(bar.rating == nil)
    #expect(bar.score == 3.5)  // unrated: the prior plus its popularity
    #expect(bar.openingHours == "Fr-Sa 18:00-02:00")
  }

  @Test(arguments: [
    (#"{"results": [{"name": "No Id", "latitude": 1, "longitude": 2}]}"#, 1),
    (#"{"results": [{"fsq_place_id": "a", "name": "Far", "latitude": 91, "longitude": 2}]}"#, 1),
    (
      #"{"results": [{"fsq_place_id": "a", "name": "\u001b[2J", "latitude": 1, "longitude": 2}]}"#,
      1
    ),
    (
      #"{"results": [{"fsq_place_id": "a", "name": "A", "latitude": 1, "longitude": 2, "rating": 42, "price": 9, "popularity": 7, "hours": {"regular": [{"day": 9, "open": "x", "close": "2500"}]}}]}"#,
      0
    ),
  ])
  func foursquareOddPlacesAreSkippedOrTrimmed(body: String, skipped: Int) throws {
    let result = try FoursquareProvider.parseSearch(Data(body.utf8), category: try category("art"))
    #expect(result.skipped == skipped)
    if let place = result.places.first {
      #expect(place.rating == nil && place.price == nil && place.score == nil)
      #expect(place.openingHours == nil)
    }
  }

  @Test(arguments: [
    #"{"results": [{"fsq_place_id": 5, "name": "A", "latitude": "1", "longitude": 2}]}"#,
    #"{"results": {"fsq_place_id": "a"}}"#, "[]", "{\"results\": [", "",
  ])
  func brokenFoursquareBodiesAreErrors(body: String) throws {
    #expect(throws: ResponseProblem.self) {
      try FoursquareProvider.parseSearch(Data(body.utf8), category: try category("art"))
    }
  }

  @Test func foursquareStandInAcceptsTheProvidersRequests() throws {
    let server = try LoopbackServer([
      .init(
        path: "/places/search", service: "foursquare",
        responses: [.init(bodyFile: recordedURL("foursquare-places-search.json").path)])
    ])
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "foursquare", origin: helsinki, categories: [try category("art")], limit: 80,
      progress: { _ in })
    #expect(report.places.map(\.id) == ["5a187743ccad6b307315e6fe", "4b0588a2f964a520f5cb22e3"])
    let path = try #require(try server.stats().log.first?.path)
    #expect(path.contains("limit=50&"))
  }

  @Test(arguments: [
    (["Authorization: test-foursquare-key", "X-Places-Api-Version: 2025-06-17"], 401),
    (["Authorization: Bearer test-foursquare-key"], 400),
    (["Authorization: Bearer k", "X-Places-Api-Version: June"], 400),
  ])
  func foursquareStandInRefusesWhatTheServiceRefuses(headers: [String], status: Int) throws {
    let server = try LoopbackServer([
      .init(path: "/places/search", service: "foursquare", responses: [.init(body: "{}")])
    ])
    let response = try HTTPClient().get(
      HTTPRequest(url: "\(server.baseURL)/places/search?ll=1,2", headers: headers))
    #expect(response.status == status)
  }

  @Test func foursquarePremiumRefusalSaysWhatToDo() throws {
    let server = try LoopbackServer([
      .init(
        path: "/places/search",
        responses: [.init(status: 403, body: #"{"message": "Premium fields are not enabled"}"#)])
    ])
    let error = try #require(throws: ItineraryError.self) {
      try services(server: server, cache: cache).fetchPlaces(
        provider: "foursquare", origin: helsinki, categories: [try category("art")],
        progress: { _ in })
    }
    #expect(
      error.message.hasPrefix(
        "foursquare: category 'art': HTTP 403: Premium fields are not enabled ("))
    #expect(error.message.contains("ITINERARY_FOURSQUARE_FIELDS=pro"))
    // With Pro fields only, the Premium ones are not asked for.
    _ = try? services(server: server, cache: cache, extra: ["ITINERARY_FOURSQUARE_FIELDS": "pro"])
      .fetchPlaces(
        provider: "foursquare", origin: helsinki, categories: [try category("art")],
        progress: { _ in })
    let last = try #require(try server.stats().log.last?.path)
    #expect(last.hasSuffix("%2Cdate_closed") && !last.contains("rating"))
    let bad = services(server: server, cache: cache, extra: ["ITINERARY_FOURSQUARE_FIELDS": "gold"])
    #expect(throws: ItineraryError.self) { try bad.provider(named: "foursquare") }
  }

  // MARK: - Yelp

  @Test func yelpSearchLeavesClosedBusinessesOutAndReadsTheirHours() throws {
    let page = try YelpProvider.parseSearch(
      try recorded("yelp-businesses-search.json"), category: try category("restaurant"))
    #expect(page.places.map(\.id) == ["b1-ravintola-aino", "b3-cafe-bar"])
    #expect(page.skipped == 1)
    let aino = page.places[0]
    #expect(aino.openingHours == "Mo-Th 11:30-22:00; Fr 11:30-01:00; Sa 13:00-16:00,18:00-24:00")
    #expect(aino.price == 3)
    #expect(aino.address == "Pohjoisesplanadi 21, 00100 Helsinki, Finland")
    #expect(aino.cuisines == ["scandinavian", "restaurants"])
    #expect(aino.scoreSource == .yelp)
    #expect(page.places[1].categories == ["restaurant", "cafe", "bar"])
  }

  @Test func yelpOddHoursAreDroppedNotGuessed() throws {
    let body = yelpBody(["h"]).replacingOccurrences(
      of: "\"price\": \"$$\",",
      with:
        #""price": "$$", "business_hours": [{"open": [{"day": 9, "start": "0900", "end": "1700"}, {"day": 1, "start": "9am", "end": "1700"}, {"day": 2, "start": "0900", "end": "1700"}], "hours_type": "REGULAR"}],"#
    )
    let page = try YelpProvider.parseSearch(Data(body.utf8), category: try category("park"))
    #expect(page.places.first?.openingHours == "We 09:00-17:00")
    let wrong = yelpBody(["h"]).replacingOccurrences(
      of: "\"price\": \"$$\",", with: #""price": "$$", "business_hours": [{"open": "always"}],"#)
    #expect(throws: ResponseProblem.self) {
      try YelpProvider.parseSearch(Data(wrong.utf8), category: try category("park"))
    }
  }

  @Test func yelpNeverAsksPast240AndPassesOpenAt() throws {
    let full = yelpBody((0..<50).map { "p\($0)" }).replacingOccurrences(
      of: "\"total\": 50", with: "\"total\": 900")
    let server = try LoopbackServer([
      .init(path: "/v3/businesses/search", service: "yelp", responses: [.init(body: full)])
    ])
    let start = Date(timeIntervalSince1970: 1_800_000_000.7)
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "yelp", origin: helsinki, categories: [try category("park")], limit: 1000,
      openAt: start, progress: { _ in })
    let log = try server.stats().log
    #expect(log.count == 5)
    #expect(log.last?.path.contains("limit=40&offset=200") == true)
    #expect(
      log.allSatisfy { $0.path.contains("open_at=1800000000") && !$0.path.contains("open_now") })
    #expect(report.places.count == 50)  // the stand-in repeats one page of ids
  }

  @Test func yelpStandInRefusesPast240WithYelpsMessage() throws {
    let server = try LoopbackServer([
      .init(path: "/v3/businesses/search", service: "yelp", responses: [.init(body: "{}")])
    ])
    let response = try HTTPClient().get(
      HTTPRequest(
        url: "\(server.baseURL)/v3/businesses/search?limit=50&offset=200",
        headers: ["Authorization: Bearer k"]))
    #expect(response.status == 400)
    #expect(
      ServiceSession.serviceMessage(response.body)
        == "Too many results requested, limit+offset must be <= 240.")
    let anonymous = try HTTPClient().get(
      HTTPRequest(url: "\(server.baseURL)/v3/businesses/search?limit=5"))
    #expect(anonymous.status == 401)
  }

  // MARK: - Overpass

  @Test func overpassUnionAnswerIsRankedByTheSharedRules() throws {
    let elements = try OverpassProvider.parse(try recorded("overpass-union.json"))
    let byID = Dictionary(uniqueKeysWithValues: elements.places.map { ($0.id, $0) })
    #expect(byID["node/102"] == nil, "a hairdresser is no gallery")
    #expect(byID["node/106"] == nil, "opening_hours=closed")
    #expect(byID["node/108"] == nil, "the second element of one Wikidata item")
    #expect(byID["way/204"] == nil, "no point of its outline")
    #expect(byID["relation/302"] == nil, "a route has no single location")
    #expect(elements.skipped.count == 5)
    func score(_ id: String) -> Double { byID[id]?.score ?? .nan }
    #expect(score("node/104") < score("node/109"), "a chain's fast food below a plain restaurant")
    #expect(score("node/110") < 3 && score("node/111") < 3, "two cafés of one name: a chain")
    #expect(score("way/203") < 3, "a was: lifecycle prefix")
    #expect(score("node/105") > score("node/109"))
    let ateneum = try #require(byID["way/201"])
    #expect(ateneum.categories == ["museum", "art"])
    #expect(ateneum.kind == "tourism=museum")
    // The mean of its four distinct corners, as an import places a way.
    #expect(ateneum.coordinate == Coordinate(lat: 60.1706, lon: 24.9442))
    #expect(byID["relation/301"]?.categories == ["park"])
    #expect(byID["relation/301"]?.coordinate == Coordinate(lat: 60.1736, lon: 24.95))
    #expect(byID["node/105"]?.cuisines == ["finnish"])
    // Best first, each score its own.
    let scores = elements.places.compactMap(\.score)
    #expect(scores == scores.sorted(by: >) && Set(scores).count == scores.count)
    #expect(elements.places.first?.id == "way/201")
  }

  /// Malformed geometry and edit history count as absent; the element stays
  /// a place if it still has a point, and the answer is not refused.
  @Test func overpassMalformedGeometryAndHistoryAreAsIfAbsent() throws {
    let body = #"""
      {"elements": [
        {"type": "node", "id": 1, "lat": 60.17, "lon": 24.94, "version": "x",
         "timestamp": "yesterday", "tags": {"name": "A", "amenity": "cafe"}},
        {"type": "node", "id": 2, "lat": 60.17, "lon": 24.95, "version": -3,
         "timestamp": 1555840214, "tags": {"name": "B", "amenity": "cafe"}},
        {"type": "way", "id": 3, "geometry": [{"lat": "a", "lon": 1}],
         "center": {"lat": 60.18, "lon": 24.96}, "tags": {"name": "C", "leisure": "park"}},
        {"type": "way", "id": 4, "geometry": [null, {"lat": 60.19, "lon": 24.97}, null],
         "tags": {"name": "D", "leisure": "park"}},
        {"type": "way", "id": 5, "geometry": {"lat": 60.19}, "tags": {"name": "E", "leisure": "park"}},
        {"type": "relation", "id": 6, "members": [{"type": "way", "role": "outer"}],
         "tags": {"name": "F", "leisure": "park", "type": "multipolygon"}},
        {"type": "relation", "id": 7, "members": "none",
         "tags": {"name": "G", "leisure": "park", "type": "multipolygon"}},
        {"type": "node", "id": 8, "lat": 60.17, "lon": 24.95, "version": 2,
         "timestamp": "2019-02-30T10:00:00Z", "tags": {"name": "H", "amenity": "cafe"}},
        {"type": "node", "id": 9, "lat": 1e300, "lon": 24.95, "tags": {"name": "I", "amenity": "cafe"}},
        {"type": "way", "id": 10, "geometry": [{"lat": 60.2, "lon": 1e300}, {"lat": 60.2, "lon": 24.9}],
         "tags": {"name": "J", "leisure": "park"}}
      ]}
      """#
    let elements = try OverpassProvider.parse(Data(body.utf8))
    let byID = Dictionary(uniqueKeysWithValues: elements.places.map { ($0.id, $0) })
    #expect(Set(byID.keys) == ["node/1", "node/2", "way/3", "way/4", "node/8", "way/10"])
    #expect(byID["way/10"]?.coordinate == Coordinate(lat: 60.2, lon: 24.9), "its one good point")
    #expect(byID["way/3"]?.coordinate == Coordinate(lat: 60.18, lon: 24.96), "the centre")
    #expect(byID["way/4"]?.coordinate == Coordinate(lat: 60.19, lon: 24.97), "its one point")
    #expect(elements.skipped.count == 4)
    // Without edit times nothing is stale or aged; a version of 2 is one edit.
    #expect(byID["node/1"]?.score == byID["node/2"]?.score.map { $0 + 0.0001 })
    #expect((byID["node/8"]?.score ?? 0) > (byID["node/1"]?.score ?? 0))
    let broken = #"{"elements": [{"type": "node", "id": "x", "lat": 1, "lon": 2}]}"#
    #expect(throws: ResponseProblem.self) { try OverpassProvider.parse(Data(broken.utf8)) }
  }

  @Test func overpassAsksOnceForEveryCategory() throws {
    let server = try LoopbackServer([
      .init(
        path: "/interpreter",
        responses: [.init(bodyFile: recordedURL("overpass-union.json").path)])
    ])
    let progress = LineLog()
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "overpass", origin: helsinki,
      categories: [try category("restaurant"), try category("art"), try category("park")],
      limit: 3, radiusMeters: 2500, progress: { progress.append($0) })
    let log = try server.stats().log
    #expect(log.count == 1)
    let query = try #require(
      URLComponents(string: log[0].path)?.queryItems?.first { $0.name == "data" }?.value)
    #expect(query.hasPrefix("[out:json][timeout:15][maxsize:134217728];("))
    #expect(
      query.contains("nwr[\"amenity\"=\"restaurant\"][\"name\"](around:2500,60.169900,24.938400);"))
    #expect(
      query.contains("nwr[\"tourism\"=\"gallery\"]") && query.contains("nwr[\"leisure\"=\"park\"]"))
    #expect(!query.contains("\"artwork\""), "art asks for no public artworks")
    #expect(!query.contains("node[") && !query.contains("way["))
    #expect(query.hasSuffix(");out meta geom 10000;"))
    // Best first in each category, at most 3 each; the chain comes last.
    let ids = report.places.map(\.id)
    #expect(ids.prefix(3) == ["node/105", "node/109", "node/104"])
    #expect(ids.dropFirst(3).prefix(2) == ["way/201", "node/103"])
    #expect(progress.text.contains("overpass: restaurant, art, park: started, one request"))
    #expect(progress.text.contains("overpass: park: done, 2 places, 1 skipped"))
  }

  @Test(arguments: [
    #"{"elements": [], "remark": "runtime remark: Timeout"}"#,
    #"{"elements": [{"type": "node", "id": 1, "lat": 1, "lon": 2, "tags": {"name": "P", "leisure": "park"}}], "remark": "runtime error: out of memory"}"#,
    #"{"version": 0.6}"#,
  ])
  func incompleteOverpassAnswersAreErrorsAndNotCached(body: String) throws {
    for error in try overpassParkErrors(answering: body, near: helsinki) {
      #expect(error.kind == .unavailable)
    }
  }

  // MARK: - OSRM

  @Test func eachModeAsksItsOwnServer() throws {
    let car = try LoopbackServer([
      .init(path: "/table/", service: "osrm-car", responses: [.init(osrmTable: .init(speed: 11))])
    ])
    let foot = try LoopbackServer([
      .init(path: "/table/v1/foot/", responses: [.init(osrmTable: .init(speed: 1.3))])
    ])
    let points = [helsinki, Coordinate(lat: 60.1676, lon: 24.9502)]
    let both = services(
      server: car, cache: cache, extra: ["ITINERARY_OSRM_FOOT_URL": foot.baseURL + "/"])
    let walking = try both.roadTable(points, mode: .walk)
    let driving = try both.roadTable(points, mode: .drive)
    #expect((walking.durationsSeconds[0][1] ?? 0) > (driving.durationsSeconds[0][1] ?? 0) * 5)
    #expect(try foot.stats().requests == 1)
    #expect(try car.stats().log.map(\.path).allSatisfy { $0.hasPrefix("/table/v1/driving/") })

    // Only the car-only server configured: walking is refused, not faked.
    let carOnly = services(server: car, cache: cache)
    let error = try #require(throws: ItineraryError.self) {
      try carOnly.roadTable(points, mode: .bike)
    }
    #expect(error.message.contains("HTTP 400: profile bike is not served here"))
  }

  @Test func defaultsServeEveryProfileAndTheDemoServerNeverWalks() throws {
    let services = PlaceServices(environment: [:], cachePolicy: .bypass, warn: { _ in })
    #expect(services.osrmBaseURL(for: .walk) == "https://routing.openstreetmap.de/routed-foot")
    #expect(services.osrmBaseURL(for: .bike) == "https://routing.openstreetmap.de/routed-bike")
    #expect(services.osrmBaseURL(for: .drive) == "https://router.project-osrm.org")
    #expect(services.roadAttribution(for: .walk)?.contains("FOSSGIS") == true)
    #expect(services.roadAttribution(for: .drive) == nil)
    let overridden = PlaceServices(
      environment: ["ITINERARY_OSRM_URL": "http://all", "ITINERARY_OSRM_CAR_URL": "http://car"],
      cachePolicy: .bypass, warn: { _ in })
    #expect(overridden.osrmBaseURL(for: .walk) == "http://all")
    #expect(overridden.osrmBaseURL(for: .drive) == "http://car")
    let demo = PlaceServices(
      environment: ["ITINERARY_OSRM_URL": "https://router.project-osrm.org"],
      cachePolicy: .bypass, warn: { _ in })
    let error = try #require(throws: ItineraryError.self) {
      try demo.roadTable([helsinki, helsinki], mode: .walk)
    }
    #expect(error.kind == .unavailable)
    #expect(error.message.hasPrefix("osrm: router.project-osrm.org routes cars only"))
    #expect(error.message.contains("ITINERARY_OSRM_FOOT_URL"))
  }

  @Test func osrmFootTableParses() throws {
    let table = try OSRMTable.parse(try recorded("osrm-table-foot.json"), count: 3, mode: .walk)
    #expect(table.distancesKm[0][1] == 0.7571)
    #expect(table.durationsSeconds[2][1] == 740.2)
  }

  @Test(arguments: [
    (
      #"{"code": "Ok", "distances": [[0, 900], [900, 0]], "durations": [[0, 80], [80, 0]]}"#, "km/h"
    ),
    (
      #"{"code": "Ok", "distances": [[0, 900], [900, 0]], "durations": [[0, null], [null, 0]]}"#,
      "without"
    ),
    (
      #"{"code": "Ok", "distances": [[0, -900], [900, 0]], "durations": [[0, 600], [600, 0]]}"#,
      "negative"
    ),
    (
      #"{"code": "Ok", "distances": [[0, null], [null, 0]], "durations": [[0, null], [null, 0]]}"#,
      "no route"
    ),
    (#"{"code": "Ok", "distances": [[0, 900]], "durations": [[0, 600], [600, 0]]}"#, "2 by 2"),
  ])
  func badOSRMTablesAreErrorsAndNotCached(body: String, reason: String) throws {
    let server = try LoopbackServer([.init(path: "/table/", responses: [.init(body: body)])])
    let live = services(server: server, cache: cache)
    for _ in 0..<2 {
      let error = try #require(throws: ItineraryError.self) {
        try live.roadTable([helsinki, Coordinate(lat: 60.1676, lon: 24.9502)], mode: .walk)
      }
      #expect(error.message.contains(reason), "\(error.message)")
    }
    #expect(try server.stats().requests == 2)
  }

  // MARK: - Nominatim

  @Test func nominatimAnswerParsesAndAnEmptyOneIsNotCached() throws {
    let matches = try NominatimGeocoder.parse(try recorded("nominatim-search.json"))
    #expect(matches.first?.coordinate == Coordinate(lat: 60.1675112, lon: 24.9530127))
    let server = try LoopbackServer([.init(path: "/search", responses: [.init(body: "[]")])])
    for _ in 0..<2 {
      #expect(throws: ItineraryError.self) {
        try services(server: server, cache: cache).geocode("Atlantis")
      }
    }
    #expect(try server.stats().requests == 2)
  }
}
