import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlaces
import ItineraryPlanning
import ItineraryTestSupport
import Testing

/// The API answers as the pipeline does, and every bad request with the
/// documented error JSON and status.
@Suite struct APITests {
  let server: TestServer

  init() throws { server = try TestServer() }

  /// A response with its timing zeroed, to compare two runs.
  static func timeless(_ data: Data) throws -> PlanResponse {
    var response = try ResponseJSON.decode(data, source: "answer")
    response.solver.millis = 0
    return response
  }

  @Test func healthIsOK() throws {
    let answer = try RawHTTP.request(server.port, "GET", "/healthz")
    #expect(answer.status == 200)
    #expect(answer.json?["status"] as? String == "ok")
  }

  @Test func planAnswersAsThePipeline() throws {
    // An explicit start: `now` would move between the two answers.
    let body = """
      {"categories": ["restaurant", "park", "museum"], "top": 2, "mode": "walk",
       "start": "2026-12-01 12:00"}
      """
    let answer = try RawHTTP.post(server.port, "/v1/plan", body)
    #expect(answer.status == 200)
    #expect(answer.headers["content-type"] == "application/json")
    var request = PlanRequest(categories: ["restaurant", "park", "museum"])
    request.top = 2
    request.mode = .walk
    request.start = "2026-12-01 12:00"
    let expected = try PlanningPipeline(environment: [:]).plan(request)
    #expect(try Self.timeless(answer.body) == Self.timeless(ResponseJSON.encode(expected)))
  }

