import Foundation
import ItineraryLoopback
import Testing

/// `GET /v1/photos` against recorded Commons answers: the page as the
/// document describes it, bad parameters 400, a failing service 503, and
/// a search whose photos fail warns.
@Suite struct PhotoRouteTests {
  static func recorded(_ name: String) -> LoopbackServer.Reply {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "ItineraryPlacesTests/Recorded/\(name)").path
    return LoopbackServer.Reply(bodyFile: path, contentType: "application/json")
  }

  func serve(geosearch: [LoopbackServer.Reply]) throws -> (LoopbackServer, TestServer) {
    let commons = try LoopbackServer([
      .init(path: "/w/api.php", match: "list=geosearch", responses: geosearch),
      .init(
        path: "/w/api.php", match: "prop=imageinfo",
        responses: [Self.recorded("commons-imageinfo.json")]),
    ])
    let cache = FileManager.default.temporaryDirectory.appending(path: "photos-\(UUID())")
    let server = try TestServer {
      $0.environment["ITINERARY_COMMONS_URL"] = commons.baseURL
      $0.environment["ITINERARY_CACHE_DIR"] = cache.path
    }
    return (commons, server)
  }

  /// What `GET path` answers, with 200.
  static func json(_ server: TestServer, _ path: String) throws -> [String: Any] {
    let answer = try RawHTTP.request(server.port, "GET", path)
    #expect(answer.status == 200)
    return try #require(answer.json)
  }

  /// Expects `json` to fit the document's answer with 200 to `GET path`.
  static func expectFitsTheDocument(_ json: [String: Any], _ server: TestServer, path: String)
    throws
  {
    let document = try #require(try RawHTTP.request(server.port, "GET", "/openapi.json").json)
    let validator = SchemaValidator(document: document)
    let schema = try #require(validator.responseSchema(method: "GET", path: path, status: 200))
    #expect(validator.problems(json, against: schema).isEmpty)
  }

  @Test func photosNearAPinFitTheDocument() throws {
    let (commons, server) = try serve(geosearch: [Self.recorded("commons-geosearch.json")])
    defer { commons.stop() }
    let json = try Self.json(server, "/v1/photos?lat=60.17&lon=24.94&radius=0.5")
    let photos = try #require(json["photos"] as? [[String: Any]])
    #expect(photos.map { $0["id"] as? String } == (1...4).map { "commons:8123450\($0)" })
    #expect((photos.first?["attribution"] as? String)?.hasSuffix("via Wikimedia Commons") == true)
    try Self.expectFitsTheDocument(json, server, path: "/v1/photos")
    let bad = try RawHTTP.request(server.port, "GET", "/v1/photos?lat=60.17")
    #expect(bad.status == 400)
    let unknown = try RawHTTP.request(server.port, "GET", "/v1/photos?lat=1&lon=2&size=9")
    #expect(unknown.status == 400)
  }

  @Test func searchResultsWithPhotosFitTheDocument() throws {
    let (commons, server) = try serve(geosearch: [Self.recorded("commons-geosearch.json")])
    defer { commons.stop() }
    let json = try Self.json(server, "/v1/search?categories=museum&limit=2&photos")
    let results = try #require(json["results"] as? [[String: Any]])
    #expect(results.count == 2)
    for result in results {
      let photos = try #require(result["photos"] as? [[String: Any]])
      #expect(photos.count == 3)
      #expect((photos.first?["attribution"] as? String)?.hasSuffix("via Wikimedia Commons") == true)
    }
    try Self.expectFitsTheDocument(json, server, path: "/v1/search")
    #expect(json["warnings"] == nil)
    let bad = try RawHTTP.request(server.port, "GET", "/v1/search?photos=maybe")
    #expect(bad.status == 400)
  }

  @Test func aSearchWithPhotosSucceedsWhenThePhotoServiceFails() throws {
    let (commons, server) = try serve(geosearch: [.init(status: 500, body: "{}")])
    defer { commons.stop() }
    let answer = try RawHTTP.request(
      server.port, "GET", "/v1/search?categories=museum&limit=2&photos=true")
    #expect(answer.status == 200)
    let json = try #require(answer.json)
    let results = try #require(json["results"] as? [[String: Any]])
    #expect(results.count == 2)
    #expect(results.allSatisfy { ($0["photos"] as? [Any])?.isEmpty == true })
    // Told as the command line tells it on standard error.
    let warnings = try #require(json["warnings"] as? [String])
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("photos: 2 places got none: commons:") == true, "\(warnings)")
    #expect(warnings.first?.contains("HTTP 500") == true, "\(warnings)")
    try Self.expectFitsTheDocument(json, server, path: "/v1/search")
  }

  @Test func aTripWithPhotosFitsTheDocument() throws {
    let (commons, server) = try serve(geosearch: [Self.recorded("commons-geosearch.json")])
    defer { commons.stop() }
    let body =
      #"{"categories": ["museum"], "start": "2026-12-01T10:00", "end": "14:00", "photos": true}"#
    let answer = try RawHTTP.post(server.port, "/v1/explore", body)
    #expect(answer.status == 200)
    let json = try #require(answer.json)
    let days = try #require(json["days"] as? [[String: Any]])
    let stops = days.flatMap { ($0["stops"] as? [[String: Any]]) ?? [] }
    #expect(!stops.isEmpty)
    for stop in stops {
      let photos = try #require(stop["photos"] as? [[String: Any]])
      #expect(photos.count == 3)
    }
    let document = try #require(try RawHTTP.request(server.port, "GET", "/openapi.json").json)
    let validator = SchemaValidator(document: document)
    let schema = try #require(
      validator.responseSchema(method: "POST", path: "/v1/explore", status: 200))
    #expect(validator.problems(json, against: schema).isEmpty)
  }

  @Test func aFailingPhotoServiceIs503NamingIt() throws {
    let (commons, server) = try serve(
      geosearch: Array(repeating: .init(status: 500, body: "{}"), count: 3))
    defer { commons.stop() }
    let answer = try RawHTTP.request(server.port, "GET", "/v1/photos?lat=60.17&lon=24.94")
    #expect(answer.status == 503)
    let message = (answer.json?["error"] as? [String: Any])?["message"] as? String
    #expect(message?.hasPrefix("commons: photos near 60.170000,24.940000: HTTP 500") == true)
  }
}
