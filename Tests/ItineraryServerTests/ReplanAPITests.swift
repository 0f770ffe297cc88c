import Foundation
import ItineraryOutput
import ItineraryPlanning
import Testing

/// `POST /v1/plans/{name}/replan`: a saved plan changed at one stop, as
/// `plans replan NAME --replace N --format json` answers it; `POST
/// /v1/replan`: a plan as `POST /v1/plan` answered it, the same way.
@Suite struct ReplanAPITests {
  let server: TestServer

  init() throws { server = try TestServer() }

  /// Plans museum, cafe, park and saves the answer as `name`.
  func save(_ name: String) throws -> PlanResponse {
    let planned = try RawHTTP.post(
      server.port, "/v1/plan",
      #"{"categories": ["museum", "cafe", "park"], "anytime": true, "top": 1}"#)
    #expect(planned.status == 200)
    let plan = String(decoding: planned.body, as: UTF8.self)
    let put = try RawHTTP.request(
      server.port, "PUT", "/v1/plans/\(name)", body: Data(#"{"plan": \#(plan)}"#.utf8))
    #expect(put.status == 201)
    return try ResponseJSON.decode(planned.body, source: "planned")
  }

  @Test func aStopIsChangedAndTheOthersKept() throws {
    let old = try save("Day")
    let answer = try RawHTTP.post(server.port, "/v1/plans/day/replan", #"{"replace": 2}"#)
    #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
    let new = try ResponseJSON.decode(answer.body, source: "answer")
    let before = try #require(old.plans.first?.stops.map(\.id))
    let after = try #require(new.plans.first?.stops.map(\.id))
    #expect(after.count == 3 && after[0] == before[0] && after[2] == before[2])
    #expect(after[1] != before[1] && new.plans.first?.stops[1].category == "cafe")
    let expected = try PlanningPipeline(environment: [:]).plan(
      Replan.request(from: old, replacing: 2))
    #expect(new.plans.map { $0.stops.map(\.id) } == expected.plans.map { $0.stops.map(\.id) })
    let kept = try RawHTTP.request(server.port, "GET", "/v1/plans/Day")
    let stops = (kept.json?["plan"] as? [String: Any])?["plans"] as? [[String: Any]]
    #expect(
      (stops?.first?["stops"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == before)
  }

  @Test func anUnknownNameIs404AndABadStop400() throws {
    _ = try save("Day")
    let unknown = try RawHTTP.post(server.port, "/v1/plans/Night/replan", #"{"replace": 1}"#)
    #expect(unknown.status == 404)
    for (body, words) in [
      (#"{"replace": 4}"#, "body: replace 4: the plan's stops are 1 to 3"),
      (#"{"replace": 0}"#, "body: replace 0"), (#"{}"#, "expected \"replace\""),
      (#"{"replace": "two"}"#, "replace"), (#"{"replace": 1, "seed": 2}"#, "unknown key 'seed'"),
    ] {
      let answer = try RawHTTP.post(server.port, "/v1/plans/Day/replan", body)
      #expect(answer.status == 400, "\(body)")
      let error = answer.json?["error"] as? [String: Any]
      #expect((error?["message"] as? String)?.contains(words) == true, "\(body): \(error ?? [:])")
    }
  }

  @Test func aPlanAsAnsweredIsChangedAtOneStop() throws {
    let planned = try RawHTTP.post(
      server.port, "/v1/plan",
      #"{"categories": ["museum", "cafe", "park"], "anytime": true, "top": 2}"#)
    #expect(planned.status == 200)
    let old = try ResponseJSON.decode(planned.body, source: "planned")
    let plan = String(decoding: planned.body, as: UTF8.self)
    let answer = try RawHTTP.post(server.port, "/v1/replan", #"{"plan": \#(plan), "replace": 3}"#)
    #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
    let new = try ResponseJSON.decode(answer.body, source: "answer")
    let before = try #require(old.plans.first?.stops.map(\.id))
    let after = try #require(new.plans.first?.stops.map(\.id))
    #expect(after.count == 3 && after[0] == before[0] && after[1] == before[1])
    #expect(after[2] != before[2] && new.plans.first?.stops[2].category == "park")
    #expect(new.request.plan?.avoid == [before[2]])
    #expect(new.request.plan?.categories == [before[0], before[1], "park"])
    let expected = try PlanningPipeline(environment: [:]).plan(
      Replan.request(from: old, replacing: 3))
    #expect(new.plans.map { $0.stops.map(\.id) } == expected.plans.map { $0.stops.map(\.id) })
    let document = try #require(try RawHTTP.request(server.port, "GET", "/openapi.json").json)
    let validator = SchemaValidator(document: document)
    let schema = try #require(
      validator.responseSchema(method: "POST", path: "/v1/replan", status: 200))
    #expect(validator.problems(try #require(answer.json), against: schema).isEmpty)

    let trip = try RawHTTP.post(
      server.port, "/v1/explore",
      #"{"categories": ["museum"], "start": "2026-12-01 10:00", "end": "13:00"}"#)
    #expect(trip.status == 200)
    let tripText = String(decoding: trip.body, as: UTF8.self)
    for (body, words) in [
      (#"{"plan": \#(plan), "replace": 4}"#, "body: replace 4: the plan's stops are 1 to 3"),
      (#"{"replace": 1}"#, "body: plan: expected an object"),
      (#"{"plan": \#(plan)}"#, "expected \"replace\""),
      (#"{"plan": {"plans": []}, "replace": 1}"#, "body: plan"),
      (#"{"plan": \#(tripText), "replace": 1}"#, "only a plan can be replanned"),
      (#"{"plan": \#(plan), "replace": 1, "top": 2}"#, "unknown key 'top'"),
    ] {
      let bad = try RawHTTP.post(server.port, "/v1/replan", body)
      #expect(bad.status == 400, "\(words)")
      let error = bad.json?["error"] as? [String: Any]
      #expect((error?["message"] as? String)?.contains(words) == true, "\(words): \(error ?? [:])")
    }
  }
}
