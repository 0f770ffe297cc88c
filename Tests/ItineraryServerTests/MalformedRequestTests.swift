import Foundation
import Testing

@testable import ItineraryServer

/// Requests libmicrohttpd would refuse itself, in HTML, or take against
/// the server's limits: each is refused in the API's JSON error shape with
/// its status, the connection is closed, and the server answers after.
@Suite struct MalformedRequestTests {
  /// Sends `raw` on a new connection and reads until the server closes it.
  func send(_ raw: String, to port: UInt16) throws -> RawHTTP.Answer {
    try send(Data(raw.utf8), to: port)
  }

  func send(_ raw: Data, to port: UInt16) throws -> RawHTTP.Answer {
    let socket = try RawHTTP.connect(port)
    defer { close(socket) }
    RawHTTP.write(socket, raw)
    let (data, closed) = RawHTTP.readToEnd(socket)
    #expect(closed, "the server left the connection open")
    return try RawHTTP.parse(data)
  }

  /// `answer` is a JSON refusal with `status`: an `error` object with a
  /// code and a message, the CORS header, and `Connection: close`.
  func expectRefusal(
    _ answer: RawHTTP.Answer, _ status: Int, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let body = String(decoding: answer.body, as: UTF8.self)
    #expect(answer.status == status, "\(label): \(body)", sourceLocation: sourceLocation)
    #expect(
      answer.headers["content-type"] == "application/json", "\(label)",
      sourceLocation: sourceLocation)
    #expect(answer.headers["connection"] == "close", "\(label)", sourceLocation: sourceLocation)
    #expect(
      answer.headers["access-control-allow-origin"] == "*", "\(label)",
      sourceLocation: sourceLocation)
    let error = answer.json?["error"] as? [String: Any]
    #expect(error?["code"] is String, "\(label): \(body)", sourceLocation: sourceLocation)
    #expect(error?["message"] is String, "\(label): \(body)", sourceLocation: sourceLocation)
    #expect(answer.exitCode != nil, "\(label): \(body)", sourceLocation: sourceLocation)
  }

  func expectHealthy(_ port: UInt16, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let health = try RawHTTP.request(port, "GET", "/healthz")
    #expect(health.status == 200, "the server no longer answers", sourceLocation: sourceLocation)
  }

  /// A head with `Host` and `Connection: close` after `requestLine`, then
  /// `lines`, each a whole line without its line end.
  func head(_ requestLine: String = "GET /healthz HTTP/1.1", lines: [String] = []) -> String {
    ([requestLine, "Host: 127.0.0.1", "Connection: close"] + lines).map { $0 + "\r\n" }.joined()
      + "\r\n"
  }

  @Test(arguments: [
    "GARBAGE\r\n\r\n",
    "GET\r\n\r\n",
    "GET /healthz\r\n\r\n",
    "GET  /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /healthz HTTP/1.1 more\r\nHost: x\r\n\r\n",
    "G(T /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /heal\u{01}thz HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /healthz HTTPS/1.1\r\nHost: x\r\n\r\n",
    "GET /healthz HTTP/1.1\r\nHost: x\r\nX-No-Colon\r\n\r\n",
    "GET /healthz HTTP/1.1\r\nHost: x\r\nX Bad: 1\r\n\r\n",
    "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n folded\r\n\r\n",
    "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u{01}b\r\n\r\n",
    "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u{00}b\r\n\r\n",
    "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n",
    "GET /healthz HTTP/1.1\r\nHost: x\r\n: empty name\r\n\r\n",
    "POST /v1/plan HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
    "POST /v1/plan HTTP/1.1\r\nHost: x\r\nContent-Length: 2 \r\n\r\n{}",
    "POST /v1/plan HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    "POST /v1/plan HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
    "POST /v1/plan HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n",
  ])
  func linesThatAreNotHTTPAre400(_ raw: String) throws {
    let server = try TestServer()
    expectRefusal(try send(raw, to: server.port), 400, raw.debugDescription)
    try expectHealthy(server.port)
  }

  @Test(arguments: ["HTTP/2.0", "HTTP/1.7", "HTTP/1.2", "HTTP/0.9", "HTTP/3.0"])
  func otherVersionsAre505(_ version: String) throws {
    let server = try TestServer()
    let answer = try send("GET /healthz \(version)\r\nHost: 127.0.0.1\r\n\r\n", to: server.port)
    expectRefusal(answer, 505, version)
    let message = (answer.json?["error"] as? [String: Any])?["message"] as? String
    #expect(message?.contains(version) == true)
    try expectHealthy(server.port)
  }

  @Test func oversizedHeadsAre414Or431() throws {
    let server = try TestServer()
    let port = server.port
    let hundredKB = "/" + String(repeating: "a", count: 100 * 1024)
    expectRefusal(try send(head("GET \(hundredKB) HTTP/1.1"), to: port), 414, "100 KB target")
    let query = "/healthz?" + (0..<5000).map { "a\($0)=1" }.joined(separator: "&")
    expectRefusal(try send(head("GET \(query) HTTP/1.1"), to: port), 414, "5000 arguments")
    let kilobyte = String(repeating: "h", count: 1024)
    let twoHundred = (0..<200).map { "X-\($0): \(kilobyte)" }
    expectRefusal(try send(head(lines: twoHundred), to: port), 431, "200 headers of 1 KB")
    let megabyte = "X-Big: " + String(repeating: "b", count: 1 << 20)
    expectRefusal(try send(head(lines: [megabyte]), to: port), 431, "a 1 MB header")
    let tiny = (0..<2000).map { "X-\($0): 1" }
    expectRefusal(try send(head(lines: tiny), to: port), 431, "2000 short headers")
    let cookies = "Cookie: " + (0..<300).map { "c\($0)=1" }.joined(separator: "; ")
    expectRefusal(try send(head(lines: [cookies]), to: port), 431, "300 cookies")
    try expectHealthy(port)
  }

  /// A head of `lines`, which never ends, sent slowly in pieces: refused
  /// as soon as it is over the limits, not when it ends.
  @Test func aHeadOverTheLimitsIsRefusedBeforeItEnds() throws {
    let server = try TestServer()
    let socket = try RawHTTP.connect(server.port)
    defer { close(socket) }
    RawHTTP.write(socket, Data("GET /healthz HTTP/1.1\r\nHost: x\r\n".utf8))
    let line = Data(("X-Pad: " + String(repeating: "p", count: 1000) + "\r\n").utf8)
    var refused = false
    for _ in 0..<40 where !refused {
      RawHTTP.write(socket, line)
      var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      refused = poll(&entry, 1, 100) == 1
    }
    #expect(refused, "no answer to an unfinished 40 KB head")
    expectRefusal(try RawHTTP.parse(RawHTTP.readAll(socket)), 431, "an unfinished head")
    try expectHealthy(server.port)
  }

  /// Good requests on one kept-alive connection, sent together: a `GET`,
  /// a body by length, a chunked body and a path with an escaped `/`,
  /// each answered in turn, and the connection kept until the last asks
  /// to close it.
  @Test func goodRequestsOnAKeptAliveConnectionAreAllAnswered() throws {
    let server = try TestServer()
    let plan = #"{"categories": ["park"]}"#
    let place = #"{"name": "Zetor", "lat": 60.1, "lon": 24.9}"#
    let raw =
      "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
      + "POST /v1/plan HTTP/1.1\r\nHost: x\r\nContent-Length: \(plan.utf8.count)\r\n\r\n\(plan)"
      + "POST /v1/plan HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "5;x=y\r\n\(plan.prefix(5))\r\n\(String(plan.utf8.count - 5, radix: 16))\r\n"
      + "\(plan.dropFirst(5))\r\n0\r\n\r\n"
      + "PUT /v1/likes/node%2F1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
      + "Content-Length: \(place.utf8.count)\r\n\r\n\(place)"
    let socket = try RawHTTP.connect(server.port)
    defer { close(socket) }
    RawHTTP.write(socket, Data(raw.utf8))
    let (data, closed) = RawHTTP.readToEnd(socket)
    #expect(closed)
    let statuses = String(decoding: data, as: UTF8.self).components(separatedBy: "HTTP/1.1 ")
      .dropFirst().map { $0.prefix(3) }
    #expect(statuses == ["200", "200", "200", "201"], "\(statuses)")
  }

  @Test func bodiesDeclaredTooLargeAre413() throws {
    let server = try TestServer { $0.limits.maxBodyBytes = 1000 }
    let port = server.port
    for length in ["1001", "99999999999999999999999999"] {
      let raw = head("POST /v1/plan HTTP/1.1", lines: ["Content-Length: \(length)"]) + "{}"
      expectRefusal(try send(raw, to: port), 413, "Content-Length \(length)")
    }
    let chunked = head("POST /v1/plan HTTP/1.1", lines: ["Transfer-Encoding: chunked"])
    for size in ["3e9", "ffffffffffffffffffffffff"] {
      expectRefusal(try send(chunked + "\(size)\r\n{}", to: port), 413, "chunk size \(size)")
    }
    try expectHealthy(port)
  }

  @Test(arguments: [
    "zz\r\n{}\r\n0\r\n\r\n",
    "\r\n{}\r\n0\r\n\r\n",
    "2 \r\n{}\r\n0\r\n\r\n",
    "-2\r\n{}\r\n0\r\n\r\n",
    "2\r\n{}xx\r\n0\r\n\r\n",
    "2\r\n{}\r\n0\r\nno colon\r\n\r\n",
    "2;ext=\u{01}\r\n{}\r\n0\r\n\r\n",
  ])
  func malformedChunksAre400(_ chunks: String) throws {
    let server = try TestServer()
    let raw = head("POST /v1/plan HTTP/1.1", lines: ["Transfer-Encoding: chunked"]) + chunks
    expectRefusal(try send(raw, to: server.port), 400, chunks.debugDescription)
    try expectHealthy(server.port)
  }

  /// A good request, then a malformed one on the same connection, sent
  /// together or after the first answer: the first is answered, the
  /// second refused in JSON, and the connection closed.
  @Test(arguments: [true, false])
  func aMalformedRequestAfterAGoodOneIsRefused(pipelined: Bool) throws {
    let server = try TestServer()
    let good =
      "POST /v1/plan HTTP/1.1\r\nHost: x\r\nContent-Length: 24\r\n\r\n"
      + #"{"categories": ["park"]}"#
    for bad in [
      "GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n", "GET /healthz HTTP/1.1\r\nHost\r\n\r\n",
    ] {
      let socket = try RawHTTP.connect(server.port)
      defer { close(socket) }
      RawHTTP.write(socket, Data((good + (pipelined ? bad : "")).utf8))
      var data = Data()
      if !pipelined {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(socket, &buffer, buffer.count, 0)
        try #require(count > 0, "no answer to the good request")
        data.append(contentsOf: buffer[0..<count])
        usleep(100_000)
        RawHTTP.write(socket, Data(bad.utf8))
      }
      let (rest, closed) = RawHTTP.readToEnd(socket)
      #expect(closed, "the server left the connection open")
      let text = String(decoding: data + rest, as: UTF8.self)
      #expect(text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(200))")
      #expect(!text.contains("<html"), "\(text)")
      let second = try #require(text.dropFirst().range(of: "HTTP/1.1 "), "\(text)")
      let answer = try RawHTTP.parse(Data(text[second.lowerBound...].utf8))
      expectRefusal(answer, bad.contains("2.0") ? 505 : 400, bad.debugDescription)
    }
    try expectHealthy(server.port)
  }

  /// The largest heads the limits take, all at once (a full target and
  /// query, header lines full in number or in bytes, cookies), with a
  /// chunked body: answered, not refused by libmicrohttpd for its
  /// connection memory.
  @Test(arguments: [false, true])
  func aHeadAtEveryLimitIsServed(longCookies: Bool) throws {
    let limits = HTTPLimits()
    let server = try TestServer()
    let arguments = (0..<(limits.maxHeaderCount - 1)).map { "a\($0)=1" }.joined(separator: "&")
    let target =
      "/healthz?" + arguments + "&z="
      + String(repeating: "z", count: limits.maxTargetBytes - arguments.utf8.count - 12)
    // Host, Connection and Transfer-Encoding, with their line ends.
    let fixed = 17 + 19 + 28
    let value = longCookies ? (limits.maxHeaderBytes - fixed) / limits.maxHeaderCount - 8 : 1
    let cookies =
      "Cookie: "
      + (0..<(limits.maxHeaderCount - 1)).map { "c\($0)=" + String(repeating: "v", count: value) }
      .joined(separator: ";")
    var lines = [cookies, "Transfer-Encoding: chunked"]
    if !longCookies {
      let perLine =
        (limits.maxHeaderBytes - fixed - cookies.utf8.count - 2) / (limits.maxHeaderCount - 4) - 2
      lines += (0..<(limits.maxHeaderCount - 4)).map {
        let name = "X-\($0): "
        return name + String(repeating: "v", count: perLine - name.utf8.count)
      }
    }
    let raw = head("POST \(target) HTTP/1.1", lines: lines) + "2\r\n{}\r\n0\r\n\r\n"
    let answer = try send(raw, to: server.port)
    // /healthz takes no POST: the router's answer, not a refusal of the head.
    #expect(answer.status == 405, "\(String(decoding: answer.body, as: UTF8.self))")
    #expect(answer.headers["content-type"] == "application/json")
  }

  /// The framing reads a stream the same however it is cut.
  @Test func theFramingReadsAStreamCutAnywhere() {
    let limits = HTTPLimits(maxBodyBytes: 100)
    let good = Array(
      ("GET / HTTP/1.1\r\nHost: x\r\n\r\nPOST /p HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"
        + "POST /c HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nT: 1\r\n\r\n")
        .utf8)
    let bad = good + Array("GET / HTTP/1.1\r\nX-A: 1\r\nBad\r\n\r\n".utf8)
    for piece in [1, 2, 7, 64, 1000] {
      #expect(read(good, in: piece, limits) == (good.count, nil))
      let (passed, status) = read(bad, in: piece, limits)
      #expect(status == 400)
      // All but the refused line's end.
      #expect(passed == bad.count - 3)
    }
  }

  /// Feeds `bytes` to a framing `piece` bytes at a time: the bytes
  /// passed and the refusal's status.
  func read(_ bytes: [UInt8], in piece: Int, _ limits: HTTPLimits) -> (Int, Int?) {
    var framing = RequestFraming(limits: limits)
    var passed = 0
    for start in stride(from: 0, to: bytes.count, by: piece) {
      let end = min(start + piece, bytes.count)
      let (count, refusal) = bytes[start..<end].withUnsafeBytes { framing.read($0) }
      passed += count
      if let refusal { return (passed, refusal.status) }
    }
    return (passed, nil)
  }
}
