import Foundation
import ItineraryLoopback
import Testing

/// `plan --photos`: stops carry Commons photos fetched in parallel, and a
/// photo service that is down never fails the plan.
@Suite struct PlanPhotosTests {
  func run(geosearch: [LoopbackServer.Reply], photos: Bool = true) throws -> CommandRun {
    try PhotosCommandTests.runWithCommons(
      ["plan", "museum", "park", "--top", "2", "--format", "json"] + (photos ? ["--photos"] : []),
      geosearch: geosearch)
  }

  func stops(_ run: CommandRun) throws -> [[String: Any]] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let plans = try #require(object["plans"] as? [[String: Any]])
    return plans.flatMap { ($0["stops"] as? [[String: Any]]) ?? [] }
  }

  @Test func stopsCarryPhotosWithTheirCreditLines() throws {
    let slow = LoopbackServer.Reply(
      bodyFile: PhotosCommandTests.recorded("commons-geosearch.json"),
      contentType: "application/json", latency: 0.4)
    let run = try run(geosearch: [slow])
    #expect(run.status == 0, "\(run.stderr)")
    let stops = try stops(run)
    #expect(!stops.isEmpty)
    for stop in stops {
      let photos = try #require(stop["photos"] as? [[String: Any]])
      #expect(photos.count == 3)
      #expect((photos.first?["attribution"] as? String)?.hasSuffix("via Wikimedia Commons") == true)
    }
    // In parallel: the whole fetch takes about the slowest request, not their sum.
    let note = try #require(
      run.stderr.split(separator: "\n").first { $0.contains("photos for ") })
    // "photos for N stops in T s (slowest request S s)"
    let numbers = note.split(whereSeparator: { " ()".contains($0) }).compactMap { Double($0) }
    #expect(numbers.count == 3, "\(note)")
    if numbers.count == 3 {
      #expect(numbers[0] == Double(Set(stops.compactMap { $0["id"] as? String }).count))
      let numbers = Array(numbers.dropFirst())
      #expect(numbers[1] >= 0.4)
      #expect(numbers[0] <= numbers[1] * 1.5, "\(note)")
    }
  }

  @Test func aPlanSucceedsWhenThePhotoServiceIsDown() throws {
    let run = try run(geosearch: [.init(status: 503, body: "{}")])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("warning: photos: "))
    #expect(run.stderr.contains("commons: "))
    for stop in try stops(run) {
      #expect((stop["photos"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func withoutTheFlagStopsHaveNoPhotos() throws {
    let run = try run(geosearch: [.init(status: 500, body: "{}")], photos: false)
    #expect(run.status == 0)
    #expect(try stops(run).allSatisfy { $0["photos"] == nil })
    #expect(!run.stderr.contains("photos"))
  }
}
