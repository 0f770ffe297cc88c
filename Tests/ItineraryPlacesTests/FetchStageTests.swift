import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

/// The fetch stage against a real HTTP server on 127.0.0.1, through libcurl.
@Suite struct FetchStageTests {
  let origin = Coordinate(lat: 40.758, lon: -73.985)

  @Test func threeCategoriesAreInFlightAtOnce() throws {
    let server = try LoopbackServer([
      .init(
        path: "/v3/businesses/search", responses: [.init(body: yelpBody(["a", "b"]), latency: 0.3)])
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let progress = LineLog()
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "yelp", origin: origin,
      categories: [try category("restaurant"), try category("park"), try category("art")],
      progress: { progress.append($0) })
    let stats = try server.stats()
    #expect(stats.requests == 3)
    #expect(stats.maxInFlight >= 3)
    #expect(report.places.map(\.id) == ["a", "b"])
    #expect(report.places.first?.categories == ["restaurant", "park", "art"])
    #expect(progress.all.filter { $0.hasSuffix(": started") }.count == 3)
    #expect(
      progress.all.contains {
        $0.hasPrefix("yelp: park: done, 2 places in ") && $0.hasSuffix(" ms")
      })
  }

  @Test func requestsCarryTheQueryTheKeyAndTheUserAgent() throws {
    let server = try LoopbackServer([
      .init(path: "/v3/businesses/search", responses: [.init(body: yelpBody(["a"]))])
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    _ = try services(server: server, cache: cache).fetchPlaces(
      provider: "yelp", origin: origin, categories: [try category("art")], limit: 7, openNow: true,
      progress: { _ in })
    let entry = try #require(try server.stats().log.first)
    #expect(entry.headers["Authorization"] == "Bearer test-yelp-key")
    #expect(entry.headers["User-Agent"] == "itinerary/\(ItineraryRelease.version)")
    #expect(entry.headers["Accept-Encoding"]?.contains("gzip") == true)
    #expect(entry.path.contains("categories=galleries%2Cartmuseums%2Cpublicart"))
    #expect(entry.path.contains("latitude=40.758000&longitude=-73.985000"))
    #expect(entry.path.contains("limit=7&offset=0"))
    #expect(entry.path.contains("open_now=true"))
  }

  @Test func yelpPagesUpToThePerCategoryLimit() throws {
    let page = yelpBody((0..<50).map { "p\($0)" }).replacingOccurrences(
      of: "\"total\": 50", with: "\"total\": 500")
    let server = try LoopbackServer([
      .init(path: "/v3/businesses/search", match: "offset=0", responses: [.init(body: page)]),
      .init(
        path: "/v3/businesses/search", match: "offset=50",
        responses: [.init(body: yelpBody((50..<70).map { "p\($0)" }))]),
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "yelp", origin: origin, categories: [try category("park")], limit: 70,
      progress: { _ in })
    let stats = try server.stats()
    #expect(stats.requests == 2)
    #expect(stats.log.last?.path.contains("limit=20&offset=50") == true)
    #expect(report.places.count == 70)
  }

  @Test func foursquareAsksForTheRichFields() throws {
    let body = """
      {"results": [{"fsq_id": "f1", "name": "Gallery", "categories": [{"id": 10004, "name": "Art"}],
        "geocodes": {"main": {"latitude": 40.76, "longitude": -73.98}}, "rating": 8.4,
        "stats": {"total_ratings": 120}, "price": 2, "hours": {"display": "Mo-Fr 10:00-18:00"},
        "photos": [{"prefix": "https://img/", "suffix": "/p.jpg"}]}]}
      """
    let server = try LoopbackServer([
      .init(path: "/v3/places/search", responses: [.init(body: body)])
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "foursquare", origin: origin, categories: [try category("art")], progress: { _ in })
    let entry = try #require(try server.stats().log.first)
    #expect(entry.headers["Authorization"] == "test-foursquare-key")
    #expect(
      entry.path.contains(
        "fields=fsq_id%2Cname%2Cgeocodes%2Clocation%2Ccategories%2Crating%2Cpopularity%2Cstats%2Cprice%2Chours%2Cphotos"
      ))
    let place = try #require(report.places.first)
    #expect(place.rating == 4.2)
    #expect(place.reviewCount == 120)
    #expect(place.openingHours == "Mo-Fr 10:00-18:00")
    #expect(place.photoURL == "https://img/original/p.jpg")
  }

  @Test func overpassQueriesNodesAndWaysAroundTheStart() throws {
    let body = """
      {"elements": [
        {"type": "node", "id": 1, "lat": 40.76, "lon": -73.98,
         "tags": {"name": "Bryant Park", "leisure": "park", "wikidata": "Q1"}},
        {"type": "way", "id": 2, "center": {"lat": 40.77, "lon": -73.97},
         "tags": {"name": "Central Park", "leisure": "park", "tourism": "attraction"}},
        {"type": "way", "id": 3, "tags": {"name": "No Centre", "leisure": "park"}}
      ]}
      """
    let server = try LoopbackServer([.init(path: "/interpreter", responses: [.init(body: body)])])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let progress = LineLog()
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "overpass", origin: origin, categories: [try category("park")], radiusMeters: 1500,
      progress: { progress.append($0) })
    let path = try #require(try server.stats().log.first?.path)
    let query = try #require(
      URLComponents(string: path)?.queryItems?.first { $0.name == "data" }?.value)
    #expect(
      query.contains("node[\"leisure\"=\"park\"][\"name\"](around:1500,40.758000,-73.985000);"))
    #expect(query.contains("way[\"leisure\"=\"garden\"]"))
    #expect(query.contains("out center"))
    #expect(report.places.map(\.id) == ["node/1", "way/2"])
    #expect(report.places.last?.categories == ["park", "landmark"])
    #expect(report.places.first?.score == 3.6)
    #expect(progress.text.contains("overpass: park: done, 2 places, 1 skipped"))
  }

