import Foundation
import ItineraryCore
import ItineraryTestSupport
import Testing

/// Legs on the streets, as a person gets them: the default in a city with
/// streets, each leg's path in JSON and GeoJSON, no leg shorter than the
/// great circle, and places with no path out of reach.
@Suite struct NetworkDistancesTests {
  static func json(_ run: CommandRun) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  static func point(_ pair: [Double]) -> Coordinate { Coordinate(lat: pair[1], lon: pair[0]) }

  static func length(_ path: [[Double]]) -> Double {
    zip(path, path.dropFirst()).reduce(0) {
      $0 + GreatCircle.distanceKm(point($1.0), point($1.1))
    }
  }

  /// Checks a route's legs: each path runs from the point before to its
  /// stop, is as long as the leg, and no shorter than the great circle.
  static func checkLegs(_ stops: [[String: Any]], from origin: Coordinate) throws {
    var before = origin
    for stop in stops {
      let here = Coordinate(
        lat: try #require(stop["lat"] as? Double), lon: try #require(stop["lon"] as? Double))
      let path = try #require(stop["legPath"] as? [[Double]])
      let km = try #require(stop["legKm"] as? Double)
      #expect(path.first.map(point) == before && path.last.map(point) == here)
      #expect(abs(length(path) - km) < 1e-6)
      #expect(km >= GreatCircle.distanceKm(before, here))
      before = here
    }
  }

  @Test func plansFollowTheStreetsByDefault() throws {
    let run = CommandRun(["plan", "restaurant > park > art", "--round-trip", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try Self.json(run)
    #expect(json["distances"] as? String == "network")
    let origin = try #require(json["origin"] as? [String: Double])
    let start = Coordinate(lat: origin["lat"] ?? 0, lon: origin["lon"] ?? 0)
    let plans = try #require(json["plans"] as? [[String: Any]])
    #expect(!plans.isEmpty)
    for plan in plans {
      let stops = try #require(plan["stops"] as? [[String: Any]])
      try Self.checkLegs(stops, from: start)
      let back = try #require(plan["returnPath"] as? [[Double]])
      #expect(back.last.map(Self.point) == start)
      #expect(abs(Self.length(back) - (plan["returnKm"] as? Double ?? 0)) < 1e-6)
    }
  }

  @Test func theGeoJSONLineIsThePath() throws {
    let json = try Self.json(CommandRun(["plan", "cafe", "museum", "--format", "json"]))
    let geo = try Self.json(CommandRun(["plan", "cafe", "museum", "--format", "geojson"]))
    let plans = try #require(json["plans"] as? [[String: Any]])
    let features = try #require(geo["features"] as? [[String: Any]])
    let lines = features.compactMap { $0["geometry"] as? [String: Any] }
      .filter { $0["type"] as? String == "LineString" }
      .compactMap { $0["coordinates"] as? [[Double]] }
    #expect(lines.count == plans.count)
    for (line, plan) in zip(lines, plans) {
      let km = try #require(plan["distanceKm"] as? Double)
      #expect(abs(Self.length(line) - km) < 1e-6)
      #expect(line.count > 3, "a line along the streets, not from stop to stop")
    }
  }

  @Test func straightLegsHaveNoPath() throws {
    let run = CommandRun(["plan", "cafe", "park", "--distances", "straight", "--format", "json"])
    let json = try Self.json(run)
    #expect(json["distances"] as? String == "straight")
    let plans = try #require(json["plans"] as? [[String: Any]])
    let stops = plans.flatMap { $0["stops"] as? [[String: Any]] ?? [] }
    #expect(!stops.isEmpty && stops.allSatisfy { $0["legPath"] == nil })
  }

  @Test func networkDistancesNeedACityWithStreets() {
    let run = CommandRun([
      "plan", "cafe", "--at", "40.758,-73.985", "--provider", "overpass", "--distances", "network",
    ])
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("--distances network") == true, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func aStartFarFromEveryStreetIsNoPlanSayingWhy() {
    // In the sea south of the extract, within the city's margin.
    let run = CommandRun(["plan", "cafe", "--at", "60.152,24.945"])
    #expect(run.status == 1)
    #expect(run.errorLine?.contains("from every street") == true, "\(run.stderr)")
  }
}

/// An imported extract with an island: a footway on the shore with a cafe,
/// and a footway no street reaches with another.
@Suite(.enabled(if: osmiumInstalled, "osmium (osmium-tool) is not installed: skipped"))
struct IslandTests {
  static let opl = """
    n1 T x24.9500000 y60.1600000
    n2 T x24.9520000 y60.1600000
    n3 T x24.9540000 y60.1600000
    n4 T x24.9500000 y60.1640000
    n5 T x24.9520000 y60.1640000
    n20 Tamenity=cafe,name=Shore%20%Cafe x24.9540000 y60.1601000
    n21 Tamenity=cafe,name=Island%20%Cafe,website=https://example.org,wikidata=Q2,opening_hours=24/7 x24.9520000 y60.1641000
    w10 Thighway=footway Nn1,n2,n3
    w11 Thighway=footway Nn4,n5
    """

  @Test func aPlaceWithNoPathIsOutOfReachSayingSo() throws {
    let data = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let pbf = try extract(Self.opl, in: data, named: "island")
    #expect(cityRun(["city", "import", pbf.path, "--name", "island"], data: data).status == 0)
    let plan = cityRun(
      ["plan", "cafe", "--at", "60.16,24.95", "--anytime", "--format", "json"], data: data)
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(plan.stdout.contains("Shore Cafe") && !plan.stdout.contains("Island Cafe"))
    #expect(plan.stderr.contains("1 place has no path from the start"), "\(plan.stderr)")
    let straight = cityRun(
      ["plan", "cafe", "--at", "60.16,24.95", "--anytime", "--distances", "straight"], data: data)
    #expect(straight.stdout.contains("Island Cafe"), "straight lines cross the water")
    let island = cityRun(["plan", "Island Cafe", "--at", "60.16,24.95", "--anytime"], data: data)
    #expect(island.status == 1)
    #expect(island.stderr.contains("no path from the start"), "\(island.stderr)")
  }
}

extension NetworkDistancesTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test func tripsFollowTheStreetsToo() throws {
      let run = CommandRun([
        "explore", "museum", "cafe", "park", "--start", "2026-12-01T13:00", "--end", "18:00",
        "--format", "json",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let json = try NetworkDistancesTests.json(run)
      #expect(json["distances"] as? String == "network")
      let origin = try #require(json["origin"] as? [String: Double])
      let days = try #require(json["days"] as? [[String: Any]])
      for day in days {
        let stops = try #require(day["stops"] as? [[String: Any]])
        try NetworkDistancesTests.checkLegs(
          stops, from: Coordinate(lat: origin["lat"] ?? 0, lon: origin["lon"] ?? 0))
        #expect(stops.isEmpty || day["returnPath"] != nil)
      }
    }
  }
}
