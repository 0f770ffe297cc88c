import Foundation
import Testing

@testable import ItineraryServer

/// Requests the server refuses before any route sees them, answered in the
/// API's JSON error shape.
@Suite struct RequestHygieneTests {
  /// Sends `raw` as it is and reads the whole answer.
  func send(_ raw: String, to port: UInt16) throws -> RawHTTP.Answer {
    let socket = try RawHTTP.connect(port)
    defer { close(socket) }
    RawHTTP.write(socket, Data(raw.utf8))
    return try RawHTTP.parse(RawHTTP.readAll(socket))
  }

  @Test func anHTTP11RequestWithoutHostIs400() throws {
    let server = try TestServer()
    let answer = try send("GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n", to: server.port)
    #expect(answer.status == 400)
    #expect(answer.exitCode == 64)
    #expect(String(decoding: answer.body, as: UTF8.self).contains("Host"))
    // HTTP/1.0 has no Host requirement, and with Host all is well.
    #expect(try send("GET /healthz HTTP/1.0\r\n\r\n", to: server.port).status == 200)
    let hosted = try send(
      "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", to: server.port)
    #expect(hosted.status == 200)
  }

  /// `GET /healthz` with `target` as its request target and `headers`
  /// (each a whole line without its line end) after Host.
  func head(_ target: String = "/healthz", headers: [String] = []) -> String {
    "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
      + headers.map { $0 + "\r\n" }.joined() + "\r\n"
  }

  /// The JSON error of `answer`: its status, `code` and exit code 64, with
  /// the CORS header every answer has.
  func expectJSONError(_ answer: RawHTTP.Answer, _ status: Int, _ code: String) {
    #expect(answer.status == status)
    #expect(answer.headers["content-type"] == "application/json")
    #expect(answer.headers["access-control-allow-origin"] == "*")
    let error = answer.json?["error"] as? [String: Any]
    #expect(error?["code"] as? String == code, "\(String(decoding: answer.body, as: UTF8.self))")
    #expect(answer.exitCode == 64)
  }

  /// A request target or header section over the server's limits is
  /// refused in the API's JSON, not in libmicrohttpd's HTML: the server's
  /// limits lie below what libmicrohttpd holds, so its answer comes first
  /// for every head up to the connection's memory.
  @Test func anOversizedHeadIsRefusedInJSON() throws {
    let server = try TestServer()
    let limits = HTTPLimits()
    let path = "/" + String(repeating: "a", count: limits.maxTargetBytes)
    expectJSONError(try send(head(path), to: server.port), 414, "URITooLong")
    let far = "/" + String(repeating: "a", count: 60 * 1024)
    expectJSONError(try send(head(far), to: server.port), 414, "URITooLong")
    let arguments = (0...limits.maxHeaderCount).map { "a\($0)=b" }.joined(separator: "&")
    expectJSONError(try send(head("/healthz?" + arguments), to: server.port), 414, "URITooLong")

    let big = "X-Big: " + String(repeating: "b", count: limits.maxHeaderBytes)
    expectJSONError(try send(head(headers: [big]), to: server.port), 431, "HeaderFieldsTooLarge")
    let bigger = "X-Big: " + String(repeating: "b", count: 60 * 1024)
    expectJSONError(
      try send(head(headers: [bigger]), to: server.port), 431, "HeaderFieldsTooLarge")
    let many = (0..<limits.maxHeaderCount).map { "X-\($0): 1" }
    expectJSONError(try send(head(headers: many), to: server.port), 431, "HeaderFieldsTooLarge")
    let lots = (0..<800).map { "X-\($0): 1" }
    expectJSONError(try send(head(headers: lots), to: server.port), 431, "HeaderFieldsTooLarge")

    // Up to the limits, all is well.
    let longest = "/healthz?a=" + String(repeating: "a", count: limits.maxTargetBytes - 20)
    #expect(try send(head(longest), to: server.port).status == 200)
    let fewer = (0..<(limits.maxHeaderCount - 3)).map { "X-\($0): 1" }
    #expect(try send(head(headers: fewer), to: server.port).status == 200)
    let large = "X-Big: " + String(repeating: "b", count: limits.maxHeaderBytes - 100)
    #expect(try send(head(headers: [large]), to: server.port).status == 200)
  }

  @Test func anEmptyTokenIsRefusedNotIgnored() throws {
    for blank in ["", "  "] {
      #expect(throws: (any Error).self) {
        try ServerConfiguration.validateToken(in: ["ITINERARY_SERVE_TOKEN": blank])
      }
    }
    try ServerConfiguration.validateToken(in: [:])
    try ServerConfiguration.validateToken(in: ["ITINERARY_SERVE_TOKEN": "s3cret"])
  }
}
