import Foundation
import ItineraryOutput
import ItineraryPlanning
import ItineraryTestSupport
import Testing

/// HTTP bodies shape plans and trips with the keys of the command line.
@Suite struct ShapedRequestTests {
  let server: TestServer

  init() throws { server = try TestServer() }

  @Test func aShapedPlanBodyAnswersAsThePipeline() throws {
    let body = """
      {"categories": ["Kiasma", "cafe"], "avoid": ["Esplanadi"], "endAt": "60.1686,24.9439",
       "start": "2026-12-01T12:00", "end": "18:00"}
      """
    let answer = try RawHTTP.post(server.port, "/v1/plan", body)
    #expect(answer.status == 200)
    let response = try ResponseJSON.decode(answer.body, source: "answer")
    let expected = try PlanningPipeline(environment: [:]).plan(
      JSONRequest.plan(JSONRequest.parse(Data(body.utf8), source: "t"), source: "t"))
    #expect(response.plans.map { $0.stops.map(\.id) } == expected.plans.map { $0.stops.map(\.id) })
    #expect(response.plans.allSatisfy { $0.stops.first?.name == "Kiasma" })
    #expect(response.plans.allSatisfy { $0.stops.last?.category == "end" })
    #expect(response.request.plan?.avoid == ["Esplanadi"])
  }

  @Test func anAmbiguousNameIs400WithTheCandidates() throws {
    let answer = try RawHTTP.post(server.port, "/v1/plan", #"{"categories": ["Helsingin"]}"#)
    #expect(answer.status == 400)
    let error = try #require(answer.json?["error"] as? [String: Any])
    #expect(error["exitCode"] as? Int == 64)
    #expect((error["message"] as? String)?.contains("way/419479428") == true)
  }

  @Test func aTripBodyTakesMustPlaces() throws {
    let plain = #"{"categories": ["park"], "start": "2026-12-02T10:00", "meals": false"#
    let answer = try RawHTTP.post(
      server.port, "/v1/explore", plain + #", "end": "15:00", "must": ["Kiasma"]}"#)
    #expect(answer.status == 200)
    let response = try ResponseJSON.decode(answer.body, source: "answer")
    #expect(response.days?.contains { $0.stops.contains { $0.name == "Kiasma" } } == true)
    #expect(response.request.explore?.must == ["Kiasma"])
    let closed = try RawHTTP.post(
      server.port, "/v1/explore", plain + #", "end": "10:20", "must": ["Kiasma"]}"#)
    #expect(closed.status != 200)
    let error = try #require(closed.json?["error"] as? [String: Any])
    #expect(error["exitCode"] as? Int == 1)
    #expect((error["message"] as? String)?.contains("Kiasma") == true)
  }
}

extension ShapedRequestTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test func aTripFromABaseAvoidsWhatItIsTold() throws {
      let server = try TestServer()
      let plain = #"{"categories": ["museum"], "start": "2026-12-01T10:00", "end": "14:00""#
      let first = try ResponseJSON.decode(
        try RawHTTP.post(server.port, "/v1/explore", plain + #", "base": "Kiasma"}"#).body,
        source: "first")
      #expect(first.roundTrip)
      let visited = try #require(first.days?.first?.stops.first?.id)
      let answer = try RawHTTP.post(
        server.port, "/v1/explore", plain + #", "base": "Kiasma", "avoid": ["\#(visited)"]}"#)
      #expect(answer.status == 200)
      let again = try ResponseJSON.decode(answer.body, source: "again")
      #expect(again.days?.allSatisfy { $0.stops.allSatisfy { $0.id != visited } } == true)
      let ends = try RawHTTP.post(server.port, "/v1/explore", plain + #", "endAt": "Kiasma"}"#)
      #expect(ends.status == 200)
      let ended = try ResponseJSON.decode(ends.body, source: "ends")
      #expect(!ended.roundTrip && ended.days?.first?.stops.last?.name == "Kiasma")
      let nowhere = try RawHTTP.post(
        server.port, "/v1/explore", plain + #", "endAt": "Kiasmaxxxx"}"#)
      #expect(
        nowhere.status == 400 && String(decoding: nowhere.body, as: UTF8.self).contains("endAt"))
    }
  }
}
