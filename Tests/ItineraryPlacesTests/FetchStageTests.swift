import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

/// The fetch stage against a real HTTP server on 127.0.0.1, through libcurl.
@Suite final class FetchStageTests: CachingSuite {
  let origin = Coordinate(lat: 40.758, lon: -73.985)

  @Test func threeCategoriesAreInFlightAtOnce() throws {
    let server = try LoopbackServer([
      .init(
        path: "/v3/businesses/search", responses: [.init(body: yelpBody(["a", "b"]), latency: 0.3)])
    ])
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

  /// Plaques have no Yelp or Foursquare category: asking would search every
  /// category, so nothing is asked and the category fails, or is left out.
  @Test func aCategoryAProviderHasNoWordForIsNotAskedFor() throws {
    for (provider, path) in [("yelp", "/v3/businesses/search"), ("foursquare", "/places/search")] {
      let server = try LoopbackServer([.init(path: path, responses: [.init(body: "{}")])])
      let fresh = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: fresh) }
      let error = try #require(throws: ItineraryError.self) {
        try services(server: server, cache: fresh).fetchPlaces(
          provider: provider, origin: origin, categories: [try category("plaque")],
          progress: { _ in })
      }
      #expect(error.kind == .unavailable && error.message.contains("no category for plaque"))
      let partial = try services(server: server, cache: fresh).fetchPlaces(
        provider: provider, origin: origin, categories: [try category("plaque")],
        allowPartial: true, progress: { _ in })
      #expect(partial.places.isEmpty && partial.missing.map(\.category) == ["plaque"])
      #expect(try server.stats().requests == 0, "\(provider)")
    }
  }

  @Test func requestsCarryTheQueryTheKeyAndTheUserAgent() throws {
    let server = try LoopbackServer([
      .init(path: "/v3/businesses/search", responses: [.init(body: yelpBody(["a"]))])
    ])
    _ = try services(server: server, cache: cache).fetchPlaces(
      provider: "yelp", origin: origin, categories: [try category("art")], limit: 7, openNow: true,
      progress: { _ in })
    let entry = try #require(try server.stats().log.first)
    #expect(entry.headers["Authorization"] == "Bearer test-yelp-key")
    #expect(entry.headers["User-Agent"] == "itinerary/\(ItineraryRelease.version)")
    #expect(entry.headers["Accept-Encoding"]?.contains("gzip") == true)
    #expect(entry.path.contains("categories=galleries%2Cartmuseums&"))
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
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "yelp", origin: origin, categories: [try category("park")], limit: 70,
      progress: { _ in })
    let stats = try server.stats()
    #expect(stats.requests == 2)
    #expect(stats.log.last?.path.contains("limit=20&offset=50") == true)
    #expect(report.places.count == 70)
  }

  @Test func foursquareAsksTheCurrentAPIForTheRichFields() throws {
    let body = """
      {"results": [{"fsq_place_id": "f1", "name": "Gallery",
        "categories": [{"fsq_category_id": "4bf58dd8d48988d1e2931735", "name": "Art Gallery"}],
        "latitude": 40.76, "longitude": -73.98, "rating": 8.4,
        "stats": {"total_ratings": 120}, "price": 2,
        "hours": {"display": "Mon-Fri 10:00-18:00", "regular": [
          {"day": 1, "open": "1000", "close": "1800"}, {"day": 2, "open": "1000", "close": "1800"},
          {"day": 3, "open": "1000", "close": "1800"}, {"day": 4, "open": "1000", "close": "1800"},
          {"day": 5, "open": "1000", "close": "1800"}]},
        "photos": [{"prefix": "https://img/", "suffix": "/p.jpg"}]}]}
      """
    let server = try LoopbackServer([
      .init(path: "/places/search", responses: [.init(body: body)])
    ])
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "foursquare", origin: origin, categories: [try category("art")], progress: { _ in })
    let entry = try #require(try server.stats().log.first)
    #expect(entry.headers["Authorization"] == "Bearer test-foursquare-key")
    #expect(entry.headers["X-Places-Api-Version"] == FoursquareProvider.apiVersion)
    #expect(entry.path.hasPrefix("/places/search?"))
    #expect(
      entry.path.contains(
        "fsq_category_ids=4bf58dd8d48988d1e2931735%2C4bf58dd8d48988d18f941735&"
      ))
    #expect(
      entry.path.contains(
        "fields=fsq_place_id%2Cname%2Clatitude%2Clongitude%2Clocation%2Ccategories%2Cdate_closed%2Crating%2Cpopularity%2Cstats%2Cprice%2Chours%2Cphotos"
      ))
    let place = try #require(report.places.first)
    #expect(place.id == "f1")
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
    let progress = LineLog()
    let report = try services(server: server, cache: cache).fetchPlaces(
      provider: "overpass", origin: origin, categories: [try category("park")], radiusMeters: 1500,
      progress: { progress.append($0) })
    let path = try #require(try server.stats().log.first?.path)
    let query = try #require(
      URLComponents(string: path)?.queryItems?.first { $0.name == "data" }?.value)
    #expect(
      query.contains("nwr[\"leisure\"=\"park\"][\"name\"](around:1500,40.758000,-73.985000);"))
    #expect(query.contains("nwr[\"leisure\"=\"garden\"]"))
    #expect(query.hasPrefix("[out:json][timeout:15][maxsize:134217728];"))
    #expect(query.hasSuffix("out meta geom 10000;"))
    #expect(report.places.map(\.id) == ["node/1", "way/2"])
    #expect(report.places.last?.categories == ["park", "landmark"])
    let notability = OSMPlaceRules.standard.notability
    let wikidata = try #require(notability.signals.first { $0.name == "wikidata" })
    #expect(report.places.first?.score == notability.score(points: wikidata.points))
    #expect(progress.text.contains("overpass: park: done, 2 places, 1 skipped"))
  }

  @Test(
    .enabled(
      if: SharedData.url("api-samples") != nil, "../shared/data/api-samples is absent: skipped"))
  func nominatimGeocodesAndOSRMGivesTheTable() throws {
    let osm = try #require(SharedData.url("api-samples/nominatim_geocoder/osm.json"))
    let table = try #require(
      SharedData.url("api-samples/osrm_docs_http_md/03_table_service_example_response.json"))
    let server = try LoopbackServer([
      .init(path: "/search", responses: [.init(bodyFile: osm.path)]),
      .init(path: "/table/v1/driving/", responses: [.init(bodyFile: table.path)]),
    ])
    let live = services(server: server, cache: cache)
    let match = try live.geocode("Ottawa, Canada")
    #expect(match.coordinate == Coordinate(lat: 45.421106, lon: -75.690308))
    let points = [
      Coordinate(lat: 52.517033, lon: 13.3888), Coordinate(lat: 52.529432, lon: 13.397631),
      Coordinate(lat: 52.523239, lon: 13.428554),
    ]
    // The sample is a car table (35 km/h): it is read as one.
    let matrix = try live.roadTable(points, mode: .drive)
    #expect(abs((matrix.distancesKm[0][1] ?? 0) - 1.88689) < 1e-12)
    let log = try server.stats().log
    #expect(log.first?.path == "/search?q=Ottawa%2C%20Canada&format=json&limit=1")
    #expect(
      log.last?.path.hasPrefix("/table/v1/driving/13.388800,52.517033;13.397631,52.529432;")
        == true)
  }

  @Test func nothingFoundByNominatimIsBadInput() throws {
    let server = try LoopbackServer([.init(path: "/search", responses: [.init(body: "[]")])])
    let error = try #require(throws: ItineraryError.self) {
      try services(server: server, cache: cache).geocode("Nowhere At All")
    }
    #expect(error.kind == .data)
    #expect(error.message == "nominatim: no place called 'Nowhere At All' was found")
  }

  @Test func aMissingKeyIsAUsageError() throws {
    let server = try LoopbackServer([])
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