  @Test func planBodiesTakeACuisine() throws {
    let body = #"{"categories": ["restaurant"], "cuisine": "sushi", "anytime": true}"#
    let answer = try RawHTTP.post(server.port, "/v1/plan", body)
    #expect(answer.status == 200)
    let plans = try #require(answer.json?["plans"] as? [[String: Any]])
    let ids = Set(
      EmbeddedCity.helsinki.places.filter { $0.cuisines.contains("sushi") }.map(\.id))
    for plan in plans {
      let stop = (plan["stops"] as? [[String: Any]])?.first?["id"] as? String ?? ""
      #expect(ids.contains(stop))
    }
    let priced = try RawHTTP.post(server.port, "/v1/plan", #"{"categories": ["cafe"], "price": 1}"#)
    #expect(priced.status == 400 && priced.exitCode == 64)
  }

  @Test func solveAnswersAsThePipeline() throws {
    let instance = """
      {"version": 1, "origin": {"lat": 60.1699, "lon": 24.9384}, "categories": ["a", "b"],
       "places": [{"id": "a1", "categories": ["a"], "lat": 60.17, "lon": 24.94, "score": 4},
                  {"id": "a2", "categories": ["a"], "lat": 60.18, "lon": 24.95, "score": 5},
                  {"id": "b1", "categories": ["b"], "lat": 60.171, "lon": 24.941, "score": 3}]}
      """
    let answer = try RawHTTP.post(
      server.port, "/v1/solve", #"{"instance": \#(instance), "top": 2}"#)
    #expect(answer.status == 200)
    let object = try JSONRequest.parse(
      Data(#"{"instance": \#(instance), "top": 2}"#.utf8), source: "t")
    let expected = try PlanningPipeline(environment: [:]).solve(
      JSONRequest.solve(object, source: "t"))
    #expect(try Self.timeless(answer.body) == Self.timeless(ResponseJSON.encode(expected)))
    #expect(try Self.timeless(answer.body).plans.count == 2)
  }

  struct BadBody: Sendable, CustomStringConvertible {
    var path: String
    var body: String
    var exitCode: Int
    var mentions: String
    var description: String { "\(path) \(body)" }
  }

  static let badBodies = [
    BadBody(path: "/v1/plan", body: "{bad", exitCode: 65, mentions: "malformed JSON"),
    BadBody(path: "/v1/plan", body: "", exitCode: 65, mentions: "malformed JSON"),
    BadBody(path: "/v1/plan", body: "[1, 2]", exitCode: 65, mentions: "JSON object"),
    BadBody(
      path: "/v1/plan", body: #"{"categories": "park"}"#, exitCode: 64, mentions: "categories"),
    BadBody(
      path: "/v1/plan", body: #"{"categories": ["park"], "top": "3"}"#, exitCode: 64,
      mentions: "top"),
    BadBody(
      path: "/v1/plan", body: #"{"categories": ["park"], "tpo": 3}"#, exitCode: 64, mentions: "top"),
    BadBody(path: "/v1/plan", body: #"{"top": 3}"#, exitCode: 64, mentions: "categories"),
    BadBody(path: "/v1/plan", body: #"{"categories": ["parkk"]}"#, exitCode: 64, mentions: "park"),
    BadBody(
      path: "/v1/plan", body: #"{"categories": ["park"], "at": {"lat": 95, "lon": 0}}"#,
      exitCode: 64, mentions: "lat"),
    BadBody(path: "/v1/solve", body: #"{"top": 3}"#, exitCode: 64, mentions: "instance"),
    BadBody(
      path: "/v1/explore",
      body: #"{"categories": ["museum"], "start": "2026-12-01T10:00", "pace": "slow"}"#,
      exitCode: 64, mentions: "pace"),
    BadBody(
      path: "/v1/explore",
      body: #"{"start": "2026-12-01T10:00", "end": "12:00", "top": 3}"#, exitCode: 64,
      mentions: "top"),
    BadBody(path: "/v1/solve", body: #"{"instance": 7}"#, exitCode: 65, mentions: "instance"),
    BadBody(
      path: "/v1/solve", body: #"{"instance": {"version": 1}, "top": true}"#, exitCode: 64,
      mentions: "top"),
  ]

  @Test(arguments: badBodies) func badBodiesAreAnswered400(_ bad: BadBody) throws {
    let answer = try RawHTTP.post(server.port, bad.path, bad.body)
    #expect(answer.status == 400)
    #expect(answer.exitCode == bad.exitCode)
    let message = (answer.json?["error"] as? [String: Any])?["message"] as? String ?? ""
    #expect(message.contains(bad.mentions), "\(message)")
  }

  @Test func unknownPathsAre404AndWrongVerbs405() throws {
    let missing = try RawHTTP.request(server.port, "GET", "/v2/plan")
    #expect(missing.status == 404)
    #expect(missing.exitCode == 64)
    let wrong = try RawHTTP.request(server.port, "GET", "/v1/plan")
    #expect(wrong.status == 405)
    #expect(wrong.headers["allow"] == "POST")
    let delete = try RawHTTP.request(server.port, "DELETE", "/healthz")
    #expect(delete.status == 405)
  }

  /// No feasible plan is the request's doing, not the server's: `422`
  /// with the code `NoPlan` and the command line's exit code, 1.
  @Test(arguments: [
    #"{"categories": ["park"], "at": {"lat": 60.1699, "lon": 24.9384}, "radius": 0.001}"#,
    #"{"categories": ["museum"], "start": "2026-12-01 23:00", "end": "23:30"}"#,
  ])
  func noPlanIs422WithTheCodeNoPlan(_ body: String) throws {
    let answer = try RawHTTP.post(server.port, "/v1/plan", body)
    #expect(answer.status == 422)
    let error = try #require(answer.json?["error"] as? [String: Any])
    #expect(error["code"] as? String == "NoPlan")
    #expect(error["exitCode"] as? Int == 1)
    #expect((error["message"] as? String)?.hasPrefix("no ") == true)
  }

  struct Failing: Sendable, CustomStringConvertible {
    var method: String
    var path: String
    var body: String?
    var status: Int
    var code: String
    var description: String { "\(method) \(path)" }
  }

  static let failing = [
    Failing(method: "POST", path: "/v1/plan", body: "{bad", status: 400, code: "InvalidQuery"),
    Failing(method: "GET", path: "/v1/search?radius=-1", status: 400, code: "InvalidQuery"),
    Failing(method: "GET", path: "/v2/plan", status: 404, code: "NotFound"),
    Failing(method: "GET", path: "/v1/plans/nothing", status: 404, code: "NotFound"),
    Failing(method: "GET", path: "/v1/plan", status: 405, code: "MethodNotAllowed"),
  ]

  /// Every error has a machine-readable `code` besides its exit code and
  /// message, and nothing else.
  @Test(arguments: failing) func everyErrorHasACode(_ failing: Failing) throws {
    let answer = try RawHTTP.request(
      server.port, failing.method, failing.path, body: failing.body.map { Data($0.utf8) })
    #expect(answer.status == failing.status)
    let error = try #require(answer.json?["error"] as? [String: Any])
    #expect(error["code"] as? String == failing.code)
    #expect(Set(error.keys) == ["code", "exitCode", "message"])
  }

  @Test func theTokenBusyAndSizeErrorsHaveCodes() throws {
    let guarded = try TestServer {
      $0.token = "secret"; $0.limits.maxBodyBytes = 64
    }
    let refused = try RawHTTP.request(guarded.port, "PUT", "/v1/likes/x", body: Data("{}".utf8))
    #expect(refused.status == 401)
    #expect((refused.json?["error"] as? [String: Any])?["code"] as? String == "Unauthorized")
    #expect(refused.headers["access-control-allow-origin"] == "*")
    let large = try RawHTTP.post(guarded.port, "/v1/plan", String(repeating: " ", count: 100))
    #expect(large.status == 413)
    #expect((large.json?["error"] as? [String: Any])?["code"] as? String == "PayloadTooLarge")
    #expect(large.headers["access-control-allow-origin"] == "*")
  }

  /// A page of another origin may call the API: every answer, error or
  /// not, carries the CORS headers.
  @Test(arguments: [
    ("GET", "/healthz"), ("GET", "/"), ("POST", "/v1/plan"), ("GET", "/nowhere"),
    ("DELETE", "/v1/likes/none"), ("GET", "/v1/plan"),
  ])
  func everyAnswerAllowsAnyOrigin(_ method: String, _ path: String) throws {
    let answer = try RawHTTP.request(
      server.port, method, path, body: method == "POST" ? Data("{}".utf8) : nil,
      headers: ["Origin": "http://elsewhere.example"])
    #expect(answer.headers["access-control-allow-origin"] == "*")
    let methods = answer.headers["access-control-allow-methods"] ?? ""
    #expect(["GET", "POST", "PUT", "DELETE", "OPTIONS"].allSatisfy { methods.contains($0) })
    #expect(answer.headers["access-control-allow-headers"]?.contains("Authorization") == true)
  }

  /// A CORS preflight is answered `204`, without the token, with what
  /// the path takes.
  @Test func preflightIsAnswered204() throws {
    let guarded = try TestServer { $0.token = "secret" }
    let answer = try RawHTTP.request(
      guarded.port, "OPTIONS", "/v1/likes/node/1",
      headers: [
        "Origin": "http://elsewhere.example", "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "content-type, authorization",
      ])
    #expect(answer.status == 204)
    #expect(answer.headers["allow"] == "PUT, DELETE, OPTIONS")
    #expect(answer.headers["access-control-allow-origin"] == "*")
    #expect(answer.headers["access-control-allow-methods"]?.contains("PUT") == true)
    #expect(answer.body.isEmpty)
    #expect(try RawHTTP.request(guarded.port, "OPTIONS", "/nowhere").status == 404)
  }

  /// A place id holds a `/`: sent raw or as `%2F`, it names the same place.
  @Test func placeIdsWithASlashWorkRawOrEscaped() throws {
    let place = #"{"name": "Zetor", "lat": 60.1, "lon": 24.9}"#
    let raw = try RawHTTP.request(server.port, "PUT", "/v1/likes/node/1", body: Data(place.utf8))
    #expect(raw.status == 201)
    let again = try RawHTTP.request(
      server.port, "PUT", "/v1/likes/node%2F1", body: Data(place.utf8))
    #expect(again.status == 200)
    let likes = try RawHTTP.request(server.port, "GET", "/v1/likes")
    let kept = try #require(likes.json?["likes"] as? [[String: Any]])
    #expect(kept.compactMap { $0["placeId"] as? String } == ["node/1"])
    #expect((kept.first?["place"] as? [String: Any])?["id"] as? String == "node/1")
    #expect(try RawHTTP.request(server.port, "PUT", "/v1/collections/c").status == 201)
    let added = try RawHTTP.request(
      server.port, "PUT", "/v1/collections/c/places/way/2", body: Data(place.utf8))
    #expect(added.status == 201)
    #expect(added.json?["added"] as? String == "way/2")
    #expect(
      try RawHTTP.request(server.port, "DELETE", "/v1/collections/c/places/way%2F2").status == 204)
    #expect(try RawHTTP.request(server.port, "DELETE", "/v1/likes/node/1").status == 204)
    #expect(try RawHTTP.request(server.port, "DELETE", "/v1/likes/node/1").status == 404)
  }

  @Test func metricsCountRequestsErrorsAndLatency() throws {
    _ = try RawHTTP.post(server.port, "/v1/plan", #"{"categories": ["park"]}"#)
    _ = try RawHTTP.post(server.port, "/v1/plan", "{bad")
    let text = String(
      decoding: try RawHTTP.request(server.port, "GET", "/metrics").body, as: UTF8.self)
    #expect(text.contains(#"itinerary_http_requests_total{endpoint="/v1/plan",code="200"} 1"#))
    #expect(text.contains(#"itinerary_http_requests_total{endpoint="/v1/plan",code="400"} 1"#))
    #expect(text.contains(#"itinerary_http_errors_total{endpoint="/v1/plan"} 1"#))
    #expect(text.contains(#"itinerary_http_request_duration_seconds_count{endpoint="/v1/plan"} 2"#))
    #expect(
      text.contains(
        #"itinerary_http_request_duration_seconds_bucket{endpoint="/v1/plan",le="+Inf"} 2"#))
    #expect(text.contains("# TYPE itinerary_http_request_duration_seconds histogram"))
  }

  @Test func pageAndItsLicenceAreServed() throws {
    let page = try RawHTTP.request(server.port, "GET", "/")
    #expect(page.status == 200)
    #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
    let html = String(decoding: page.body, as: UTF8.self)
    #expect(html.contains("L.map(") && html.contains("leaflet-container"))
    #expect(!html.contains("/*PAGE_JS*/") && !html.contains("sourceMappingURL=leaflet"))
    let licence = try RawHTTP.request(server.port, "GET", "/leaflet-licence.txt")
    #expect(String(decoding: licence.body, as: UTF8.self).contains("BSD-2-clause"))
  }

  @Test func placesAreCompletedSearchedAndFound() throws {
    let complete = try RawHTTP.request(server.port, "GET", "/v1/complete?q=kais&limit=3")
    let completions = try #require(complete.json?["completions"] as? [[String: Any]])
    #expect(completions.contains { ($0["text"] as? String)?.hasPrefix("Kaisaniem") == true })
    let categories = try RawHTTP.request(server.port, "GET", "/v1/complete?q=pa")
    #expect(
      (categories.json?["completions"] as? [[String: Any]])?.first?["kind"] as? String == "category"
    )
    let search = try RawHTTP.request(
      server.port, "GET",
      "/v1/search?lat=60.1699&lon=24.9384&radius=0.5&categories=museum&sort=distance")
    let places = try #require(search.json?["results"] as? [[String: Any]])
    #expect(!places.isEmpty)
    let distances = places.compactMap { $0["distanceKm"] as? Double }
    #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 0.5 })
    let nearest = try RawHTTP.request(
      server.port, "GET", "/v1/nearest?lat=60.1699&lon=24.9384&category=park")
    #expect((nearest.json?["place"] as? [String: Any])?["categories"] as? [String] != nil)
    let bad = try RawHTTP.request(server.port, "GET", "/v1/search?lat=abc&lon=1")
    #expect(bad.status == 400)
    let sushi = try RawHTTP.request(server.port, "GET", "/v1/search?radius=3&cuisine=sushi")
    let served = try #require(sushi.json?["results"] as? [[String: Any]])
    let ids = Set(
      EmbeddedCity.helsinki.places.filter { $0.cuisines.contains("sushi") }.map(\.id))
    #expect(!served.isEmpty && served.allSatisfy { ids.contains($0["id"] as? String ?? "") })
    for query in ["price=2", "cuisine=%20"] {
      #expect(try RawHTTP.request(server.port, "GET", "/v1/search?\(query)").status == 400)
    }
    let noQuery = try RawHTTP.request(server.port, "GET", "/v1/complete")
    #expect(noQuery.status == 400)
  }
}

extension APITests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test func exploreAnswersAsThePipeline() throws {
      let server = try TestServer()
      let body = #"{"categories": ["museum"], "start": "2026-12-01T10:00", "end": "14:00"}"#
      let answer = try RawHTTP.post(server.port, "/v1/explore", body)
      #expect(answer.status == 200)
      let expected = try PlanningPipeline(environment: [:]).explore(
        JSONRequest.plan(JSONRequest.parse(Data(body.utf8), source: "t"), source: "t"))
      #expect(
        try APITests.timeless(answer.body) == APITests.timeless(ResponseJSON.encode(expected)))
      #expect(expected.days?.first?.stops.isEmpty == false)
    }
  }
}
