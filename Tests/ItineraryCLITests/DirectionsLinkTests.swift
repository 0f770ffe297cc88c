import Foundation
import Testing

/// Every stop of a JSON answer links the OpenStreetMap directions of the leg
/// that reaches it: from the start, then from the stop before, with the
/// engine of the travel mode.
@Suite struct DirectionsLinkTests {
  static func route(_ link: String) -> [[Double]] {
    let route = link.split(separator: "route=").last.map(String.init) ?? ""
    return route.split(separator: ";").map { $0.split(separator: ",").compactMap { Double($0) } }
  }

  @Test(arguments: [("walk", "foot"), ("bike", "bike"), ("drive", "car")])
  func eachLegLinksFromThePointBefore(mode: String, engine: String) throws {
    let run = CommandRun([
      "plan", "museum", "cafe", "park", "--anytime", "--mode", mode, "--format", "json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let origin = try #require(json["origin"] as? [String: Double])
    let plans = try #require(json["plans"] as? [[String: Any]])
    #expect(!plans.isEmpty)
    for plan in plans {
      var previous = [origin["lat"] ?? 0, origin["lon"] ?? 0]
      for stop in plan["stops"] as? [[String: Any]] ?? [] {
        let link = try #require(stop["directions"] as? String)
        #expect(
          link.hasPrefix(
            "https://www.openstreetmap.org/directions?engine=fossgis_osrm_\(engine)&route="))
        let here = [stop["lat"] as? Double ?? 0, stop["lon"] as? Double ?? 0]
        let route = Self.route(link)
        #expect(route.count == 2)
        for (got, want) in zip(route, [previous, here]) {
          #expect(got.count == 2 && abs(got[0] - want[0]) < 1e-6 && abs(got[1] - want[1]) < 1e-6)
        }
        previous = here
      }
    }
  }
}
