import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

/// The libcurl client against the loopback server.
@Suite final class HTTPClientTests: CachingSuite {
  @Test func compressedResponsesArriveDecompressed() throws {
    let text = String(repeating: "{\"a\": 1}", count: 200)
    let server = try LoopbackServer([.init(path: "/z", responses: [.init(body: text, gzip: true)])])
    let response = try HTTPClient().get(HTTPRequest(url: "\(server.baseURL)/z"))
    #expect(response.status == 200)
    #expect(response.headers["content-encoding"] == "gzip")
    #expect(String(decoding: response.body, as: UTF8.self) == text)
  }

  @Test func anOversizedResponseIsRefused() throws {
    let server = try LoopbackServer([
      .init(path: "/big", responses: [.init(body: String(repeating: "x", count: 5000))])
    ])
    let error = try #require(throws: HTTPTransportError.self) {
      try HTTPClient(maxResponseBytes: 1000).get(HTTPRequest(url: "\(server.baseURL)/big"))
    }
    #expect(error.kind == .tooLarge)
    #expect(error.detail == "the response is larger than 1000 bytes")
  }

  @Test func nominatimRequestsAreAtLeastASecondApart() throws {
    let server = try LoopbackServer([
      .init(path: "/search", responses: [.init(body: "[{\"lat\": \"1.5\", \"lon\": \"2.5\"}]")])
    ])
    let live = services(server: server, cache: cache)
    _ = try live.geocode("first place")
    let second = try live.geocode("second place")
    #expect(second.coordinate == Coordinate(lat: 1.5, lon: 2.5))
    let log = try server.stats().log
    #expect(log.count == 2)
    #expect(log[1].time - log[0].time >= NominatimGeocoder.minimumInterval * 0.99)
  }
}
