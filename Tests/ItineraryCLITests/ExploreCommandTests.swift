import Foundation
import ItineraryCore
import ItineraryTestSupport
import Testing

/// `explore` on the embedded city and `solve` on trip instances: every day
/// lived through again from its printed legs and checked against the hours,
/// the objective recomputed from the stops, and the bad requests.
@Suite struct ExploreCommandTests {
  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

  static func json(_ run: CommandRun) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]) ?? [:]
  }

  static func minutes(_ text: Any?, from start: Date) throws -> Double {
    let local = try LocalDateTime(parsing: try #require(text as? String))
    return try local.instant(in: helsinki).timeIntervalSince(start) / 60
  }

  /// Checks each day of a trip response: legs, waits and dwell add up to the
  /// printed times, each visit inside its hours (its category's usual ones
  /// in a person's day, when its own are unknown), the day over by its end, no
  /// place twice, and the objective the documented sum (each place's worth,
  /// less the distance and waiting prices, plus the meals, less each day's
  /// variety penalty).
  static func checkTrip(
    _ response: [String: Any], dwell: [String: Double], limit: Int? = nil, label: String
  ) throws {
    let days = try #require(response["days"] as? [[String: Any]], "\(label)")
    var seen: Set<String> = []
    var perCategory: [String: Int] = [:]
    var objective = 0.0
    let weight = try #require(response["distanceWeight"] as? Double)
    let waitWeight = (response["time"] as? [String: Any])?["waitWeight"] as? Double ?? 0
    let shaping = response["shaping"] as? [String: Any]
    let byTime = shaping?["worthByTime"] as? Bool == true
    let penalty = shaping?["varietyPenalty"] as? Double ?? 0
    for day in days {
      var dayCategory: [String: Int] = [:]
      let start = try LocalDateTime(parsing: try #require(day["start"] as? String))
        .instant(in: helsinki)
      let end = try minutes(day["end"], from: start)
      var clock = 0.0
      var distance = 0.0
      for stop in try #require(day["stops"] as? [[String: Any]]) {
        let id = try #require(stop["id"] as? String)
        #expect(seen.insert(id).inserted, "\(label): \(id) twice")
        let category = try #require(stop["category"] as? String)
        perCategory[category, default: 0] += 1
        dayCategory[category, default: 0] += 1
        let leg = try #require(stop["legMinutes"] as? Double)
        let wait = try #require(stop["waitMinutes"] as? Double)
        #expect(wait >= 0)
        let begin = try minutes(stop["begin"], from: start)
        #expect(abs(begin - (clock + leg + wait)) <= 0.5 + 1e-9, "\(label)")
        let stay = stop["dwellMinutes"] as? Double ?? dwell[category] ?? 0
        clock += leg + wait + stay
        let leave = try minutes(stop["leave"], from: start)
        #expect(abs(leave - clock) <= 0.5 + 1e-9, "\(label)")
        distance += try #require(stop["legKm"] as? Double)
        let score = try #require(stop["score"] as? Double)
        objective += score * (byTime ? (max(stay, 1) / 60).squareRoot() : 1)
        objective -= waitWeight * wait
        // A person's day presumes a category's usual hours where a place's are unknown.
        let usual = shaping == nil ? nil : CanonicalCategory.usualHours[category]
        let known = stop["hoursKnown"] as? Bool == true
        if let text = known ? stop["openingHours"] as? String : usual,
          let hours = try? OpeningHours(text)
        {
          let windows = hours.openWindows(
            from: start, to: start.addingTimeInterval(86_400), in: helsinki)
          let fits = windows.intervals.contains { $0.begin <= begin + 0.5 && leave - 0.5 <= $0.end }
          #expect(fits, "\(label): \(stop["name"] ?? "") \(text) \(begin)-\(leave)")
        }
      }
      let back = try #require(day["returnMinutes"] as? Double)
      distance += try #require(day["returnKm"] as? Double)
      #expect(clock + back <= end + 1e-6, "\(label): back after the end")
      #expect(abs((day["distanceKm"] as? Double ?? -1) - distance) < 1e-9)
      objective -= weight * distance
      objective -= penalty * dayCategory.values.reduce(0.0) { $0 + Double($1 * ($1 - 1) / 2) }
    }
    if let limit { #expect(perCategory.values.allSatisfy { $0 <= limit }, "\(label)") }
    if let shaping {
      let meals = try #require(shaping["meals"] as? Int)
      #expect(meals <= perCategory["restaurant", default: 0], "\(label)")
      objective += Double(meals) * (try #require(shaping["mealBonus"] as? Double))
      #expect(shaping["varietyPenalty"] is Double, "\(label)")
    }
    let printed = try #require(response["objective"] as? Double)
    #expect(abs(printed - objective) < 1e-6, "\(label): \(printed) != \(objective)")
  }

  /// The minutes at a stop of each category, as the vocabulary gives them.
  static let dwell = Dictionary(
    uniqueKeysWithValues: CategoryVocabulary.standard.categories.map {
      ($0.name, $0.dwellMinutes ?? 0)
    })

  @Test func dayByDayTakesThreeWords() throws {
    let run = CommandRun([
      "explore", "museum", "--day", "2026-12-02", "10:00", "13:00", "--day", "2026-12-04",
      "14:00", "17:30", "--format", "json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let days = try #require(Self.json(run)["days"] as? [[String: Any]])
    #expect(days.map { $0["end"] as? String } == ["2026-12-02T13:00", "2026-12-04T17:30"])
  }

  @Test(arguments: [
    ["explore", "museum", "--start", "2026-12-01T10:00", "--end", "12:00", "--top", "3"],
    ["explore", "museum", "--start", "2026-12-01T10:00", "--end", "12:00", "--days", "0"],
    ["explore", "museum", "--start", "2026-12-01T10:00", "--end", "12:00", "--days", "40"],
    ["explore", "museum", "--day", "2026-12-01", "10:00"],
    [
      "explore", "museum", "--start", "2026-12-01T10:00", "--end", "12:00", "--max-per-category",
      "0",
    ],
    [
      "explore", "museum", "--start", "2026-12-01T10:00", "--end", "12:00", "--days", "2", "--day",
      "2026-12-01 10:00 12:00",
    ],
  ])
  func badRequestsAreUsageErrors(arguments: [String]) {
    let run = CommandRun(arguments)
    #expect(run.status == 64, "\(arguments): \(run.stderr)")
    #expect(run.errorLine != nil, "\(arguments): \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func anEndBeforeTheStartIsBadData() {
    let run = CommandRun(["explore", "museum", "--start", "2026-12-01T14:00", "--end", "10:00"])
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.errorLine != nil)
  }

  /// A trip instance: two days, a category limit, places with hours.
  static let instance = """
    {"origin": {"lat": 60.1699, "lon": 24.9384},
     "timeZone": "Europe/Helsinki",
     "select": {"maxPerCategory": 2, "categories": ["museum", "cafe"]},
     "days": [{"start": "2026-12-01T10:00", "end": "2026-12-01T14:00"},
              {"start": "2026-12-02T10:00", "end": "13:00"}],
     "dwellMinutes": {"museum": 90, "cafe": 30},
     "waitWeight": 0.01,
     "places": [
       {"id": "m1", "categories": ["museum"], "lat": 60.1720, "lon": 24.9400, "score": 4.5,
        "openingHours": "Mo-Su 11:00-17:00"},
       {"id": "m2", "categories": ["museum"], "lat": 60.1680, "lon": 24.9450, "score": 4.0,
        "openingHours": "Tu-Su 10:00-18:00"},
       {"id": "m3", "categories": ["museum"], "lat": 60.1650, "lon": 24.9300, "score": 3.5},
       {"id": "c1", "categories": ["cafe"], "lat": 60.1700, "lon": 24.9390, "score": 3.0,
        "openingHours": "Mo-Fr 08:00-12:00"},
       {"id": "c2", "categories": ["cafe"], "lat": 60.1710, "lon": 24.9370, "score": 2.5},
       {"id": "c3", "categories": ["cafe"], "lat": 60.1690, "lon": 24.9420, "score": 2.0,
        "openingHours": "Mo-Su 12:00-12:20"},
       {"id": "x", "categories": ["bar"], "lat": 60.1699, "lon": 24.9385, "score": 9}
     ]}
    """

  @Test func solveChoosesATripFromAnInstance() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "trip.json")
    try Data(Self.instance.utf8).write(to: file)
    let run = CommandRun(["solve", file.path, "--top", "3", "--verify"])
    #expect(run.status == 0, "\(run.stderr)")
    let response = Self.json(run)
    #expect((response["solver"] as? [String: Any])?["optimal"] as? Bool == true)
    #expect((response["verify"] as? [String: Any])?["status"] as? String == "agreed")
    let days = try #require(response["days"] as? [[String: Any]])
    #expect(days.count == 2)
    let ids = days.flatMap {
      ($0["stops"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
    #expect(!ids.contains("x"), "a bar is not selected")
    #expect(!ids.contains("c3"), "a 20-minute opening cannot hold a 30-minute visit")
    #expect(ids.filter { $0.hasPrefix("m") }.count <= 2)
    let weight = 0.01
    var objective = 0.0
    for day in days {
      for stop in day["stops"] as? [[String: Any]] ?? [] {
        objective +=
          (stop["score"] as? Double ?? 0) - weight * (stop["waitMinutes"] as? Double ?? 0)
      }
      objective -= 0.5 * (day["distanceKm"] as? Double ?? 0)
    }
    #expect(abs((response["objective"] as? Double ?? 0) - objective) < 1e-6)
  }

  @Test(arguments: [
    ("\"days\": []", "days"),
    ("\"days\": [{\"start\": \"2026-12-01T10:00\", \"end\": \"09:00\"}]", "end"),
    (
      "\"days\": [{\"start\": \"2026-12-01T10:00\", \"end\": \"12:00\"}, {\"start\": \"2026-12-01T11:00\", \"end\": \"13:00\"}]",
      "start"
    ),
    ("\"select\": {\"maxPerCategory\": 0}, \"start\": \"2026-12-01T10:00\"", "maxPerCategory"),
    ("\"select\": {\"categories\": []}, \"start\": \"2026-12-01T10:00\"", "categories"),
    ("\"select\": {}", "start"),
    ("\"select\": 3, \"start\": \"2026-12-01T10:00\"", "select"),
  ])
  func brokenTripKeysAreBadData(keys: String, field: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "trip.json")
    let text = """
      {"origin": {"lat": 60.17, "lon": 24.94}, \(keys),
       "places": [{"id": "a", "categories": ["museum"], "lat": 60.171, "lon": 24.941}]}
      """
    try Data(text.utf8).write(to: file)
    let run = CommandRun(["solve", file.path])
    #expect(run.status == 65, "\(keys): \(run.stderr)")
    #expect(run.errorLine?.contains(field) == true, "\(keys): \(run.stderr)")
  }
}

extension ExploreCommandTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test(
      arguments: [
        ("2026-12-01T13:00", "18:00"), ("2026-12-05T09:30", "12:00"), ("2026-12-06T16:00", "22:00"),
        ("2026-07-10T10:00", "20:00"), ("2026-12-09T07:00", "23:30"),
      ])
    func aTripOnTheEmbeddedCityKeepsEveryHour(start: String, end: String) throws {
      let run = CommandRun([
        "explore", "museum", "cafe", "art", "shopping", "bar", "--start", start, "--end", end,
        "--max-per-category", "2", "--format", "json",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let response = ExploreCommandTests.json(run)
      try ExploreCommandTests.checkTrip(
        response, dwell: ExploreCommandTests.dwell, limit: 2, label: start)
      #expect((response["objective"] as? Double ?? 0) > 0, "\(start): nothing chosen")
    }

    /// Variety is priced day by day: on a three-day trip over every
    /// category, the third day's stops are worth as much as the first's, so
    /// no day is left bare.
    @Test func everyDayOfAThreeDayTripHasItsStops() throws {
      let run = CommandRun([
        "explore", "--start", "2026-12-09", "08:00", "--end", "17:00", "--days", "3", "--format",
        "json",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let response = ExploreCommandTests.json(run)
      let days = try #require(response["days"] as? [[String: Any]])
      let stops = days.map { ($0["stops"] as? [Any])?.count ?? 0 }
      #expect(days.count == 3 && stops.allSatisfy { $0 >= 3 }, "stops a day: \(stops)")
      try ExploreCommandTests.checkTrip(
        response, dwell: ExploreCommandTests.dwell, label: "three days")
    }

    @Test func daysRepeatTheHoursOnConsecutiveDates() throws {
      let run = CommandRun([
        "explore", "museum", "landmark", "--start", "2026-12-01", "10:00", "--end", "16:00",
        "--days", "2", "--format", "json",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let response = ExploreCommandTests.json(run)
      let days = try #require(response["days"] as? [[String: Any]])
      #expect(days.map { $0["start"] as? String } == ["2026-12-01T10:00", "2026-12-02T10:00"])
      #expect(days.map { $0["end"] as? String } == ["2026-12-01T16:00", "2026-12-02T16:00"])
      try ExploreCommandTests.checkTrip(
        response, dwell: ExploreCommandTests.dwell, label: "two days")
    }

    @Test func theTableAndTheMapShowEachDay() throws {
      let arguments = [
        "explore", "museum", "--start", "2026-12-01T10:00", "--end", "17:00", "--days", "2",
      ]
      let table = CommandRun(arguments)
      #expect(table.status == 0, "\(table.stderr)")
      #expect(table.stdout.contains("day 1  Tu 2026-12-01 10:00-17:00"), "\(table.stdout)")
      #expect(table.stdout.contains("day 2  We 2026-12-02 10:00-17:00"), "\(table.stdout)")
      let map = CommandRun(arguments + ["--format", "geojson"])
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(map.stdout.utf8)) as? [String: Any])
      let features = try #require(json["features"] as? [[String: Any]])
      let lines = features.filter {
        ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString"
      }
      #expect(lines.count == 2)
      for line in lines {
        let points = try #require(
          (line["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(points.first == points.last, "a day ends back at the start")
      }
    }
  }
}
