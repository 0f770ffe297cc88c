import Foundation
import ItineraryCore
import Testing

@testable import ItineraryServer

/// What the server refuses, and how: too large, unauthorized, full, slow.
@Suite struct LimitTests {
  @Test func bodiesOverTheCapAre413() throws {
    let server = try TestServer { $0.limits.maxBodyBytes = 1000 }
    let big = #"{"categories": ["park"], "near": ""# + String(repeating: "x", count: 5000) + #""}"#
    let answer = try RawHTTP.post(server.port, "/v1/plan", big)
    #expect(answer.status == 413)
    #expect(answer.exitCode == 65)
    let small = try RawHTTP.post(server.port, "/v1/plan", #"{"categories": ["park"]}"#)
    #expect(small.status == 200)
  }

  @Test func chunkedBodiesOverTheCapAre413() throws {
    let server = try TestServer { $0.limits.maxBodyBytes = 1000 }
    let socket = try RawHTTP.connect(server.port)
    defer { close(socket) }
    let chunk = String(repeating: "x", count: 800)
    let head =
      "POST /v1/plan HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
    let chunked = "320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n"
    RawHTTP.write(socket, Data((head + chunked).utf8))
    #expect(try RawHTTP.parse(RawHTTP.readAll(socket)).status == 413)
  }

  @Test func writesNeedTheTokenWhenThereIsOne() throws {
    let server = try TestServer { $0.token = "s3cret-token" }
    let body = #"{"categories": ["park"]}"#
    let none = try RawHTTP.post(server.port, "/v1/plan", body)
    #expect(none.status == 401)
    #expect(none.headers["www-authenticate"] == "Bearer")
    #expect(!String(decoding: none.body, as: UTF8.self).contains("s3cret"))
    let wrong = try RawHTTP.post(
      server.port, "/v1/plan", body, headers: ["Authorization": "Bearer s3cret-tokem"])
    #expect(wrong.status == 401)
    let right = try RawHTTP.post(
      server.port, "/v1/plan", body, headers: ["Authorization": "Bearer s3cret-token"])
    #expect(right.status == 200)
    let delete = try RawHTTP.request(server.port, "DELETE", "/v1/plans/x")
    #expect(delete.status == 401)
    let read = try RawHTTP.request(server.port, "GET", "/v1/plans")
    #expect(read.status == 200)
  }

  @Test func tokensAreComparedWhole() {
    #expect(BearerToken.accepts("Bearer abc", token: "abc"))
    #expect(BearerToken.accepts("bearer abc", token: "abc"))
    #expect(!BearerToken.accepts("Bearer abcd", token: "abc"))
    #expect(!BearerToken.accepts("Bearer ab", token: "abc"))
    #expect(!BearerToken.accepts("Basic abc", token: "abc"))
    #expect(!BearerToken.accepts(nil, token: "abc"))
    #expect(!BearerToken.accepts("Bearer ", token: "abc"))
  }

  @Test func aFullServerAnswers503WithRetryAfter() throws {
    let server = try TestServer {
      $0.maxInFlight = 1
      $0.threads = 1
    }
    let port = server.port
    let slow = Background { try RawHTTP.post(port, "/v1/solve", SlowInstance.body(seconds: 3)) }
    try Self.waitUntilInFlight(server)
    let refused = try RawHTTP.post(port, "/v1/plan", #"{"categories": ["park"]}"#)
    #expect(refused.status == 503)
    #expect(refused.exitCode == 69)
    #expect(refused.headers["retry-after"] == "1")
    let health = try RawHTTP.request(port, "GET", "/healthz")
    #expect(health.status == 200, "health is answered however full the server is")
    let finished = try slow.value()
    #expect(finished.status == 200)
    #expect(try RawHTTP.post(port, "/v1/plan", #"{"categories": ["park"]}"#).status == 200)
  }

  @Test func theDeadlineStopsASolverThatAsksForMore() throws {
    let server = try TestServer { $0.deadline = 0.3 }
    let answer = try RawHTTP.post(server.port, "/v1/solve", SlowInstance.body(seconds: 600))
    #expect(answer.status == 200)
    // Uncapped, this search runs until it is done; capped, its time limit
    // stops it before its end, and it says so.
    let solver = try #require(answer.json?["solver"] as? [String: Any])
    #expect(solver["complete"] as? Bool == false)
    let echo = (answer.json?["request"] as? [String: Any])?["solve"] as? [String: Any]
    #expect(echo?["timeLimit"] as? Double == 0.3)
  }

  @Test func aSlowClientIsTimedOutWithoutBlockingOthers() throws {
    let server = try TestServer { $0.limits.idleTimeoutSeconds = 1 }
    let slow = try RawHTTP.connect(server.port)
    defer { close(slow) }
    RawHTTP.write(
      slow, Data("POST /v1/plan HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{".utf8))
    let health = try RawHTTP.request(server.port, "GET", "/healthz")
    #expect(health.status == 200)
    // The server closes the silent connection: the read ends at the end of
    // the stream, not at the socket's 30 s receive timeout.
    let (rest, closed) = RawHTTP.readToEnd(slow)
    #expect(closed, "the server left the silent connection open")
    #expect(!String(decoding: rest, as: UTF8.self).contains("200 OK"))
  }

  @Test func aClientThatHangsUpCancelsItsSolver() throws {
    let server = try TestServer { $0.threads = 1 }
    let socket = try RawHTTP.connect(server.port)
    let body = Data(SlowInstance.body(seconds: 60).utf8)
    let head = "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n"
    RawHTTP.write(socket, Data(head.utf8) + body)
    try Self.waitUntilInFlight(server)
    close(socket)
    // With its only solver cancelled, the server plans again well before
    // the minute the abandoned request asked for.
    let next = try RawHTTP.post(server.port, "/v1/plan", #"{"categories": ["park"]}"#)
    #expect(next.status == 200)
  }

  /// Waits (a minute at most, for a loaded machine) until a request is in flight.
  static func waitUntilInFlight(_ server: TestServer) throws {
    var waited = 0
    while server.server.service.admission.current == 0 && waited < 6000 {
      usleep(10_000)
      waited += 1
    }
    try #require(server.server.service.admission.current > 0, "the slow request never started")
  }
}
