import Foundation
import ItineraryCore
import ItineraryPlaces

/// The scripted Python server of `Server/loopback_server.py`, on 127.0.0.1
/// and a free port, stopped when released: the live services' tests point
/// every base URL at it.
package final class LoopbackServer: Sendable {
  /// An OSRM `/table` answer computed for the request's points (see the script).
  package struct OSRMTable: Encodable, Sendable {
    /// Road metres per great-circle metre.
    package var detour = 1.3
    /// Metres per second, for the durations.
    package var speed = 1.4
    /// Indices of the request's points no road reaches or leaves.
    package var unreachable: [Int] = []
    /// `null` or `negative`: the last row's first duration spoiled so.
    package var poison: String?

    package init(
      detour: Double = 1.3, speed: Double = 1.4, unreachable: [Int] = [], poison: String? = nil
    ) {
      self.detour = detour
      self.speed = speed
      self.unreachable = unreachable
      self.poison = poison
    }
  }

  /// One scripted answer (see the script's documentation).
  package struct Reply: Encodable, Sendable {
    package var status = 200
    package var body: String?
    package var bodyFile: String?
    package var contentType: String?
    package var headers: [String: String]?
    package var latency: Double?
    package var truncate: Bool?
    package var close: Bool?
    package var reset: Bool?
    package var trickle: Double?
    package var gzip: Bool?
    package var osrmTable: OSRMTable?

    package init(
      status: Int = 200, body: String? = nil, bodyFile: String? = nil, contentType: String? = nil,
      headers: [String: String]? = nil, latency: Double? = nil, truncate: Bool? = nil,
      close: Bool? = nil, reset: Bool? = nil, trickle: Double? = nil, gzip: Bool? = nil,
      osrmTable: OSRMTable? = nil
    ) {
      self.status = status
      self.body = body
      self.bodyFile = bodyFile
      self.contentType = contentType
      self.headers = headers
      self.latency = latency
      self.truncate = truncate
      self.close = close
      self.reset = reset
      self.trickle = trickle
      self.gzip = gzip
      self.osrmTable = osrmTable
    }
  }

  package struct Route: Encodable, Sendable {
    package var path: String
    package var match: String?
    /// `foursquare`, `yelp` or `osrm-car`: refuse what that service refuses
    /// (see the script) before serving `responses`.
    package var service: String?
    package var responses: [Reply]
    /// Serve `responses` round and round instead of repeating the last.
    package var cycle: Bool?

    package init(
      path: String, match: String? = nil, service: String? = nil, responses: [Reply],
      cycle: Bool? = nil
    ) {
      self.path = path
      self.match = match
      self.service = service
      self.responses = responses
      self.cycle = cycle
    }
  }

  package struct Stats: Decodable, Sendable {
    package struct Entry: Decodable, Sendable {
      package var path: String
      package var headers: [String: String]
      /// When the request arrived, in seconds on the server's monotonic clock.
      package var time: Double
    }
    package var requests: Int
    package var maxInFlight: Int
    package var log: [Entry]
  }

  package let baseURL: String
  private let process: Process
  /// The server's standard input: closing it stops the server.
  private let input: Pipe

  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Server/loopback_server.py")

  package init(_ routes: [Route]) throws {
    struct Config: Encodable { var routes: [Route] }
    let config = try JSONEncoder().encode(Config(routes: routes))
    // A long script goes through a file: an argument holds at most 128 KiB.
    let file = FileManager.default.temporaryDirectory
      .appending(path: "loopback-\(UUID().uuidString).json")
    try config.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.script.path, "@" + file.path]
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line.append(chunk)
    }
    let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard words.count == 2, words[0] == "PORT", let port = Int(words[1]) else {
      try? input.fileHandleForWriting.close()
      process.terminate()
      throw ItineraryError(.failure, "the loopback server did not start")
    }
    self.process = process
    self.input = input
    baseURL = "http://127.0.0.1:\(port)"
  }

  deinit { stop() }

  package func stop() {
    try? input.fileHandleForWriting.close()
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// What the server saw, fetched through the library's own HTTP client.
  package func stats() throws -> Stats {
    let response = try HTTPClient().get(HTTPRequest(url: "\(baseURL)/__stats"))
    return try JSONDecoder().decode(Stats.self, from: response.body)
  }
}
