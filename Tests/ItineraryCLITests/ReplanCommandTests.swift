import Foundation
import Testing

/// `plans replan` as a person runs it, on a data directory of its own.
@Suite struct ReplanCommandTests {
  static func stops(_ text: String) throws -> [String] {
    let plans = try #require(try jsonObject(text)["plans"] as? [[String: Any]])
    let stops = try #require(plans.first?["stops"] as? [[String: Any]])
    return stops.compactMap { $0["id"] as? String }
  }

  @Test func replanChangesOneStopKeepsTheOthersAndSaves() throws {
    let session = try StoreCommandTests.Session()
    defer { session.remove() }
    let planned = session.succeed(
      "plan", "museum", "cafe", "park", "--anytime", "--top", "1", "--format", "json")
    #expect(session.run("save", "--name", "Day").status == 0)
    let old = try Self.stops(planned.stdout)
    let replanned = session.succeed("plans", "replan", "Day", "--replace", "2", "--format", "json")
    let new = try Self.stops(replanned.stdout)
    #expect(new.count == 3 && new[0] == old[0] && new[2] == old[2] && new[1] != old[1])
    let unchanged = session.run("plans", "export", "Day")
    #expect(try Self.stops(unchanged.stdout) == old)
    let table = session.run("plans", "replan", "Day", "--replace", "2", "--save")
    #expect(table.status == 0 && table.stdout.contains("#1"))
    #expect(try Self.stops(session.run("plans", "export", "Day").stdout) == new)
    let gpx = session.run("plans", "replan", "Day", "--replace", "1", "--format", "gpx")
    #expect(gpx.status == 0 && gpx.stdout.contains("<gpx"))
  }

  @Test func anUnknownNameOrStopIsOneUsageError() throws {
    let session = try StoreCommandTests.Session()
    defer { session.remove() }
    _ = session.run("plan", "museum", "cafe", "--anytime", "--top", "1")
    #expect(session.run("save", "--name", "Day").status == 0)
    for arguments in [
      ["plans", "replan", "Night", "--replace", "1"], ["plans", "replan", "Day", "--replace", "3"],
      ["plans", "replan", "Day", "--replace", "0"], ["plans", "replan", "Day"],
    ] {
      let run = session.run(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1)
    }
  }
}
