import Foundation
import ItineraryPlanning
import Testing

@testable import ItineraryServer

/// The OpenAPI document names everything the server takes: every route it
/// answers, with its method, and every key a request body or query may hold.
/// A route or a key added without its documentation fails here.
@Suite struct OpenAPICoverageTests {
  let document: [String: Any]

  init() throws {
    let server = try TestServer()
    let answer = try RawHTTP.request(server.port, "GET", "/openapi.json")
    document = try #require(answer.json)
  }

  func schema(_ name: String) throws -> [String: Any] {
    let schemas = try #require(
      (document["components"] as? [String: Any])?["schemas"] as? [String: Any])
    return try #require(schemas[name] as? [String: Any], "\(name)")
  }

  func properties(_ name: String) throws -> Set<String> {
    Set(try #require(try schema(name)["properties"] as? [String: Any], "\(name)").keys)
  }

  @Test func everyRouteIsDocumentedWithItsMethod() throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "itinerary-openapi-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let service = try ItineraryService(
      configuration: ServerConfiguration(environment: [
        "ITINERARY_DATA_DIR": directory.path, "ITINERARY_CACHE_DIR": directory.path,
      ]))
    let paths = try #require(document["paths"] as? [String: Any])
    #expect(service.router.routes.count > 20)
    for route in service.router.routes {
      let path = paths[route.pattern] as? [String: Any]
      #expect(path?[route.method.lowercased()] != nil, "\(route.method) \(route.pattern)")
    }
  }

  @Test func everyRequestKeyIsDocumented() throws {
    #expect(try properties("PlanRequest") == Set(PlanRequest.keys))
    #expect(try properties("SolveRequest") == Set(SolveSettings.keys + ["instance", "id"]))
    #expect(try properties("SearchRequest") == Set(SearchRequest.keys))
    for format in BenchmarkRequest.Format.allCases {
      let schema = format == .gtsplib ? "GTSPLIBRequest" : "OPTWRequest"
      let keys = BenchmarkRequest.keys.filter {
        format == .optw || !["routes", "threads"].contains($0)
      }
      #expect(try properties(schema) == Set(keys + [format.rawValue, "id"]))
    }
  }

  /// A trip's answer as `explore` gives it, days and shaping included, fits
  /// the response schema, which admits no field it does not name.
  @Test func aTripFitsTheResponseSchema() throws {
    let server = try TestServer()
    let validator = SchemaValidator(document: document)
    let body = #"{"categories": ["museum", "cafe"], "start": "2026-12-01 14:00", "end": "17:00"}"#
    let answer = try RawHTTP.request(server.port, "POST", "/v1/explore", body: Data(body.utf8))
    #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
    let schema = try #require(
      validator.responseSchema(method: "POST", path: "/v1/explore", status: answer.status))
    let value = try JSONSerialization.jsonObject(with: answer.body)
    let days = ((value as? [String: Any])?["days"] as? [Any]) ?? []
    #expect(!days.isEmpty)
    #expect((value as? [String: Any])?["shaping"] != nil)
    let problems = validator.problems(value, against: schema)
    #expect(problems.isEmpty, "\(problems.prefix(5))")
  }
}
