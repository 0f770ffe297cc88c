import Foundation
import ItineraryLoopback
import Testing

/// `itinerary photos` and its albums against the loopback server serving
/// recorded Commons and Flickr answers.
@Suite struct PhotosCommandTests {
  static let key = "flickr-cli-key-0123"

  static func recorded(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "ItineraryPlacesTests/Recorded/\(name)").path
  }

  static func file(_ name: String) -> LoopbackServer.Reply {
    LoopbackServer.Reply(bodyFile: recorded(name), contentType: "application/json")
  }

  /// `arguments` run against a stand-in Commons and Wikidata that answer
  /// geosearches with `geosearch` and image details from the recording,
  /// with a response cache of their own.
  static func runWithCommons(_ arguments: [String], geosearch: [LoopbackServer.Reply]) throws
    -> CommandRun
  {
    let server = try LoopbackServer([
      .init(path: "/w/api.php", match: "list=geosearch", responses: geosearch),
      .init(
        path: "/w/api.php", match: "prop=imageinfo",
        responses: [file("commons-imageinfo.json")]),
    ])
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = CommandRun.environment.merging([
      "ITINERARY_COMMONS_URL": server.baseURL, "ITINERARY_WIKIDATA_URL": server.baseURL,
      "ITINERARY_CACHE_DIR": folder.path,
    ]) { $1 }
    return CommandRun(arguments, environment: environment)
  }

  /// Flickr's second page: one photo, the last page but one.
  static let flickrPage2 = """
    {"photos": {"page": 2, "pages": 3, "perpage": 10, "total": 21, "photo": [
      {"id": "53850222222", "owner": "11111111@N01", "secret": "0a0b0c0d0e", "server": "65535",
       "farm": 66, "title": "Market Square", "ispublic": 1, "isfriend": 0, "isfamily": 0,
       "license": "9", "ownername": "Second Page",
       "url_m": "https://live.staticflickr.com/65535/53850222222_0a0b0c0d0e.jpg",
       "height_m": 375, "width_m": 500}]}, "stat": "ok"}
    """

  static func routes(commons: [LoopbackServer.Reply]? = nil) -> [LoopbackServer.Route] {
    [
      .init(
        path: "/w/api.php", match: "list=geosearch",
        responses: commons ?? [file("commons-geosearch.json")]),
      .init(
        path: "/w/api.php", match: "prop=imageinfo", responses: [file("commons-imageinfo.json")]),
      .init(path: "/services/rest/", match: "&page=2&", responses: [.init(body: flickrPage2)]),
      .init(path: "/services/rest/", responses: [file("flickr-photos-search.json")]),
    ]
  }

  struct Setup {
    var server: LoopbackServer
    var folder: URL
    var environment: [String: String]
    func run(_ arguments: [String]) -> CommandRun {
      CommandRun(["photos"] + arguments, environment: environment)
    }
  }

  func setup(_ routes: [LoopbackServer.Route] = PhotosCommandTests.routes()) throws -> Setup {
    let server = try LoopbackServer(routes)
    let folder = try temporaryDirectory()
    let environment = CommandRun.environment.merging([
      "ITINERARY_COMMONS_URL": server.baseURL, "ITINERARY_WIKIDATA_URL": server.baseURL,
      "ITINERARY_FLICKR_URL": server.baseURL, "FLICKR_API_KEY": Self.key,
      "ITINERARY_DATA_DIR": folder.appending(path: "data").path,
      "ITINERARY_CACHE_DIR": folder.appending(path: "cache").path,
    ]) { $1 }
    return Setup(server: server, folder: folder, environment: environment)
  }

  @Test func photosNearAPinShowTheirCreditLines() throws {
    let setup = try setup()
    defer { try? FileManager.default.removeItem(at: setup.folder) }
    let table = setup.run(["--at", "60.17,24.94"])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(
      table.stdout.contains("commons:81234501  6000x4000  CC BY-SA 4.0  Example Photographer"))
    #expect(
      table.stdout.contains(
        "    Example Photographer, CC BY-SA 4.0 <https://creativecommons.org/licenses/by-sa/4.0>, via Wikimedia Commons"
      ))
    let json = setup.run(["--at", "60.17,24.94", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let photos = try #require(object["photos"] as? [[String: Any]])
    #expect(photos.count == 4)
    #expect(
      Set(photos[0].keys)
        == [
          "id", "url", "thumbnail", "width", "height", "author", "licence", "attribution", "source",
        ])
    #expect(object["page"] as? Int == 1 && object["hasMore"] as? Bool == false)
  }

  @Test func anAlbumIsSavedEditedAndRenewedAcrossRuns() throws {
    let setup = try setup()
    defer { try? FileManager.default.removeItem(at: setup.folder) }
    let saved = setup.run(["--at", "60.17,24.94", "--source", "flickr", "--save", "Senate"])
    #expect(saved.status == 0, "\(saved.stderr)")
    #expect(saved.stderr.contains("saved 2 photos in album \"Senate\""))
    // Every run opens the store afresh: the album survives the reopen.
    let shown = setup.run(["album", "Senate", "--format", "json"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("\"flickr:53850123456\""))
    #expect(shown.stdout.contains("\"album\":\"Senate\""))
    let removed = setup.run(["album", "Senate", "--remove", "flickr:53850123456"])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(!removed.stdout.contains("flickr:53850123456"))
    #expect(removed.stdout.contains("flickr:53850999999"))
    let again = setup.run(["album", "Senate", "--remove", "flickr:53850123456"])
    #expect(again.status == 65)
    let renewed = setup.run(["album", "Senate", "--new-set", "--format", "json"])
    #expect(renewed.status == 0, "\(renewed.stderr)")
    #expect(renewed.stdout.contains("\"page\":2"))
    #expect(renewed.stdout.contains("\"flickr:53850222222\""))
    #expect(!renewed.stdout.contains("53850999999"))
    let later = setup.run(["album", "Senate"])
    #expect(later.stdout.contains("flickr:53850222222"))
    #expect(later.stdout.contains("CC0 1.0"))
    // An album is a collection like the others.
    let collections = CommandRun(["collection", "list"], environment: setup.environment)
    #expect(collections.stdout.contains("Senate"))
  }

  @Test func aPhotoServiceThatIsDownIsExit69NamingIt() throws {
    let down = Array(repeating: LoopbackServer.Reply(status: 503, body: "{}"), count: 3)
    let setup = try setup(Self.routes(commons: down))
    defer { try? FileManager.default.removeItem(at: setup.folder) }
    let run = setup.run(["--at", "60.17,24.94"])
    #expect(run.status == 69)
    #expect(
      run.errorLine
        == "error: commons: photos near 60.170000,24.940000: HTTP 503 (server error) after 3 tries")
  }

  @Test func theFlickrKeyIsNeverPrinted() throws {
    let echo = #"{"stat": "fail", "code": 100, "message": "Invalid API Key \#(Self.key)"}"#
    let setup = try setup([.init(path: "/services/rest/", responses: [.init(body: echo)])])
    defer { try? FileManager.default.removeItem(at: setup.folder) }
    let run = setup.run(["--at", "60.17,24.94", "--source", "flickr"])
    #expect(run.status == 69)
    #expect(run.errorLine?.hasPrefix("error: flickr: photos near") == true)
    #expect(!run.stderr.contains(Self.key) && !run.stdout.contains(Self.key))
    #expect(run.stderr.contains("<redacted>"))
  }

  struct BadUsage: Sendable, CustomStringConvertible {
    var arguments: [String]
    var message: String
    var description: String { arguments.joined(separator: " ") }
  }

  static let badUsages = [
    BadUsage(arguments: [], message: "error: photos: expected --at LAT,LON (or album NAME)"),
    BadUsage(
      arguments: ["--at", "60.17,24.94", "--source", "instagram"],
      message: "error: --source: unknown photo source 'instagram' (expected commons or flickr)"),
    BadUsage(
      arguments: ["--at", "60.17,24.94", "--page", "0"],
      message: "error: photos: --page must be between 1 and 50"),
    BadUsage(
      arguments: ["--at", "60.17,24.94", "--new-set"],
      message: "error: photos: --new-set applies to 'photos album NAME'"),
    BadUsage(
      arguments: ["album", "X", "--at", "1,2"],
      message: "error: photos album: --at does not apply (the album keeps its pin)"),
  ]

  @Test(arguments: badUsages) func badUsageIsExit64(_ usage: BadUsage) throws {
    let setup = try setup()
    defer { try? FileManager.default.removeItem(at: setup.folder) }
    let run = setup.run(usage.arguments)
    #expect(run.status == 64)
    #expect(run.errorLine == usage.message)
  }

  @Test func helpDescribesTheCommand() {
    let run = CommandRun(["photos", "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("usage: itinerary photos --at LAT,LON"))
    #expect(run.stdout.contains("--new-set"))
  }
}
