import Foundation
import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

/// Every real recorded response in `../shared/data/api-samples/` parses into
/// the expected places.
@Suite(
  .enabled(
    if: SharedData.url("api-samples") != nil, "../shared/data/api-samples is absent: skipped"))
struct ResponseParsingTests {
  func sample(_ path: String) throws -> Data? {
    try Data(contentsOf: try #require(SharedData.url("api-samples/\(path)"), "\(path) is missing"))
  }

  /// Checks that `places` are `count`, the first of them `id` named `name`,
  /// and returns that first place for the checks of its own.
  func firstPlace(
    of places: [Place], count: Int, id: String, name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Place {
    #expect(places.count == count, sourceLocation: sourceLocation)
    let first = try #require(places.first, sourceLocation: sourceLocation)
    #expect(first.id == id, sourceLocation: sourceLocation)
    #expect(first.name == name, sourceLocation: sourceLocation)
    return first
  }

  @Test func yelpSearchSanFrancisco() throws {
    guard let data = try sample("yelp_search_react-restaurant-finder/businesses_search_sf.json")
    else { return }
    let page = try YelpProvider.parseSearch(data, category: try category("restaurant"))
    #expect(page.skipped == 0)
    #expect(page.total == 3900)
    let first = try firstPlace(
      of: page.places, count: 20, id: "Xg-FyjVKAN70LO4u4Z1ozg", name: "Hog Island Oyster Co")
    #expect(first.rating == 4.5)
    #expect(first.reviewCount == 5790)
    #expect(first.price == 2)
    #expect(first.coordinate == Coordinate(lat: 37.795831, lon: -122.393303))
    #expect(first.address == "1 Ferry Bldg, Shop 11, San Francisco, CA 94111")
    #expect(first.photoURL?.hasPrefix("https://s3-media3.fl.yelpcdn.com/") == true)
    #expect(first.source == "yelp")
    #expect(first.categories == ["restaurant"])
    // Aliases of other canonical categories add them: "bars" and "cafes".
    #expect(page.places[5].categories == ["restaurant", "bar"])
    #expect(page.places[8].categories == ["restaurant", "cafe"])
    #expect(page.places.allSatisfy { $0.categories.first == "restaurant" })
  }

  @Test func yelpSearchChicago() throws {
    guard let data = try sample("yelp_search_dine-the-line/businesses_search_chicago.json")
    else { return }
    let page = try YelpProvider.parseSearch(data, category: try category("bar"))
    #expect(page.total == 79)
    let first = try firstPlace(
      of: page.places, count: 20, id: "V3_UIvTZGIOMFM93LZF9TA", name: "Laschet's Inn")
    #expect(first.reviewCount == 437)
    #expect(first.coordinate == Coordinate(lat: 41.95381, lon: -87.68198))
    #expect(first.address == "2119 W Irving Park Rd, Chicago, IL 60618")
  }

  @Test func yelpBusinessWithHours() throws {
    guard let data = try sample("yelp_yelp-python/business_lookup_sacre_coeur_paris.json")
    else { return }
    let page = try YelpProvider.parseSearch(data, category: try category("landmark"))
    let place = try #require(page.places.first)
    #expect(page.places.count == 1)
    #expect(place.id == "spIGAtquYQ0S7xai5eJSuA")
    #expect(place.name == "Basilique du Sacré-Cœur de Montmartre")
    #expect(place.openingHours == "Mo-Su 06:00-22:30")
    #expect(place.categories.contains("landmark"))
  }

  @Test func foursquareV3Search() throws {
    guard
      let data = try sample(
        "foursquare_v3_location-advisor-backend/FOURSQUARE_PLACES_V3_MOCK_200.json")
    else { return }
    let result = try FoursquareProvider.parseSearch(data, category: try category("restaurant"))
    #expect(result.skipped == 0)
    let first = try firstPlace(
      of: result.places, count: 10, id: "53146e95498e242a07e892b4",
      name: "Baguetterie & Cafébar Strahmann")
    #expect(first.coordinate == Coordinate(lat: 50.110542, lon: 8.676527))
    #expect(first.address == "Bethmannstraße 58, 60311 Frankfurt am Main")
    #expect(first.source == "foursquare")
    #expect(first.rating == nil)
  }

  @Test func foursquareV3ErrorBodyIsAnError() throws {
    guard
      let data = try sample(
        "foursquare_v3_location-advisor-backend/FOURSQUARE_PLACES_V3_MOCK_500.json")
    else { return }
    #expect(throws: ResponseProblem.self) {
      try FoursquareProvider.parseSearch(data, category: try category("restaurant"))
    }
  }

  @Test func foursquareV2Explore() throws {
    guard
      let data = try sample("foursquare_v2_explore_hotspot/venues_explore_nyc_query_drinks.json")
    else { return }
    let result = try FoursquareProvider.parseSearch(data, category: try category("bar"))
    let first = try firstPlace(
      of: result.places, count: 30, id: "4471bf9af964a5209c331fe3", name: "Jack the Horse Tavern")
    #expect(first.rating == 4.35)  // 8.7 on Foursquare's 0-10 scale
    #expect(first.reviewCount == 280)
    #expect(first.price == 3)
    #expect(first.address == "66 Hicks St (at Cranberry), Brooklyn, NY 11201, United States")
  }

  @Test func overpassWaysWithoutCentreAreSkippedAndCounted() throws {
    guard let data = try sample("overpass_fastfoodnearme/overpass_skopje_fast_food.json")
    else { return }
    let result = try OverpassProvider.parse(data, category: try category("restaurant"))
    #expect(result.places.count == 51)
    #expect(result.skipped == 33)  // 11 named ways without a centre, 22 unnamed elements
    let bakery = try #require(result.places.first { $0.id == "node/470916907" })
    #expect(bakery.name == "Жито Леб")
    #expect(bakery.coordinate == Coordinate(lat: 42.0003611, lon: 21.4268596))
    #expect(bakery.kind == "amenity=fast_food")
    #expect((bakery.score ?? 3) < 3, "fast food")
    #expect(bakery.source == "osm")
    // An answer without edit times or geometry still ranks best first, each score its own.
    let scores = result.places.compactMap(\.score)
    #expect(scores == scores.sorted(by: >) && Set(scores).count == scores.count)
  }

  @Test func overpassWayWithCentre() throws {
    guard let data = try sample("overpass_python-overpy/way-03.json") else { return }
    var tagged = try OverpassProvider.parse(data, category: try category("shopping"))
    // The florist way has a centre but no name.
    #expect(tagged.places.isEmpty)
    #expect(tagged.skipped == 5)
    guard let empty = try sample("overpass_python-overpy/way-04.json") else { return }
    tagged = try OverpassProvider.parse(empty, category: try category("shopping"))
    #expect(tagged.places.isEmpty)
    #expect(tagged.skipped == 1)
  }

  @Test(arguments: [
    "node-01.json", "way-01.json", "way-02.json", "relation-01.json", "relation-02.json",
    "relation-03.json", "relation-04.json", "area-01.json", "result-expand-01.json",
    "result-expand-02.json", "result-way-01.json", "result-way-02.json", "result-way-03.json",
  ])
  func overpassSamplesParse(file: String) throws {
    guard let data = try sample("overpass_python-overpy/\(file)") else { return }
    let result = try OverpassProvider.parse(data, category: try category("landmark"))
    // None of these elements has a name and a landmark tag.
    #expect(result.places.allSatisfy { !$0.name.isEmpty })
  }

  @Test(arguments: ["remark-runtime-remark-01.json", "remark-unknown-01.json"])
  func overpassRemarksAreErrors(file: String) throws {
    guard let data = try sample("overpass_python-overpy/\(file)") else { return }
    // No elements and a remark: the query did not complete; not an empty city.
    #expect(throws: ResponseProblem.self) {
      try OverpassProvider.parse(data, category: try category("landmark"))
    }
  }

