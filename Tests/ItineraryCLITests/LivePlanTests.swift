import Foundation
import ItineraryCLI
import ItineraryLoopback
import ItineraryWorkloads
import Testing

/// `plan` with live providers, against the scripted loopback server: the
/// flags, the cache, partial plans and keys, in-process and as a whole process.
@Suite struct LivePlanTests {
  static let fakeKey = "FAKE-KEY-e41b07-never-shown"

  /// A Yelp search body: one business per id, near Times Square.
  static func yelpBody(_ ids: [String]) -> String {
    let businesses = ids.enumerated().map { index, id in
      """
      {"id": "\(id)", "name": "Place \(id)", "rating": 4.5, "review_count": \(20 + index),
       "categories": [{"alias": "localflavor", "title": "x"}],
       "coordinates": {"latitude": 40.75\(index), "longitude": -73.98\(index)}}
      """
    }
    return "{\"businesses\": [\(businesses.joined(separator: ","))], \"total\": \(ids.count)}"
  }

  static func environment(_ server: LoopbackServer, cache: URL) -> [String: String] {
    [
      "ITINERARY_YELP_URL": server.baseURL, "ITINERARY_OVERPASS_URL": server.baseURL,
      "ITINERARY_NOMINATIM_URL": server.baseURL, "ITINERARY_CACHE_DIR": cache.path,
      "YELP_API_KEY": fakeKey, "PATH": "/usr/bin:/bin", "ITINERARY_NO_HISTORY": "1",
    ]
  }

  /// One in-process run with `environment`.
  static func run(_ arguments: [String], environment: [String: String]) -> CommandRun {
    CommandRun(arguments, environment: environment)
  }

  static let threeCategories = [
    "plan", "--anytime", "--provider", "yelp", "--at", "40.758,-73.985", "restaurant", "park",
    "art",
    "--format", "json",
  ]

  @Test func threeCategoriesAreFetchedAtOnceThenServedFromTheCache() throws {
    let server = try LoopbackServer([
      .init(
        path: "/v3/businesses/search",
        responses: [.init(body: Self.yelpBody(["a", "b", "c"]), latency: 0.3)])
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = Self.environment(server, cache: cache)
    let first = Self.run(Self.threeCategories, environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("yelp: park: done, 3 places in "))
    let json = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
    #expect((json?["plans"] as? [Any])?.isEmpty == false)
    var stats = try server.stats()
    #expect(stats.requests == 3)
    #expect(stats.maxInFlight >= 3)

    let second = Self.run(Self.threeCategories, environment: environment)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("(cached)"))
    stats = try server.stats()
    #expect(stats.requests == 3)
    #expect(
      second.stdout.replacing(/"millis" : [0-9.e-]+/, with: "")
        == first.stdout.replacing(/"millis" : [0-9.e-]+/, with: ""))

    _ = Self.run(Self.threeCategories + ["--refresh"], environment: environment)
    _ = Self.run(Self.threeCategories + ["--no-cache"], environment: environment)
    #expect(try server.stats().requests == 9)
  }

  /// A stand-in Yelp that answers the park search with HTTP `status` and
  /// every other search with places a and b.
  static func yelpFailingParks(status: Int) throws -> LoopbackServer {
    try LoopbackServer([
      .init(
        path: "/v3/businesses/search", match: "categories=parks",
        responses: [.init(status: status, body: "{}")]),
      .init(path: "/v3/businesses/search", responses: [.init(body: yelpBody(["a", "b"]))]),
    ])
  }

  @Test func aFailedCategoryFailsThePlanUnlessPartialIsAllowed() throws {
    let server = try Self.yelpFailingParks(status: 503)
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = Self.environment(server, cache: cache)
    let failed = Self.run(Self.threeCategories, environment: environment)
    #expect(failed.status == 69)
    #expect(
      failed.errorLine == "error: yelp: category 'park': HTTP 503 (server error) after 3 tries")
    #expect(failed.stdout.isEmpty)

