import Foundation
import ItineraryLoopback
import ItineraryPlanning
import ItineraryStore
import Testing

/// `GET /v1/photos` and `/v1/albums/{name}` against recorded Commons
/// answers: the page as the document describes it, bad parameters 400, a
/// failing service 503, and a search whose photos fail warns.
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

  @Test func photosKeptAsAnAlbumReadBack() throws {
    let (commons, server) = try serve(geosearch: [Self.recorded("commons-geosearch.json")])
    defer { commons.stop() }
    let pin = #"{"lat": 60.17, "lon": 24.94, "radiusKm": 0.5}"#
    let created = try RawHTTP.request(
      server.port, "PUT", "/v1/albums/Esplanadi", body: Data(pin.utf8))
    #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
    let ids = (1...4).map { "commons:8123450\($0)" }
    let saved = try #require(created.json)
    #expect(saved["album"] as? String == "Esplanadi")
    #expect((saved["photos"] as? [[String: Any]])?.map { $0["id"] as? String } == ids)
    let document = try #require(try RawHTTP.request(server.port, "GET", "/openapi.json").json)
    let validator = SchemaValidator(document: document)
    for status in [201, 200] {
      let schema = try #require(
        validator.responseSchema(method: "PUT", path: "/v1/albums/{name}", status: status))
      #expect(validator.problems(saved, against: schema).isEmpty)
    }
    let replaced = try RawHTTP.request(
      server.port, "PUT", "/v1/albums/esplanadi", body: Data(pin.utf8))
    #expect(replaced.status == 200)
    let read = try Self.json(server, "/v1/albums/Esplanadi")
    #expect(read["album"] as? String == "Esplanadi")
    #expect((read["at"] as? [String: Any])?["lat"] as? Double == 60.17)
    #expect(read["radiusKm"] as? Double == 0.5 && read["page"] as? Int == 1)
    let photos = try #require(read["photos"] as? [[String: Any]])
    #expect(photos.map { $0["id"] as? String } == ids)
    #expect((photos.first?["attribution"] as? String)?.hasSuffix("via Wikimedia Commons") == true)
    let schema = try #require(
      validator.responseSchema(method: "GET", path: "/v1/albums/{name}", status: 200))
    #expect(validator.problems(read, against: schema).isEmpty)
    // The command line's albums are the same: the store holds the photos.
    let store = try Store(
      environment: ["ITINERARY_DATA_DIR": server.dataDirectory.path], warn: { _ in })
    #expect(try PhotoAlbums.album(named: "Esplanadi", store: store).photos.map(\.id) == ids)
    #expect(try RawHTTP.request(server.port, "GET", "/v1/albums/Beach").status == 404)
    for body in [
      #"{"lat": 60.17}"#, #"{"lat": 60.17, "lon": 24.94, "size": 3}"#,
      #"{"lat": 91, "lon": 24.94}"#, #"{"lat": 60.17, "lon": 24.94, "page": 0}"#,
      #"{"lat": 60.17, "lon": 24.94, "source": "album"}"#, #"{"lat": "north", "lon": 24.94}"#,
    ] {
      let bad = try RawHTTP.request(server.port, "PUT", "/v1/albums/Bad", body: Data(body.utf8))
      #expect(bad.status == 400, "\(body)")
    }
    #expect(try RawHTTP.request(server.port, "GET", "/v1/albums/Bad").status == 404)
  }

  @Test func anAlbumIsNotSavedWhenThePhotoServiceFails() throws {
    let (commons, server) = try serve(
      geosearch: Array(repeating: .init(status: 500, body: "{}"), count: 3))
    defer { commons.stop() }
    let answer = try RawHTTP.request(
      server.port, "PUT", "/v1/albums/Esplanadi", body: Data(#"{"lat": 60.17, "lon": 24.94}"#.utf8))
    #expect(answer.status == 503)
    #expect(try RawHTTP.request(server.port, "GET", "/v1/albums/Esplanadi").status == 404)
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
