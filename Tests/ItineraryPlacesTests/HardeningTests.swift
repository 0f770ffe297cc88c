import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

/// What a hostile environment or server can do to the providers: keys that
/// would inject a header, credentials in a base URL, escapes in names.
@Suite final class HardeningTests: CachingSuite {
  let origin = Coordinate(lat: 40.758, lon: -73.985)

  @Test(arguments: ["good\r\nX-Injected: 1", "tab\tkey", "nul\u{0}key", "spa ce", "ключ"])
  func keysThatCouldSplitAHeaderAreRefused(key: String) throws {
    let server = try LoopbackServer([
      .init(path: "/", responses: [.init(body: yelpBody(["a"]))])
    ])
    for (provider, variable) in [("yelp", "YELP_API_KEY"), ("foursquare", "FOURSQUARE_API_KEY")] {
      let live = services(server: server, cache: cache, extra: [variable: key])
      let error = try #require(throws: ItineraryError.self) {
        try live.fetchPlaces(
          provider: provider, origin: origin, categories: [try category("park")],
          progress: { _ in })
      }
      #expect(error.kind == .usage)
      #expect(error.message.hasPrefix("\(variable) holds a control character"))
      #expect(!error.message.contains(key))
    }
    #expect(try server.stats().requests == 0)
  }

  @Test func theHTTPClientSendsNoHeaderWithALineBreak() throws {
    let server = try LoopbackServer([.init(path: "/", responses: [.init(body: "{}")])])
    #expect(throws: HTTPTransportError.self) {
      try HTTPClient().get(
        HTTPRequest(url: "\(server.baseURL)/x", headers: ["Authorization: a\r\nX-Evil: 1"]))
    }
    #expect(try server.stats().requests == 0)
  }

  @Test func credentialsInABaseURLAreUsedButNeverStoredOrShown() throws {
    let server = try LoopbackServer([
      .init(path: "/interpreter", responses: [.init(body: "{\"elements\": []}")]),
      .init(path: "/search", responses: [.init(status: 500, body: "{}")]),
    ])
    let secret = "s3cr3t-pass-91c2"
    let base = server.baseURL.replacingOccurrences(of: "http://", with: "http://user:\(secret)@")
    let live = services(
      server: server, cache: cache,
      extra: ["ITINERARY_OVERPASS_URL": base, "ITINERARY_NOMINATIM_URL": base])
    _ = try live.fetchPlaces(
      provider: "overpass", origin: origin, categories: [try category("park")], progress: { _ in })
    let error = try #require(throws: ItineraryError.self) { try live.geocode("Somewhere") }
    #expect(!error.message.contains(secret))
    let log = try server.stats().log
    #expect(log.first?.headers["Authorization"]?.hasPrefix("Basic ") == true)
    let files =
      FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)?
      .allObjects.compactMap { $0 as? URL } ?? []
    #expect(!files.isEmpty)
    for file in files {
      let bytes = try Data(contentsOf: file)
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file.lastPathComponent)")
    }
    #expect(
      !ServiceSession.cacheKey(service: "x", url: "http://u:\(secret)@h/p?a=1").contains(secret))
    #expect(redactingCredentials("not a url u:\(secret)@h") == "not a url u:\(secret)@h")
    let failed = HTTPTransportError(kind: .connection, detail: "cannot reach u:\(secret)@h")
    #expect(!failed.redacting(credentialsOf: "http://u:\(secret)@h/").detail.contains(secret))
    #expect(redactingCredentials("http://u:\(secret)@h/p@q") == "http://h/p@q")
  }

  @Test func escapesAndControlCharactersNeverReachAPlace() throws {
    let body = yelpBody(["e"]).replacingOccurrences(
      of: "\"Place e\"", with: #""\u001b[31mRed\u001b[0m\nBar\u0007\u202e""#
    ).replacingOccurrences(of: "\"0 Main St\"", with: #""\u001b]0;title\u0007Main\tSt""#)
    let page = try YelpProvider.parseSearch(Data(body.utf8), category: try category("bar"))
    let place = try #require(page.places.first)
    #expect(place.name == "Red Bar")
    #expect(place.address == "Main St, New York")
    // A name of nothing but escapes is no name: the business is skipped.
    let blank = yelpBody(["e"]).replacingOccurrences(
      of: "\"Place e\"", with: #""\u001b[2J\u001b[H""#)
    #expect(
      try YelpProvider.parseSearch(Data(blank.utf8), category: try category("bar")).skipped == 1)
  }

  @Test func aRefusalsMessageIsOneCleanLine() throws {
    let server = try LoopbackServer([
      .init(
        path: "/v3/businesses/search",
        responses: [
          .init(
            status: 400,
            body: #"{"error": {"code": "X", "description": "bad\n\u001b[31mthing"}}"#)
        ])
    ])
    let error = try #require(throws: ItineraryError.self) {
      try services(server: server, cache: cache).fetchPlaces(
        provider: "yelp", origin: origin, categories: [try category("park")], progress: { _ in })
    }
    #expect(error.message == "yelp: category 'park': HTTP 400: bad thing")
  }
}
