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
