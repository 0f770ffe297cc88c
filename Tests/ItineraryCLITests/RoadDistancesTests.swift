import Foundation
import ItineraryCLI
import ItineraryLoopback
import ItineraryWorkloads
import Testing

/// `plan --distances osrm` against the loopback server's OSRM `/table`.
@Suite struct RoadDistancesTests {
  static let arguments = [
    "plan", "--anytime", "restaurant", "park", "art", "--distances", "osrm", "--format", "json",
    "--exact",
  ]

  static func environment(_ server: LoopbackServer, cache: URL) -> [String: String] {
    [
      "ITINERARY_OSRM_URL": server.baseURL, "ITINERARY_CACHE_DIR": cache.path,
      "PATH": "/usr/bin:/bin", "ITINERARY_NO_HISTORY": "1",
    ]
  }

  static func plans(_ run: CommandRun) throws -> (json: [String: Any], plans: [[String: Any]]) {
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return (json, try #require(json["plans"] as? [[String: Any]]))
  }

  @Test func plansOnTheRoadTableWithinOSRMsLimit() throws {
    // No road reaches or leaves point 1, the first candidate kept.
    let server = try LoopbackServer([
      .init(
        path: "/table/v1/foot/", responses: [.init(osrmTable: .init(detour: 1.5, unreachable: [1]))]
      )
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = Self.environment(server, cache: cache)
    let run = LivePlanTests.run(Self.arguments + ["--verify"], environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("keeping the best-scored 99 of "), "\(run.stderr)")
    #expect(run.stderr.contains("road distances from OSRM (foot, 100 points)"))
    let (json, plans) = try Self.plans(run)
    #expect(json["distances"] as? String == "osrm")
    #expect((json["verify"] as? [String: Any])?["agrees"] as? Bool == true)
    #expect(plans.count == 3)
    let stats = try server.stats()
    #expect(stats.requests == 1)
    let path = try #require(stats.log.first?.path)
    #expect(path.split(separator: "?")[0].split(separator: ";").count == 100)
    // The unreachable point is never a stop; legs are road legs with OSRM's times.
    let first = path.split(separator: "?")[0].split(separator: "/").last?.split(separator: ";")
    let unreachable = try #require(first?[1]).split(separator: ",")
    for plan in plans {
      let stops = try #require(plan["stops"] as? [[String: Any]])
      for stop in stops {
        let lon = try #require(stop["lon"] as? Double)
        let lat = try #require(stop["lat"] as? Double)
        #expect(!(Double(unreachable[0]) == lon && Double(unreachable[1]) == lat))
        let km = try #require(stop["legKm"] as? Double)
        let minutes = try #require(stop["legMinutes"] as? Double)
        #expect(abs(minutes - km * 1000 / 1.4 / 60) < 0.01 + 1e-3 * minutes)
      }
    }

    // The table is cached: a second run asks nothing, and plans the same.
    let again = LivePlanTests.run(Self.arguments + ["--verify"], environment: environment)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try server.stats().requests == 1)
    #expect(
      again.stdout.replacing(/"millis" : [0-9.e-]+/, with: "")
        == run.stdout.replacing(/"millis" : [0-9.e-]+/, with: ""))
  }

  @Test func theCitysStreetsAreTheDefaultAndAskNoService() throws {
    let run = CommandRun(["plan", "--anytime", "restaurant", "park", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Self.plans(run).json["distances"] as? String == "network")
    #expect(!run.stderr.contains("OSRM"))
  }

  @Test func osrmFailingExitsWith69NamingIt() throws {
    let server = try LoopbackServer([
      .init(path: "/table/", responses: [.init(status: 400, body: #"{"code": "TooBig"}"#)])
    ])
    let cache = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let run = LivePlanTests.run(
      Self.arguments, environment: Self.environment(server, cache: cache))
    #expect(run.status == 69)
    let line = try #require(run.errorLine, "\(run.stderr)")
    #expect(line.contains("osrm"), "\(line)")
    #expect(run.stdout.isEmpty)
  }

  @Test func anUnknownDistanceIsBadUsage() {
    let run = CommandRun(["plan", "--anytime", "park", "--distances", "roads"])
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("--distances") == true)
  }
}