  @Test func nominatimGeocodesAndOSRMGivesTheTable() throws {
    guard let osm = SharedData.url("api-samples/nominatim_geocoder/osm.json"),
      let table = SharedData.url(
        "api-samples/osrm_docs_http_md/03_table_service_example_response.json")
    else {
      print("skipping: ../shared/data/api-samples is absent")
      return
    }
    let server = try LoopbackServer([
      .init(path: "/search", responses: [.init(bodyFile: osm.path)]),
      .init(path: "/table/v1/foot/", responses: [.init(bodyFile: table.path)]),
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let live = services(server: server, cache: cache)
    let match = try live.geocode("Ottawa, Canada")
    #expect(match.coordinate == Coordinate(lat: 45.421106, lon: -75.690308))
    let points = [
      Coordinate(lat: 52.517033, lon: 13.3888), Coordinate(lat: 52.529432, lon: 13.397631),
      Coordinate(lat: 52.523239, lon: 13.428554),
    ]
    let matrix = try live.roadTable(points, mode: .walk)
    #expect(abs((matrix.distancesKm[0][1] ?? 0) - 1.88689) < 1e-12)
    let log = try server.stats().log
    #expect(log.first?.path == "/search?q=Ottawa%2C%20Canada&format=json&limit=1")
    #expect(
      log.last?.path.hasPrefix("/table/v1/foot/13.388800,52.517033;13.397631,52.529432;") == true)
  }

  @Test func nothingFoundByNominatimIsBadInput() throws {
    let server = try LoopbackServer([.init(path: "/search", responses: [.init(body: "[]")])])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let error = try #require(throws: ItineraryError.self) {
      try services(server: server, cache: cache).geocode("Nowhere At All")
    }
    #expect(error.kind == .data)
    #expect(error.message == "nominatim: no place called 'Nowhere At All' was found")
  }

  @Test func aMissingKeyIsAUsageError() throws {
    let server = try LoopbackServer([])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let live = services(server: server, cache: cache, extra: ["YELP_API_KEY": ""])
    let error = try #require(throws: ItineraryError.self) {
      try live.fetchPlaces(
        provider: "yelp", origin: origin, categories: [try category("park")], progress: { _ in })
    }
    #expect(error.kind == .usage)
    #expect(error.message.contains("YELP_API_KEY"))
    #expect(try server.stats().requests == 0)
  }
}
