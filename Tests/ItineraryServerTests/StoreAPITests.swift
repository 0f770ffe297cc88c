import Foundation
import Testing

/// Saved plans, likes, collections and history over HTTP: the verbs, the
/// status codes, and what is kept.
@Suite struct StoreAPITests {
  let server: TestServer

  init() throws { server = try TestServer { $0.recordsHistory = true } }

  func put(_ path: String, _ json: String) throws -> RawHTTP.Answer {
    try RawHTTP.request(server.port, "PUT", path, body: Data(json.utf8))
  }

  @Test func plansAreSavedReplacedListedAndDeleted() throws {
    let first = try put("/v1/plans/Sunday%20walk", #"{"plan": {"rank": 1}, "summary": "parks"}"#)
    #expect(first.status == 201)
    let again = try put("/v1/plans/Sunday%20walk", #"{"plan": {"rank": 2}}"#)
    #expect(again.status == 200)
    let one = try RawHTTP.request(server.port, "GET", "/v1/plans/sunday%20walk")
    #expect(one.status == 200)
    #expect((one.json?["plan"] as? [String: Any])?["rank"] as? Int == 2)
    let list = try RawHTTP.request(server.port, "GET", "/v1/plans")
    #expect(
      (list.json?["plans"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Sunday walk"])
    #expect(try RawHTTP.request(server.port, "DELETE", "/v1/plans/Sunday%20walk").status == 204)
    let gone = try RawHTTP.request(server.port, "GET", "/v1/plans/Sunday%20walk")
    #expect(gone.status == 404)
    #expect(gone.exitCode == 65)
    #expect(try RawHTTP.request(server.port, "DELETE", "/v1/plans/Sunday%20walk").status == 404)
  }

  @Test func badPlanBodiesAre400() throws {
    #expect(try put("/v1/plans/x", "{").status == 400)
    #expect(try put("/v1/plans/x", #"{"plan": 3}"#).status == 400)
    #expect(try put("/v1/plans/x", #"{"plan": {}, "summary": 4}"#).status == 400)
    #expect(try put("/v1/plans/x", #"{"plan": {}, "extra": 1}"#).status == 400)
  }

  @Test func placesAreLikedAndUnliked() throws {
    let stop = #"{"id": "node/1", "name": "Zetor", "lat": 60.1, "lon": 24.9}"#
    #expect(try put("/v1/likes/node%2F1", stop).status == 201)
    #expect(try put("/v1/likes/node1", stop).status == 201)
    #expect(try put("/v1/likes/node1", stop).status == 200)
    let likes = try RawHTTP.request(server.port, "GET", "/v1/likes")
    let kept = try #require(likes.json?["likes"] as? [[String: Any]])
    #expect(kept.count == 2)
    #expect((kept.first?["place"] as? [String: Any])?["name"] as? String == "Zetor")
    #expect(try put("/v1/likes/x", #"{"id": "x"}"#).status == 400)
    #expect(try put("/v1/likes/x", #"{"name": "X", "lat": 60.1}"#).status == 400)
    #expect(try put("/v1/likes/x", #"{"name": "X", "lat": 91, "lon": 0}"#).status == 400)
    #expect(try RawHTTP.request(server.port, "DELETE", "/v1/likes/node1").status == 204)
    #expect(try RawHTTP.request(server.port, "DELETE", "/v1/likes/node1").status == 404)
  }

  @Test func collectionsHoldPlaces() throws {
    #expect(try put("/v1/collections/Parks", "").status == 201)
    #expect(try put("/v1/collections/Parks", "").status == 200)
    let park = #"{"name": "Esplanadi", "lat": 60.1677, "lon": 24.9467}"#
    #expect(try put("/v1/collections/Parks/places/way1", park).status == 201)
    #expect(try put("/v1/collections/Nope/places/way1", park).status == 404)
    let one = try RawHTTP.request(server.port, "GET", "/v1/collections/Parks")
    #expect((one.json?["places"] as? [[String: Any]])?.first?["placeId"] as? String == "way1")
    let all = try RawHTTP.request(server.port, "GET", "/v1/collections")
    #expect((all.json?["collections"] as? [[String: Any]])?.first?["count"] as? Int == 1)
    #expect(
      try RawHTTP.request(server.port, "DELETE", "/v1/collections/Parks/places/way1").status == 204)
    #expect(try RawHTTP.request(server.port, "DELETE", "/v1/collections/Parks").status == 204)
    #expect(try RawHTTP.request(server.port, "GET", "/v1/collections/Parks").status == 404)
  }

  @Test func plansAnsweredAreKeptInTheHistory() throws {
    #expect(
      try RawHTTP.post(server.port, "/v1/plan", #"{"categories": ["park", "museum"]}"#).status
        == 200)
    let history = try RawHTTP.request(server.port, "GET", "/v1/history?limit=5")
    let entries = try #require(history.json?["history"] as? [[String: Any]])
    #expect(entries.first?["summary"] as? String == "park > museum")
    let id = try #require(entries.first?["id"] as? Int)
    let entry = try RawHTTP.request(server.port, "GET", "/v1/history/\(id)")
    #expect(((entry.json?["answer"] as? [String: Any])?["plans"] as? [Any])?.isEmpty == false)
    #expect(try RawHTTP.request(server.port, "GET", "/v1/history/abc").status == 400)
    #expect(try RawHTTP.request(server.port, "DELETE", "/v1/history/\(id)").status == 204)
    #expect(try RawHTTP.request(server.port, "GET", "/v1/history/\(id)").status == 404)
    // Clearing answers 204 with no body, as every other DELETE does.
    let cleared = try RawHTTP.request(server.port, "DELETE", "/v1/history")
    #expect(cleared.status == 204)
    #expect(cleared.body.isEmpty)
  }
}
