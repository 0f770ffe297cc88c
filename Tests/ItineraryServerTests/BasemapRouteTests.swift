import Foundation
import ItineraryPlanning
import Testing

/// `GET /v1/basemap`: the city's map of a box as the document describes
/// it, a box that is no box 400; and the page draws it unless a tile
/// server is configured.
@Suite struct BasemapRouteTests {
  @Test func aBoxInTheEmbeddedCityIsItsMapAsGeoJSON() throws {
    let server = try TestServer()
    let answer = try RawHTTP.request(
      server.port, "GET", "/v1/basemap?south=60.166&west=24.938&north=60.172&east=24.95")
    #expect(answer.status == 200)
    #expect(answer.headers["content-type"] == "application/geo+json")
    let json = try #require(answer.json)
    #expect(json["type"] as? String == "FeatureCollection")
    let features = try #require(json["features"] as? [[String: Any]])
    let kinds = features.compactMap { ($0["properties"] as? [String: Any])?["kind"] as? String }
    #expect(kinds.contains("building") && kinds.contains("street") && kinds.contains("park"))
    let document = try #require(try RawHTTP.request(server.port, "GET", "/openapi.json").json)
    let validator = SchemaValidator(document: document)
    let schema = try #require(
      validator.responseSchema(method: "GET", path: "/v1/basemap", status: 200))
    #expect(validator.problems(json, against: schema).isEmpty)
    let nowhere = try RawHTTP.request(
      server.port, "GET", "/v1/basemap?south=10&west=10&north=10.1&east=10.1")
    #expect(nowhere.status == 200)
    #expect((nowhere.json?["features"] as? [Any])?.isEmpty == true)
  }

  @Test func aBoxThatIsNoBoxIs400SayingWhy() throws {
    let server = try TestServer()
    let cases = [
      ("south=60.2&west=24.9&north=60.1&east=25", "south must be below north"),
      ("south=nan&west=24.9&north=60.2&east=25", "south expects a finite number"),
      ("south=60.1&west=24.9&north=60.2", "east is missing"),
      ("south=60&west=24&north=61&east=25", "at most 0.5 degrees"),
      ("south=89.9&west=24.9&north=90.5&east=25", "finite points on the Earth"),
      ("south=60.1&west=24.9&north=60.2&east=25&zoom=3", "unknown parameter 'zoom'"),
    ]
    for (query, words) in cases {
      let answer = try RawHTTP.request(server.port, "GET", "/v1/basemap?\(query)")
      #expect(answer.status == 400, "\(query)")
      let message = (answer.json?["error"] as? [String: Any])?["message"] as? String ?? ""
      #expect(message.contains(words), "\(query): \(message)")
    }
  }

  @Test func thePageAsksForTheMapUnlessATileServerIsConfigured() throws {
    let server = try TestServer()
    let offline = try RawHTTP.request(server.port, "GET", "/")
    let page = String(decoding: offline.body, as: UTF8.self)
    #expect(page.contains(#"{"basemapRoute":"/v1/basemap"}"#))
    #expect(!page.contains("tile.openstreetmap.org"))
    let tiled = try TestServer {
      $0.tiles = try? TileServer(
        url: "https://tiles.example.org/{z}/{x}/{y}.png", attribution: nil, naming: "--tiles")
    }
    let withTiles = String(
      decoding: try RawHTTP.request(tiled.port, "GET", "/").body, as: UTF8.self)
    #expect(withTiles.contains("https://tiles.example.org/{z}/{x}/{y}.png"))
    #expect(!withTiles.contains(#"{"basemapRoute""#))
  }
}
