import Foundation
import ItineraryLoopback
import Testing

/// `show PLACE --photos`: the embedded city's Ateneum with Commons photos
/// and their credit lines; without the flag, the output is as before.
@Suite struct ShowPhotosTests {
  static let ateneum = "way/8033120"

  func run(_ arguments: [String], geosearch: [LoopbackServer.Reply]) throws -> CommandRun {
    try PhotosCommandTests.runWithCommons(["show", Self.ateneum] + arguments, geosearch: geosearch)
  }

  @Test func theAteneumShowsCommonsPhotosWithAttribution() throws {
    let found = [PhotosCommandTests.file("commons-geosearch.json")]
    let table = try run(["--photos"], geosearch: found)
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("photos:\n"))
    #expect(table.stdout.contains("    Example Photographer, CC BY-SA 4.0"))
    let json = try run(["--photos", "--format", "json"], geosearch: found)
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let photos = try #require(object["photos"] as? [[String: Any]])
    #expect(photos.count == 3)
    #expect(photos.first?["licence"] as? String == "CC BY-SA 4.0")
    #expect(object["id"] as? String == Self.ateneum)
    #expect(json.stdout.components(separatedBy: "\"photos\"").count == 2)
  }

  @Test func photosAskedForFromAServiceThatIsDownAreExit69() throws {
    let run = try run(["--photos"], geosearch: [.init(status: 503, body: "{}")])
    #expect(run.status == 69)
    // The Ateneum has no Commons tags in the embedded city: photos taken near it.
    #expect(
      run.errorLine?.hasPrefix("error: commons: photos near ") == true
        && run.errorLine?.hasSuffix("HTTP 503 (server error) after 3 tries") == true,
      "\(run.stderr)")
  }

  @Test func withoutTheFlagNothingIsFetched() throws {
    let run = try run(["--format", "json"], geosearch: [.init(status: 500, body: "{}")])
    #expect(run.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    #expect(object?["photos"] is [String])
  }
}
