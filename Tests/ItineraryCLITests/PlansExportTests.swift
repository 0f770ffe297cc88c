import Foundation
import Testing

/// `plans export NAME` writes a saved plan in every plan format: the format
/// by `--format` or by the extension of `-o FILE`, and a timeless plan is
/// no calendar.
@Suite struct PlansExportTests {
  @Test func aSavedPlanLeavesAsACalendarATrackAndAPage() throws {
    let session = try StoreCommandTests.Session()
    defer { session.remove() }
    let timed = session.succeed(
      "plan", "museum", "cafe", "--start", "2026-12-01T10:00", "--top", "1", "--format", "json")
    let file = session.directory.appending(path: "timed.json")
    try Data(timed.stdout.utf8).write(to: file)
    #expect(session.run("save", "--name", "Morning", file.path).status == 0)
    let stops = try #require(try ExportFormatTests.stops(timed).first)

    let calendar = session.succeed("plans", "export", "morning", "--format", "ics")
    #expect(calendar.stdout.hasPrefix("BEGIN:VCALENDAR\r\n"))
    #expect(calendar.stdout.components(separatedBy: "BEGIN:VEVENT\r\n").count == stops.count + 1)

    let track = session.directory.appending(path: "morning.gpx")
    #expect(session.run("plans", "export", "Morning", "-o", track.path).status == 0)
    let gpx = try String(contentsOf: track, encoding: .utf8)
    #expect(gpx.contains("xmlns=\"http://www.topografix.com/GPX/1/1\""))
    #expect(gpx.components(separatedBy: "<wpt ").count == stops.count + 1)

    let page = session.run("plans", "export", "Morning", "--format", "html")
    #expect(page.status == 0 && page.stdout.contains("<html"), "\(page.stderr)")

    let timeless = session.run("plan", "museum", "cafe", "--anytime", "--format", "json")
    let other = session.directory.appending(path: "timeless.json")
    try Data(timeless.stdout.utf8).write(to: other)
    #expect(session.run("save", "--name", "Whenever", other.path).status == 0)
    let refused = session.run("plans", "export", "Whenever", "--format", "ics")
    #expect(refused.status == 64)
    #expect(refused.errorLine?.contains("saved plan \"Whenever\"") == true, "\(refused.stderr)")
    #expect(refused.stdout.isEmpty)
  }
}
