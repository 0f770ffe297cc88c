import Foundation
import ItineraryLoopback
import ItineraryTestSupport
import Testing

/// `explore --photos`, `search --photos` and batch lines with `"photos":
/// true`: the stops of every day and every search result carry Commons
/// photos with their credit lines, and a photo service that is down is a
/// warning, never a failed trip or search.
@Suite struct TripAndSearchPhotosTests {
  static let found = LoopbackServer.Reply(
    bodyFile: PhotosCommandTests.recorded("commons-geosearch.json"),
    contentType: "application/json")
  static let down = LoopbackServer.Reply(status: 503, body: "{}")
  static let days = [
    "--day", "2026-12-01", "10:00", "14:00", "--day", "2026-12-02", "10:00", "14:00",
  ]

  /// Runs `arguments` against Commons and Wikidata stand-ins answering
  /// geosearches with `geosearch`; `files` are written to the run's folder.
  static func run(
    _ arguments: (URL) -> [String], geosearch: LoopbackServer.Reply,
    files: [String: String] = [:]
  ) throws -> CommandRun {
    let server = try LoopbackServer([
      .init(path: "/w/api.php", match: "list=geosearch", responses: [geosearch]),
      .init(
        path: "/w/api.php", match: "prop=imageinfo",
        responses: [PhotosCommandTests.file("commons-imageinfo.json")]),
    ])
    defer { server.stop() }
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appending(path: name))
    }
    let environment = CommandRun.environment.merging([
      "ITINERARY_COMMONS_URL": server.baseURL, "ITINERARY_WIKIDATA_URL": server.baseURL,
      "ITINERARY_CACHE_DIR": folder.appending(path: "cache").path,
    ]) { $1 }
    return CommandRun(arguments(folder), environment: environment)
  }

  static func object(_ text: some StringProtocol) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The stops of every plan and every day of a response.
  static func stops(_ response: [String: Any]) -> [[String: Any]] {
    let plans = (response["plans"] as? [[String: Any]]) ?? []
    let days = (response["days"] as? [[String: Any]]) ?? []
    return (plans + days).flatMap { ($0["stops"] as? [[String: Any]]) ?? [] }
  }

  /// Every place has 3 photos, each with a Commons credit line.
  static func expectPhotos(_ places: [[String: Any]], _ label: String) {
    #expect(!places.isEmpty, "\(label)")
    for place in places {
      let photos = place["photos"] as? [[String: Any]]
      #expect(photos?.count == 3, "\(label): \(place["id"] ?? "?")")
      for photo in photos ?? [] {
        #expect(
          (photo["attribution"] as? String)?.hasSuffix("via Wikimedia Commons") == true,
          "\(label)")
        #expect((photo["licence"] as? String)?.isEmpty == false, "\(label)")
      }
    }
  }

  @Test func aTripWithoutTheFlagHasNoPhotos() throws {
    let run = try Self.run(
      { _ in ["explore", "museum", "--format", "json"] + Self.days }, geosearch: Self.down)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.stops(try Self.object(run.stdout)).allSatisfy { $0["photos"] == nil })
    #expect(!run.stderr.contains("photos"))
  }

  @Test func everySearchResultCarriesPhotoObjects() throws {
    let run = try Self.run(
      { _ in ["search", "museum", "--limit", "3", "--format", "json", "--photos"] },
      geosearch: Self.found)
    #expect(run.status == 0, "\(run.stderr)")
    let response = try Self.object(run.stdout)
    let results = try #require(response["results"] as? [[String: Any]])
    #expect(results.count == 3)
    Self.expectPhotos(results, "search")
    #expect((response["request"] as? [String: Any])?["photos"] as? Bool == true)
    #expect(run.stderr.contains("photos for 3 places in "), "\(run.stderr)")
    let table = try Self.run(
      { _ in ["search", "museum", "--limit", "1", "--photos"] }, geosearch: Self.found)
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("via Wikimedia Commons)"), "\(table.stdout)")
  }

  @Test func aSearchSucceedsWhenThePhotoServiceIsDown() throws {
    let run = try Self.run(
      { _ in ["search", "museum", "--limit", "2", "--format", "json", "--photos"] },
      geosearch: Self.down)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("warning: photos: 2 places got none: commons: "), "\(run.stderr)")
    let results = try #require(try Self.object(run.stdout)["results"] as? [[String: Any]])
    #expect(results.count == 2)
    #expect(results.allSatisfy { ($0["photos"] as? [Any])?.isEmpty == true })
  }

  @Test func aSearchWithoutTheFlagListsPhotoURLs() throws {
    let run = try Self.run(
      { _ in ["search", "museum", "--limit", "2", "--format", "json"] }, geosearch: Self.down)
    #expect(run.status == 0, "\(run.stderr)")
    let results = try #require(try Self.object(run.stdout)["results"] as? [[String: Any]])
    #expect(results.allSatisfy { $0["photos"] is [String] })
    #expect(!run.stderr.contains("photos"))
  }

  @Test func batchLinesAskForPhotosForPlansAndTrips() throws {
    let lines = [
      #"{"id": "p", "plan": {"categories": ["museum", "park"], "top": 2, "photos": true}}"#,
      #"{"id": "e", "explore": {"categories": ["museum"], "start": "2026-12-01T10:00", "end": "14:00", "photos": true}}"#,
      #"{"id": "n", "plan": {"categories": ["museum"], "top": 1}}"#,
    ]
    let run = try Self.run(
      { ["batch", $0.appending(path: "in.jsonl").path] }, geosearch: Self.found,
      files: ["in.jsonl": lines.joined(separator: "\n")])
    #expect(run.status == 0, "\(run.stderr)")
    let answers = try run.stdout.split(separator: "\n").map(Self.object)
    try #require(answers.count == 3)
    let plan = try #require(answers[0]["result"] as? [String: Any])
    Self.expectPhotos(Self.stops(plan), "plan line")
    let trip = try #require(answers[1]["result"] as? [String: Any])
    #expect(trip["days"] is [[String: Any]])
    Self.expectPhotos(Self.stops(trip), "explore line")
    let without = try #require(answers[2]["result"] as? [String: Any])
    #expect(Self.stops(without).allSatisfy { $0["photos"] == nil })
  }
}

