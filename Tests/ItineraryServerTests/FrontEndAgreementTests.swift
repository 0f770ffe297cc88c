import Foundation
import ItineraryCLI
import Synchronization
import Testing

/// One in-process run of the command line on a server's data directory.
struct CommandLineRun {
  var status: Int32
  var stdout: String
  var stderr: String

  init(_ arguments: [String], dataDirectory: URL) {
    var environment = ProcessInfo.processInfo.environment
    environment["ITINERARY_DATA_DIR"] = dataDirectory.path
    environment["ITINERARY_CACHE_DIR"] = dataDirectory.path
    environment["ITINERARY_NO_HISTORY"] = "1"
    let output = Mutex(("", ""))
    let terminal = Terminal(
      write: { text in output.withLock { $0.0 += text } },
      writeError: { text in output.withLock { $0.1 += text } })
    status = CLI.run(arguments: arguments, terminal: terminal, environment: environment)
    (stdout, stderr) = output.withLock { $0 }
  }

  /// The message of the one `error:` line, without its prefix.
  var errorMessage: String? {
    stderr.split(separator: "\n").last { $0.hasPrefix("error: ") }.map {
      String($0.dropFirst("error: ".count))
    }
  }

  var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
}

/// The command line, a batch and the server answer the same request alike:
/// what one front end accepts, the others read back.
@Suite struct FrontEndAgreementTests {
  let server: TestServer

  init() throws { server = try TestServer() }

  func run(_ arguments: String...) -> CommandLineRun {
    CommandLineRun(arguments, dataDirectory: server.dataDirectory)
  }

  func get(_ path: String) throws -> RawHTTP.Answer {
    try RawHTTP.request(server.port, "GET", path)
  }

  /// A path segment as the map page escapes it (`encodeURIComponent`).
  static func escaped(_ text: String) -> String {
    let kept = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
    return text.addingPercentEncoding(withAllowedCharacters: kept) ?? text
  }

  // MARK: Liked and collected places

  /// The map page likes a stop by sending the stop object of the plan it
  /// shows (page.js, `like`); `itinerary liked`, `collection show` and
  /// `show` read every one of them back.
  @Test func stopsLikedOnTheMapPageReadBackInTheCommandLine() throws {
    let planned = try RawHTTP.post(
      server.port, "/v1/plan",
      #"{"categories": ["museum", "cafe", "park"], "start": "2026-12-01 12:00"}"#)
    let plans = try #require(planned.json?["plans"] as? [[String: Any]])
    let stops = try #require(plans.first?["stops"] as? [[String: Any]])
    try #require(stops.count == 3)
    #expect(try RawHTTP.request(server.port, "PUT", "/v1/collections/Day").status == 201)
    for stop in stops {
      let id = try #require(stop["id"] as? String)
      let body = try JSONSerialization.data(withJSONObject: stop)
      let liked = try RawHTTP.request(
        server.port, "PUT", "/v1/likes/" + Self.escaped(id), body: body)
      #expect(liked.status == 201, "\(String(decoding: liked.body, as: UTF8.self))")
      let added = try RawHTTP.request(
        server.port, "PUT", "/v1/collections/Day/places/" + Self.escaped(id), body: body)
      #expect(added.status == 201)
    }
    let names = Set(stops.compactMap { $0["name"] as? String })
    for arguments in [
      ["liked", "--format", "json"], ["collection", "show", "Day", "--format", "json"],
    ] {
      let shown = CommandLineRun(arguments, dataDirectory: server.dataDirectory)
      #expect(shown.status == 0, "\(arguments): \(shown.stderr)")
      let places = try #require(shown.json as? [[String: Any]], "\(arguments)")
      #expect(Set(places.compactMap { $0["name"] as? String }) == names)
      for place in places {
        let stop = stops.first { $0["id"] as? String == place["id"] as? String }
        #expect(
          place["categories"] as? [String] == [stop?["category"] as? String].compactMap { $0 })
        #expect(place["lat"] as? Double == stop?["lat"] as? Double)
        #expect(place["score"] as? Double == stop?["score"] as? Double)
      }
    }
    #expect(run("liked").status == 0)
    #expect(run("collection", "show", "Day").status == 0)
  }

  /// A place the server cannot keep as one (no coordinates) is refused,
  /// not kept to fail later in the command line.
  @Test func aPlaceThatCannotBeReadBackIsRefused() throws {
    for path in ["/v1/likes/x", "/v1/collections/None/places/x"] {
      let answer = try RawHTTP.request(
        server.port, "PUT", path, body: Data(#"{"name": "Nowhere"}"#.utf8))
      #expect(answer.status == 400, "\(path)")
      let message = (answer.json?["error"] as? [String: Any])?["message"] as? String
      #expect(message?.contains("lat") == true, "\(message ?? "")")
    }
    #expect(run("liked").status == 0)
  }
}
