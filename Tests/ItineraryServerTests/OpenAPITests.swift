import Foundation
import Testing

/// The OpenAPI document served at `/openapi.json` describes what the
/// server really answers: every response below is validated against it.
@Suite struct OpenAPITests {
  let server: TestServer
  let validator: SchemaValidator

  init() throws {
    server = try TestServer { $0.recordsHistory = true }
    let answer = try RawHTTP.request(server.port, "GET", "/openapi.json")
    let document = try #require(answer.json)
    validator = SchemaValidator(document: document)
  }

  /// Sends a request and checks its answer against the document.
  @discardableResult
  func check(_ method: String, _ path: String, _ body: String? = nil, status: Int) throws
    -> RawHTTP.Answer
  {
    let answer = try RawHTTP.request(server.port, method, path, body: body.map { Data($0.utf8) })
    #expect(
      answer.status == status, "\(method) \(path): \(String(decoding: answer.body, as: UTF8.self))")
    let schema = try #require(
      validator.responseSchema(method: method, path: path, status: answer.status),
      "\(method) \(path) \(answer.status) is not in the document")
    if !answer.body.isEmpty, answer.headers["content-type"] == "application/json" {
      let value = try JSONSerialization.jsonObject(with: answer.body)
      let problems = validator.problems(value, against: schema)
      #expect(problems.isEmpty, "\(method) \(path): \(problems.prefix(5))")
    }
    return answer
  }

  @Test func theDocumentIsOpenAPI3AndItsReferencesResolve() throws {
    let document = validator.document
    #expect((document["openapi"] as? String)?.hasPrefix("3.") == true)
    let text = String(
      decoding: try JSONSerialization.data(
        withJSONObject: document, options: .withoutEscapingSlashes), as: UTF8.self)
    let schemas = ((document["components"] as? [String: Any])?["schemas"] as? [String: Any]) ?? [:]
    let references = text.components(separatedBy: "#/components/schemas/").dropFirst().map {
      String($0.prefix { $0.isLetter || $0.isNumber })
    }
    #expect(!references.isEmpty)
    for name in Set(references) { #expect(schemas[name] != nil, "\(name)") }
  }

  @Test func planningAnswersFitTheDocument() throws {
    try check("POST", "/v1/plan", #"{"categories": ["restaurant", "park", "museum"]}"#, status: 200)
    try check(
      "POST", "/v1/plan",
      #"{"categories": ["cafe", "park"], "roundTrip": true, "mode": "bike", "top": 5}"#,
      status: 200)
    try check(
      "POST", "/v1/plan",
      #"{"categories": ["museum", "cafe"], "start": "2026-12-01 10:00", "dwell": {"*": 30}}"#,
      status: 200)
    try check("POST", "/v1/plan", #"{"categories": ["museum"], "anytime": true}"#, status: 200)
    try check(
      "POST", "/v1/plan", #"{"categories": ["restaurant"], "cuisine": "pizza", "anytime": true}"#,
      status: 200)
    try check("POST", "/v1/plan", "{bad", status: 400)
    try check("POST", "/v1/plan", #"{"categories": ["park"], "radius": 0.001}"#, status: 422)
    let instance = """
      {"instance": {"version": 1, "origin": {"lat": 60.17, "lon": 24.94}, "categories": ["a"],
       "places": [{"id": "a1", "categories": ["a"], "lat": 60.171, "lon": 24.941, "score": 4}]},
       "verify": true}
      """
    try check("POST", "/v1/solve", instance, status: 200)
    try check("POST", "/v1/solve", #"{"instance": {}}"#, status: 400)
  }

  @Test func serviceAnswersFitTheDocument() throws {
    try check("GET", "/healthz", status: 200)
    try check("GET", "/v1/categories", status: 200)
    try check("GET", "/v1/complete?q=kai", status: 200)
    try check("GET", "/v1/complete", status: 400)
    try check("GET", "/v1/search?radius=0.4", status: 200)
    try check(
      "GET", "/v1/search?categories=museum,cafe&text=a&sort=rating&openNow=false&limit=50",
      status: 200)
    try check("GET", "/v1/search?radius=99999", status: 400)
    try check("GET", "/v1/search?limit=500", status: 400)
    try check("GET", "/v1/search?categories=nothing-like-it", status: 400)
    try check("GET", "/v1/search?radius=2&cuisine=sushi", status: 200)
    try check("GET", "/v1/nearest?lat=60.17&lon=24.94&category=museum", status: 200)
    try check("GET", "/v1/nearest?category=nothing-like-it", status: 400)
    try check("GET", "/v1/nearest?category=viewpoint", status: 404)
    try check("GET", "/v1/places/way/8042215", status: 200)
    try check("GET", "/v1/places/way%2F1", status: 404)
    try check("OPTIONS", "/v1/plan", status: 204)
  }

  @Test func storeAnswersFitTheDocument() throws {
    try check("PUT", "/v1/plans/walk", #"{"plan": {"plans": []}, "summary": "s"}"#, status: 201)
    try check("PUT", "/v1/plans/walk", #"{"plan": {"plans": []}}"#, status: 200)
    try check("GET", "/v1/plans", status: 200)
    try check("GET", "/v1/plans/walk", status: 200)
    try check("DELETE", "/v1/plans/walk", status: 204)
    try check("GET", "/v1/plans/walk", status: 404)
    try check("PUT", "/v1/likes/p1", #"{"name": "Place", "lat": 60, "lon": 24.9}"#, status: 201)
    try check("PUT", "/v1/likes/node/2", #"{"name": "Place", "lat": 60}"#, status: 400)
    try check("GET", "/v1/likes", status: 200)
    try check("DELETE", "/v1/likes/p1", status: 204)
    try check("PUT", "/v1/collections/c", status: 201)
    try check(
      "PUT", "/v1/collections/c/places/p1", #"{"name": "Place", "lat": 60, "lon": 24.9}"#,
      status: 201)
    try check("GET", "/v1/collections", status: 200)
    try check("GET", "/v1/collections/c", status: 200)
    try check("DELETE", "/v1/collections/c/places/p1", status: 204)
    try check("DELETE", "/v1/collections/c", status: 204)
    try check("POST", "/v1/plan", #"{"categories": ["park"]}"#, status: 200)
    let history = try check("GET", "/v1/history", status: 200)
    let id = try #require((history.json?["history"] as? [[String: Any]])?.first?["id"] as? Int)
    try check("GET", "/v1/history/\(id)", status: 200)
    try check("DELETE", "/v1/history/\(id)", status: 204)
    try check("DELETE", "/v1/history", status: 204)
  }

  @Test func theValidatorCatchesWhatDoesNotFit() throws {
    let schema = try #require(
      validator.responseSchema(method: "POST", path: "/v1/plan", status: 200))
    let answer = try RawHTTP.post(server.port, "/v1/plan", #"{"categories": ["park"]}"#)
    var broken = try #require(answer.json)
    broken["plans"] = "none"
    broken["surprise"] = 1
    broken["solver"] = nil
    let problems = validator.problems(broken, against: schema)
    #expect(problems.contains { $0.contains("plans") })
    #expect(problems.contains { $0.contains("surprise") })
    #expect(problems.contains { $0.contains("solver") })
  }
}