  @Test func overpassRuntimeErrorRemarkIsAnError() throws {
    guard let data = try sample("overpass_python-overpy/remark-runtime-error-01.json") else {
      return
    }
    let problem = try #require(throws: ResponseProblem.self) {
      try OverpassProvider.parse(data, category: try category("park"))
    }
    #expect(problem.message.contains("runtime error: Query timed out"))
  }

  @Test func nominatimSearch() throws {
    guard let data = try sample("nominatim_geocoder/osm.json") else { return }
    let matches = try NominatimGeocoder.parse(data)
    #expect(matches.count == 1)
    #expect(matches.first?.coordinate == Coordinate(lat: 45.421106, lon: -75.690308))
    #expect(matches.first?.displayName == "Ottawa, Ontario, Canada")
  }

  @Test func osrmTable() throws {
    guard let data = try sample("osrm_docs_http_md/03_table_service_example_response.json") else {
      return
    }
    let table = try OSRMTable.parse(data, count: 3, mode: .drive)
    #expect(abs((table.distancesKm[0][1] ?? 0) - 1.88689) < 1e-12)
    #expect(abs((table.distancesKm[2][0] ?? 0) - 3.27536) < 1e-12)
    #expect(table.durationsSeconds[1][2] == 283.9)
    #expect(table.durationsSeconds[0][0] == 0)
    #expect(throws: ResponseProblem.self) { try OSRMTable.parse(data, count: 2) }
    // These are car times (35 km/h on average): never walking ones.
    #expect(throws: ResponseProblem.self) { try OSRMTable.parse(data, count: 3, mode: .walk) }
  }

  @Test func osrmRouteResponseIsNotATable() throws {
    guard let data = try sample("osrm_docs_http_md/01_responses_example_response.json") else {
      return
    }
    #expect(throws: ResponseProblem.self) { try OSRMTable.parse(data, count: 3) }
  }

  @Test func mergeJoinsCategoriesOfTheSamePlace() {
    let a = Place(id: "x", name: "X", categories: ["park"], coordinate: Coordinate(lat: 1, lon: 1))
    let b = Place(id: "y", name: "Y", categories: ["art"], coordinate: Coordinate(lat: 2, lon: 2))
    var a2 = a
    a2.categories = ["art", "park"]
    let merged = FetchStage.merge([[a], [b, a2]])
    #expect(merged.map(\.id) == ["x", "y"])
    #expect(merged.first?.categories == ["park", "art"])
  }

  @Test func retryAfterIsHonouredWithinItsBound() {
    let policy = RetryPolicy(maxAttempts: 3, baseDelay: 0.5, maxDelay: 4, maxRetryAfter: 30)
    #expect(policy.delay(retryAfter: "2", afterAttempt: 1) == 2)
    #expect(policy.delay(retryAfter: "3600", afterAttempt: 1) == 30)
    let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
    #expect(
      policy.delay(retryAfter: "Sun, 06 Nov 1994 08:49:47 GMT", afterAttempt: 1, now: now) == 10)
    #expect(policy.backoff(afterAttempt: 1, unit: 0) == 0.25)
    #expect(policy.backoff(afterAttempt: 3, unit: 0.999_999) > 1.99)
    #expect(policy.backoff(afterAttempt: 10, unit: 0.999_999) <= 4)
  }

  @Test func cacheKeysIgnoreParameterOrder() {
    let a = ServiceSession.cacheKey(service: "yelp", url: "http://h/x?b=2&a=1")
    let b = ServiceSession.cacheKey(service: "yelp", url: "http://h/x?a=1&b=2")
    #expect(a == b)
    #expect(a == "yelp GET http://h/x?a=1&b=2")
  }
}