    let partial = Self.run(Self.threeCategories + ["--allow-partial"], environment: environment)
    #expect(partial.status == 0, "\(partial.stderr)")
    #expect(
      partial.stderr.contains("warning: planning without park: yelp: category 'park': HTTP 503"))
    let json = try JSONSerialization.jsonObject(with: Data(partial.stdout.utf8)) as? [String: Any]
    let plans = try #require(json?["plans"] as? [[String: Any]])
    let stops = try #require(plans.first?["stops"] as? [[String: Any]])
    #expect(stops.compactMap { $0["category"] as? String } == ["restaurant", "art"])
  }

  @Test func nearGeocodesAndAStartOutsideTheCityUsesOverpass() throws {
    let overpass = """
      {"elements": [{"type": "node", "id": 7, "lat": 40.7812, "lon": -73.9665,
        "tags": {"name": "Central Park", "leisure": "park", "wikidata": "Q160409"}}]}
      """
    let server = try LoopbackServer([
      .init(
        path: "/search",
        responses: [
          .init(
            body:
              "[{\"lat\": \"40.7812\", \"lon\": \"-73.9665\", \"display_name\": \"Central Park, New York\"}]"
          )
        ]),
      .init(path: "/interpreter", responses: [.init(body: overpass)]),
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let run = Self.run(
      ["plan", "--anytime", "--near", "Central Park, New York", "park"],
      environment: Self.environment(server, cache: cache))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("starting at Central Park, New York (40.7812,-73.9665)"))
    #expect(run.stderr.contains("places from overpass"))
    #expect(run.stdout.contains("Central Park"))
    let log = try server.stats().log
    #expect(log.first?.path.hasPrefix("/search?q=Central%20Park%2C%20New%20York") == true)
    #expect(log.first?.headers["User-Agent"]?.hasPrefix("itinerary/") == true)
  }

  static let usageCases: [FailingCommand] = [
    FailingCommand(
      ["plan", "--anytime", "--provider", "bing", "--at", "1,2", "park"],
      "error: plan: --provider expects one of embedded, overpass, yelp, foursquare, got 'bing'"),
    FailingCommand(
      ["plan", "--anytime", "--provider", "yelp", "park"],
      "error: plan: the yelp provider needs a start point: --at LAT,LON or --near PLACE"),
    FailingCommand(
      ["plan", "--anytime", "--provider", "foursquare", "--at", "1,2", "park"],
      "error: the foursquare provider needs FOURSQUARE_API_KEY in the environment"),
    FailingCommand(
      ["plan", "--anytime", "--at", "1,2", "--near", "x", "park"],
      "error: plan: --at and --near exclude each other"),
    FailingCommand(
      [
        "plan", "--anytime", "--provider", "yelp", "--at", "1,2", "--no-cache", "--refresh", "park",
      ], "error: plan: --no-cache and --refresh exclude each other"),
    FailingCommand(
      ["plan", "--anytime", "--provider", "yelp", "--at", "1,2", "--per-category", "0", "park"],
      "error: plan: --per-category must be within 1...240, got 0"),
  ]

  @Test(arguments: usageCases)
  func badLiveFlagsAreUsageErrors(_ usage: FailingCommand) throws {
    let server = try LoopbackServer([])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let run = Self.run(usage.arguments, environment: Self.environment(server, cache: cache))
    #expect(run.status == usage.status)
    #expect(run.errorLine == usage.message)
    #expect(try server.stats().requests == 0)
  }

  /// The whole `itinerary` process, built beside this test binary.
  @Test func theKeyAppearsInNoOutputAndNoFile() throws {
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let binary = me.deletingLastPathComponent().appending(path: "itinerary")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path), "build `itinerary` first")
    let server = try Self.yelpFailingParks(status: 401)
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let cache = scratch.appending(path: "cache")
    let output = scratch.appending(path: "plan.geojson")
    var transcripts: [String] = []
    for extra in [
      ["--allow-partial", "-o", output.path], [], ["--format", "table", "--allow-partial"],
    ] {
      let process = Process()
      process.executableURL = binary
      process.arguments = Self.threeCategories + extra
      process.environment = Self.environment(server, cache: cache)
      process.currentDirectoryURL = scratch
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardOutput = stdout
      process.standardError = stderr
      try process.run()
      let out = stdout.fileHandleForReading.readDataToEndOfFile()
      let err = stderr.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      transcripts.append(String(decoding: out + err, as: UTF8.self))
    }
    #expect(
      transcripts[1].contains("error: yelp: category 'park': HTTP 401 (the API key was refused)"))
    #expect(
      try server.stats().log.contains { $0.headers["Authorization"] == "Bearer \(Self.fakeKey)" })
    for transcript in transcripts {
      #expect(!transcript.contains(Self.fakeKey))
    }
    let files =
      (FileManager.default.enumerator(at: scratch, includingPropertiesForKeys: nil)?
      .allObjects ?? []).compactMap { $0 as? URL }
    #expect(files.contains { $0.lastPathComponent == "responses.sqlite" })
    #expect(files.contains { $0.lastPathComponent == "plan.geojson" })
    for file in files where !file.hasDirectoryPath {
      #expect(!file.path.contains(Self.fakeKey))
      let bytes = try Data(contentsOf: file)
      #expect(
        bytes.range(of: Data(Self.fakeKey.utf8)) == nil, "the key is in \(file.lastPathComponent)")
    }
  }
}

extension CommandRun {
  init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }
}

extension LivePlanTests {
  @Test func aSlowServiceTimesOutAfterTheGivenSeconds() throws {
    let server = try LoopbackServer([
      .init(
        path: "/v3/businesses/search",
        responses: [.init(body: Self.yelpBody(["a"]), latency: 2)])
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let run = Self.run(
      Self.threeCategories + ["--timeout", "0.2", "--no-cache"],
      environment: Self.environment(server, cache: cache))
    #expect(run.status == 69, "\(run.stderr)")
    #expect(run.errorLine?.contains("timed out") == true, "\(run.stderr)")
  }

  @Test func timeoutsMustBePositiveNumbers() {
    let run = CommandRun(["plan", "--anytime", "park", "--timeout", "soon"])
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("--timeout expects a finite number") == true)
  }
}
