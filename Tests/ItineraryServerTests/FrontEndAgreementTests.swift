import Foundation
import ItineraryCLI
import ItineraryTestSupport
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
    let run = CLI.runCaptured(arguments: arguments, environment: environment)
    (status, stdout, stderr) = (run.status, run.stdout, run.stderr)
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

  /// A JSON object without the members at `paths` (`openAt`,
  /// `place.openNow`, `results[].openNow`), as sorted JSON text.
  static func without(_ paths: [String], in value: Any?) -> String {
    func strip(_ value: Any, _ path: [Substring]) -> Any {
      guard let key = path.first else { return value }
      if key.hasSuffix("[]"), var object = value as? [String: Any],
        let list = object[String(key.dropLast(2))] as? [Any]
      {
        object[String(key.dropLast(2))] = list.map { strip($0, Array(path.dropFirst())) }
        return object
      }
      guard var object = value as? [String: Any] else { return value }
      if path.count == 1 {
        object[String(key)] = nil
      } else if let inner = object[String(key)] {
        object[String(key)] = strip(inner, Array(path.dropFirst()))
      }
      return object
    }
    guard var stripped = value else { return "" }
    for path in paths { stripped = strip(stripped, path.split(separator: ".")) }
    let data = try? JSONSerialization.data(
      withJSONObject: stripped, options: [.sortedKeys, .withoutEscapingSlashes])
    return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
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

  // MARK: Finding places

  struct Search: Sendable, CustomStringConvertible {
    var query: String
    var arguments: [String]
    var description: String { query }
  }

  static let searches = [
    Search(query: "categories=museum", arguments: ["museum"]),
    Search(query: "text=kiasma", arguments: ["--text", "kiasma"]),
    Search(
      query: "categories=museum,art&text=taide&sort=rating&limit=5&radius=2",
      arguments: [
        "museum", "art", "--text", "taide", "--sort", "rating", "--limit", "5",
        "--radius", "2",
      ]),
    Search(
      query: "category=cafe&sort=distance&lat=60.17&lon=24.95",
      arguments: ["cafe", "--sort", "distance", "--at", "60.17,24.95"]),
    Search(query: "categories=restaurant&limit=50", arguments: ["restaurant", "--limit", "50"]),
  ]

  /// `/v1/search` is `search --format json`: the same request gives the
  /// same results under the same name. Only `openAt` (the instant "open
  /// now" is judged at) and each result's `openNow` depend on the clock.
  @Test(arguments: searches) func searchAnswersAsTheCommandLine(_ search: Search) throws {
    let answer = try get("/v1/search?" + search.query)
    #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
    let cli = CommandLineRun(
      ["search", "--format", "json"] + search.arguments, dataDirectory: server.dataDirectory)
    #expect(cli.status == 0, "\(cli.stderr)")
    let served = try #require(answer.json)
    #expect((served["results"] as? [Any])?.isEmpty == false)
    let volatile = ["openAt", "results[].openNow"]
    #expect(Self.without(volatile, in: served) == Self.without(volatile, in: cli.json))
  }

  @Test func searchKeepsOnlyPlacesOpenNowWhenAsked() throws {
    let answer = try get("/v1/search?categories=museum,cafe&openNow=true&limit=50")
    #expect(answer.status == 200)
    let results = try #require(answer.json?["results"] as? [[String: Any]])
    #expect(results.allSatisfy { $0["openNow"] as? Bool == true })
    #expect((answer.json?["request"] as? [String: Any])?["openNow"] as? Bool == true)
  }

  struct BadSearch: Sendable, CustomStringConvertible {
    var query: String
    var arguments: [String]
    var exitCode: Int
    var description: String { query }
  }

  static let badSearches = [
    BadSearch(query: "categories=zoo", arguments: ["zoo"], exitCode: 65),
    BadSearch(query: "category=musem", arguments: ["musem"], exitCode: 65),
    BadSearch(query: "limit=500", arguments: ["--limit", "500"], exitCode: 64),
    BadSearch(query: "sort=best", arguments: ["--sort", "best"], exitCode: 64),
    BadSearch(query: "open_now=true", arguments: ["--open_now"], exitCode: 64),
  ]

  /// What the command line refuses, the server refuses, `400` with the
  /// exit code the command line gives; an unknown category with its very
  /// message.
  @Test(arguments: badSearches) func badSearchesAre400AsInTheCommandLine(_ bad: BadSearch) throws {
    let answer = try get("/v1/search?" + bad.query)
    #expect(answer.status == 400)
    let error = try #require(answer.json?["error"] as? [String: Any])
    #expect(error["exitCode"] as? Int == bad.exitCode)
    #expect(error["code"] as? String == "InvalidQuery")
    let cli = CommandLineRun(["search"] + bad.arguments, dataDirectory: server.dataDirectory)
    #expect(Int(cli.status) == bad.exitCode)
    if bad.exitCode == 65 { #expect(error["message"] as? String == cli.errorMessage) }
  }

  /// `/v1/nearest` is `nearest --format json`: the same top destination,
  /// with its direction.
  @Test(arguments: ["museum", "park", "restaurant"])
  func nearestAnswersAsTheCommandLine(_ category: String) throws {
    let answer = try get("/v1/nearest?lat=60.1699&lon=24.9384&category=\(category)")
    #expect(answer.status == 200)
    let cli = run("nearest", category, "--at", "60.1699,24.9384", "--format", "json")
    #expect(cli.status == 0, "\(cli.stderr)")
    #expect(answer.json?["direction"] is [String: Any])
    let volatile = ["openAt", "place.openNow"]
    #expect(Self.without(volatile, in: answer.json) == Self.without(volatile, in: cli.json))
  }

  /// No place of the category within reach is exit code 1 in both, `404`
  /// over HTTP; an unknown word is bad data (65, `400`) in both.
  @Test func nearestFindingNothingAgreesWithTheCommandLine() throws {
    let none = try get("/v1/nearest?category=viewpoint")
    #expect(none.status == 404)
    #expect(none.exitCode == 1)
    #expect(run("nearest", "viewpoint").status == 1)
    let unknown = try get("/v1/nearest?category=zoo")
    #expect(unknown.status == 400)
    #expect(unknown.exitCode == 65)
    #expect(run("nearest", "zoo").status == 65)
  }

  /// `/v1/places/{placeId}` is `show --format json`, the id's `/` raw or
  /// escaped.
  @Test func aPlaceIsShownAsTheCommandLineShowsIt() throws {
    let cli = run("show", "way/8042215", "--format", "json")
    #expect(cli.status == 0)
    for path in ["/v1/places/way/8042215", "/v1/places/way%2F8042215"] {
      let answer = try get(path)
      #expect(answer.status == 200, "\(path)")
      #expect(Self.without(["openNow"], in: answer.json) == Self.without(["openNow"], in: cli.json))
    }
    let missing = try get("/v1/places/way/1")
    #expect(missing.status == 404)
    #expect(missing.exitCode == 65)
  }

  // MARK: The same request, three ways

  /// A pretty-printed JSON text in the compact form of the same bytes:
  /// whitespace outside strings dropped, every number and string as written.
  static func compact(_ text: String) -> String {
    var result = ""
    var inString = false
    var escaped = false
    for character in text {
      if inString {
        result.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if !character.isWhitespace {
        if character == "\"" { inString = true }
        result.append(character)
      }
    }
    return result
  }

  /// `solver.millis`, the time the solver took, written as `0`: the only
  /// member that differs between two runs of the same request.
  static func timeless(_ text: String) -> String {
    text.replacingOccurrences(
      of: #""millis"\s*:\s*[-0-9.eE+]+"#, with: #""millis":0"#, options: .regularExpression)
  }

  /// The `result` of one answer line of a batch, as written.
  static func result(ofLine line: Substring) throws -> String {
    let start = try #require(line.range(of: #","result":"#))
    try #require(line.hasSuffix("}"))
    return String(line[start.upperBound..<line.index(before: line.endIndex)])
  }

  /// A plan request and an instance with a fixed start (no answer depends
  /// on the clock), through `plan`/`solve --format json`, a batch's lines
  /// and `POST /v1/plan`/`/v1/solve`: the same JSON, byte for byte, but for
  /// `solver.millis` (the time taken) and, from `solve FILE`, the file's
  /// name in `request.solve.source` (the other two read no file).
  @Test func theSameRequestsGetTheSameBytesFromEveryFrontEnd() throws {
    let directory = server.dataDirectory.appending(path: "agreement")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let plan =
      #"{"categories": ["restaurant", "park", "museum"], "top": 2, "start": "2026-12-01 12:00"}"#
    let instance = """
      {"origin": {"lat": 60.1699, "lon": 24.9384}, "categories": ["a", "b"], \
      "start": "2026-12-01T10:00", "timeZone": "Europe/Helsinki", "dwellMinutes": {"*": 20}, \
      "places": [{"id": "a1", "categories": ["a"], "lat": 60.171, "lon": 24.941, "score": 4, \
      "openingHours": "Mo-Fr 11:00-17:00"}, \
      {"id": "a2", "categories": ["a"], "lat": 60.168, "lon": 24.935, "rating": 4.5, "reviewCount": 30}, \
      {"id": "b1", "categories": ["b"], "lat": 60.172, "lon": 24.944, "score": 3}, \
      {"id": "b2", "categories": ["b", "a"], "lat": 60.166, "lon": 24.946, "score": 3.5}]}
      """
    let file = directory.appending(path: "instance.json")
    try Data(instance.utf8).write(to: file)

    let planned = run(
      "plan", "restaurant", "park", "museum", "--top", "2", "--start", "2026-12-01 12:00",
      "--format", "json")
    let solved = run("solve", file.path, "--top", "2", "--format", "json")
    #expect(planned.status == 0, "\(planned.stderr)")
    #expect(solved.status == 0, "\(solved.stderr)")

    let lines = directory.appending(path: "in.jsonl")
    let batchLines = [
      #"{"id": "plan", "plan": \#(plan)}"#, #"{"id": "solve", "instance": \#(instance), "top": 2}"#,
    ]
    try Data(batchLines.joined(separator: "\n").utf8).write(to: lines)
    let batch = run("batch", lines.path)
    let answers = batch.stdout.split(separator: "\n")
    try #require(answers.count == 2, "\(batch.stdout)")

    let httpPlan = try RawHTTP.post(server.port, "/v1/plan", plan)
    let httpSolve = try RawHTTP.post(
      server.port, "/v1/solve", #"{"instance": \#(instance), "top": 2}"#)
    #expect(httpPlan.status == 200 && httpSolve.status == 200)

    let fromFile = #""source":"\#(file.path)","#
    let cliSolve = Self.compact(solved.stdout)
    #expect(cliSolve.contains(fromFile))
    let expectedPlan = Self.timeless(Self.compact(planned.stdout))
    let expectedSolve = Self.timeless(cliSolve.replacingOccurrences(of: fromFile, with: ""))
    #expect(expectedPlan.contains(#""plans":[{"#) && expectedSolve.contains(#""plans":[{"#))
    #expect(try Self.timeless(Self.result(ofLine: answers[0])) == expectedPlan)
    #expect(try Self.timeless(Self.result(ofLine: answers[1])) == expectedSolve)
    // The server writes the same pretty JSON as the command line.
    #expect(
      Self.timeless(String(decoding: httpPlan.body, as: UTF8.self))
        == Self.timeless(planned.stdout))
    #expect(
      Self.timeless(Self.compact(String(decoding: httpSolve.body, as: UTF8.self))) == expectedSolve)
  }

  /// The field's benchmark files, one GTSPLIB and one OPTW small enough to
  /// be proven optimal at once (so the answer does not depend on the
  /// clock), through `gtsp`/`optw FILE`, a batch's lines holding their text
  /// and `POST /v1/solve`: the same JSON but for `millis`.
  @Test func theBenchmarkFilesGetTheSameAnswerFromEveryFrontEnd() throws {
    let directory = server.dataDirectory.appending(path: "benchmarks")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let (gtsp, optw) = (BenchmarkTexts.square, BenchmarkTexts.line)
    let files = [("gtsp", "square.gtsp", gtsp, "gtsplib"), ("optw", "line.txt", optw, "optw")]
    var lines: [String] = []
    var expected: [String] = []
    for (command, name, text, key) in files {
      let file = directory.appending(path: name)
      try Data(text.utf8).write(to: file)
      let solved = run(command, file.path, "--time-limit", "5")
      #expect(solved.status == 0, "\(solved.stderr)")
      #expect(solved.json.map { ($0 as? [String: Any])?["optimal"] as? Bool } == true)
      expected.append(Self.timeless(Self.compact(solved.stdout)))
      let body = try JSONSerialization.data(
        withJSONObject: [key: text, "name": name, "timeLimit": 5], options: .sortedKeys)
      lines.append(String(decoding: body, as: UTF8.self))
      let answer = try RawHTTP.post(server.port, "/v1/solve", String(decoding: body, as: UTF8.self))
      #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
      #expect(
        Self.timeless(String(decoding: answer.body, as: UTF8.self)) == Self.timeless(solved.stdout))
    }
    let input = directory.appending(path: "files.jsonl")
    try Data(lines.joined(separator: "\n").utf8).write(to: input)
    let batch = run("batch", input.path)
    #expect(batch.status == 0, "\(batch.stderr)")
    let answers = batch.stdout.split(separator: "\n")
    try #require(answers.count == 2, "\(batch.stdout)")
    for (answer, expected) in zip(answers, expected) {
      #expect(try Self.timeless(Self.result(ofLine: answer)) == expected)
    }
  }
}