extension TripAndSearchPhotosTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test func everyStopOfEveryDayCarriesPhotos() throws {
      let run = try TripAndSearchPhotosTests.run(
        { _ in
          ["explore", "museum", "park", "--format", "json", "--photos"]
            + TripAndSearchPhotosTests.days
        },
        geosearch: TripAndSearchPhotosTests.found)
      #expect(run.status == 0, "\(run.stderr)")
      let response = try TripAndSearchPhotosTests.object(run.stdout)
      let days = try #require(response["days"] as? [[String: Any]])
      #expect(days.count == 2)
      TripAndSearchPhotosTests.expectPhotos(TripAndSearchPhotosTests.stops(response), "explore")
      let ids = Set(TripAndSearchPhotosTests.stops(response).compactMap { $0["id"] as? String })
      #expect(run.stderr.contains("photos for \(ids.count) stop"), "\(run.stderr)")
    }

    @Test func aTripSucceedsWhenThePhotoServiceIsDown() throws {
      let run = try TripAndSearchPhotosTests.run(
        { _ in
          ["explore", "museum", "--format", "json", "--photos"] + TripAndSearchPhotosTests.days
        },
        geosearch: TripAndSearchPhotosTests.down)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.contains("warning: photos: "))
      #expect(run.stderr.contains("commons: "))
      let stops = TripAndSearchPhotosTests.stops(try TripAndSearchPhotosTests.object(run.stdout))
      #expect(!stops.isEmpty)
      #expect(stops.allSatisfy { ($0["photos"] as? [Any])?.isEmpty == true })
    }
  }
}
