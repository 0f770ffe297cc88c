import Foundation
import ItineraryCore
import Testing

/// `solve` against docs/reference.md, its objective recomputed here independently.
@Suite struct SolveCommandTests {
  /// A small instance whose best plan is worked out by hand below.
  static let instance = """
    {"version": 1, "origin": {"lat": 60.1699, "lon": 24.9384},
     "categories": ["Restaurant", "park"],
     "places": [
       {"id": "r1", "name": "Near", "categories": ["restaurant"], "lat": 60.1700, "lon": 24.9390,
        "rating": 4.0, "reviewCount": 10},
       {"id": "r2", "name": "Far", "categories": ["RESTAURANT"], "lat": 60.1900, "lon": 24.9384,
        "score": 4.5},
       {"id": "p1", "name": "Park", "categories": ["park"], "lat": 60.1710, "lon": 24.9400},
       {"id": 7, "name": "Both", "categories": ["park", "restaurant"], "lat": 60.1699,
        "lon": 24.9385, "score": 1, "unknownKey": true}
     ]}
    """

  func solve(_ extra: [String]) throws -> (CommandRun, [String: Any]) {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "instance.json")
    try Data(Self.instance.utf8).write(to: file)
    let run = CommandRun(["solve", file.path] + extra)
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    return (run, try #require(json))
  }

  /// The documented objective, computed without the library.
  static func objective(stops: [(lat: Double, lon: Double, score: Double)], weight: Double)
    -> Double
  {
    func haversine(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
      let r = 6371.0088
      let (p1, p2) = (a.0 * .pi / 180, b.0 * .pi / 180)
      let dp = p2 - p1
      let dl = (b.1 - a.1) * .pi / 180
      let h = pow(sin(dp / 2), 2) + cos(p1) * cos(p2) * pow(sin(dl / 2), 2)
      return 2 * r * asin(sqrt(h))
    }
    var previous = (60.1699, 24.9384)
    var total = 0.0
    for stop in stops {
      total += stop.score - weight * haversine(previous, (stop.lat, stop.lon))
      previous = (stop.lat, stop.lon)
    }
    return total
  }

  @Test func bestPlanMatchesAHandComputation() throws {
    let (run, json) = try solve(["--top", "1"])
    #expect(run.status == 0, "\(run.stderr)")
    let plans = try #require(json["plans"] as? [[String: Any]])
    #expect(plans.count == 1)
    let stops = try #require(plans[0]["stops"] as? [[String: Any]])
    // Near (score (10*4 + 10*3)/20 = 3.5) then Park (unrated: 3.0); Far is
    // 2.2 km away (1.1 points) and Both scores 1.
    #expect(stops.compactMap { $0["id"] as? String } == ["r1", "p1"])
    #expect(stops.compactMap { $0["category"] as? String } == ["Restaurant", "park"])
    let expected = Self.objective(
      stops: [(60.1700, 24.9390, 3.5), (60.1710, 24.9400, 3.0)], weight: 0.5)
    let objective = try #require(plans[0]["objective"] as? Double)
    #expect(abs(objective - expected) < 1e-9)
    let solver = try #require(json["solver"] as? [String: Any])
    #expect(solver["optimal"] as? Bool == true)
    #expect(solver["millis"] is Double)
  }

  @Test func objectivesPrintWithAtLeastNineSignificantDigits() throws {
    let (run, _) = try solve(["--top", "2"])
    let pattern = /"(objective|distanceKm)" : (-?[0-9.]+)/
    let numbers = run.stdout.matches(of: pattern).map { String($0.output.2) }
    #expect(numbers.count == 4)
    for number in numbers {
      #expect(number.filter(\.isNumber).drop { $0 == "0" }.count >= 9, "\(number)")
    }
  }

  @Test func flagsOverrideTheFile() throws {
    let (_, json) = try solve(["--top", "50", "--round-trip", "--distance-weight", "0"])
    let plans = try #require(json["plans"] as? [[String: Any]])
    // Two restaurants-or-both for the first stop, two parks-or-both for the
    // second, distinct places: 2*2 + 1 (Both, Park) - 0 = 5 plans... counted:
    // (r1,p1) (r1,7) (r2,p1) (r2,7) (7,p1).
    #expect(plans.count == 5)
    let objectives = plans.compactMap { $0["objective"] as? Double }
    #expect(objectives == objectives.sorted(by: >))
    // With no price on distance the best plan is the best two scores: Far then Park.
    let first = try #require(plans.first?["stops"] as? [[String: Any]])
    #expect(first.compactMap { $0["id"] as? String } == ["r2", "p1"])
    #expect(plans.first?["returnKm"] is Double)
  }

  @Test func aCategoryWithNoPlaceIsNotACrash() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "instance.json")
    try Data(Self.instance.replacingOccurrences(of: "\"park\"],\n", with: "\"museum\"],\n").utf8)
      .write(to: file)
    let run = CommandRun(["solve", file.path])
    #expect(run.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    #expect((json?["plans"] as? [Any])?.isEmpty == true)
    #expect((json?["reason"] as? String)?.contains("museum") == true)
  }

  @Test func geoJSONIsAFeatureCollectionWithLonLatOrder() throws {
    let (run, json) = try solve(["--top", "3", "--format", "geojson"])
    #expect(run.status == 0)
    #expect(json["type"] as? String == "FeatureCollection")
    let features = try #require(json["features"] as? [[String: Any]])
    let geometries = features.compactMap { $0["geometry"] as? [String: Any] }
    let lines = geometries.filter { $0["type"] as? String == "LineString" }
    let points = geometries.filter { $0["type"] as? String == "Point" }
    #expect(lines.count == 3)
    #expect(points.count == 6)
    for line in lines {
      let coordinates = try #require(line["coordinates"] as? [[Double]])
      #expect(coordinates.first == [24.9384, 60.1699], "starts at the origin, [lon, lat]")
      #expect(coordinates.count == 3)
    }
    for feature in features
    where (feature["geometry"] as? [String: Any])?["type"] as? String == "Point" {
      let properties = try #require(feature["properties"] as? [String: Any])
      for key in ["rank", "order", "id", "name", "category", "score"] {
        #expect(properties[key] != nil, "Point lacks \(key)")
      }
      let position = try #require(
        (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
      #expect(position.count == 2 && abs(position[0]) > 24 && abs(position[1]) > 60)
    }
    for feature in features
    where (feature["geometry"] as? [String: Any])?["type"] as? String == "LineString" {
      let properties = try #require(feature["properties"] as? [String: Any])
      for key in ["rank", "objective", "distanceKm"] {
        #expect(properties[key] != nil, "LineString lacks \(key)")
      }
    }
  }
}
