import Foundation
import ItineraryOutput
import ItineraryPlanning
import Testing

/// `plan` and `explore` shaped on the command line and in batch lines: named
/// stops, `--avoid`, `--base`, `--end-at`.
@Suite struct ShapedPlanTests {
  static func stops(_ run: CommandRun) throws -> [[[String: Any]]] {
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let plans = try #require(json["plans"] as? [[String: Any]])
    return plans.map { $0["stops"] as? [[String: Any]] ?? [] }
  }

  @Test func namedStopsKeepTheirPositions() throws {
    let run = CommandRun(["plan", "Kiasma > cafe > restaurant", "--anytime", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let plans = try Self.stops(run)
    #expect(!plans.isEmpty)
    #expect(plans.allSatisfy { $0.first?["name"] as? String == "Kiasma" })
    #expect(
      plans.allSatisfy { $0.map { $0["category"] as? String } == ["museum", "cafe", "restaurant"] })
    let typo = CommandRun(["plan", "atenum", "park", "--anytime", "--format", "json"])
    #expect(try Self.stops(typo).allSatisfy { $0.first?["name"] as? String == "Ateneum" })
  }

  @Test func anAmbiguousOrUnknownNameIsExit64WithOneErrorLine() {
    let ambiguous = CommandRun(["plan", "Helsingin", "--anytime"])
    #expect(ambiguous.status == 64)
    #expect(ambiguous.errorLine?.contains("Helsingin tuomiokirkko (way/419479428)") == true)
    let unknown = CommandRun(["plan", "park", "Kiasmaxxxx", "--anytime"])
    #expect(unknown.status == 64)
    #expect(unknown.errorLine?.contains("nearest places: Kiasma") == true, "\(unknown.stderr)")
    let avoided = CommandRun(["plan", "park", "--avoid", "Helsingin", "--anytime"])
    #expect(avoided.status == 64)
    #expect(avoided.errorLine?.contains("avoid: 'Helsingin' names 2 places") == true)
  }

  @Test func avoidIsRepeatable() throws {
    let first = try #require(
      try Self.stops(CommandRun(["plan", "cafe", "--anytime", "--format", "json", "--exact"]))
        .prefix(2).map { $0.first?["id"] as? String })
    let ids = first.compactMap { $0 }
    #expect(ids.count == 2)
    let run = CommandRun(
      ["plan", "cafe", "--anytime", "--format", "json", "--avoid", ids[0], "--avoid", ids[1]])
    #expect(run.status == 0, "\(run.stderr)")
    let visited = try Self.stops(run).flatMap { $0.compactMap { $0["id"] as? String } }
    #expect(!visited.isEmpty && visited.allSatisfy { !ids.contains($0) })
  }

  @Test func baseAndEndAtInABatchLine() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "in.jsonl")
    let lines = [
      #"{"id": "b", "plan": {"categories": ["park"], "base": "Kiasma", "anytime": true}}"#,
      #"{"id": "e", "plan": {"categories": ["park"], "endAt": "Ateneum", "anytime": true, "avoid": ["Esplanadi"]}}"#,
      #"{"id": "t", "explore": {"categories": ["museum"], "base": "Kiasma", "start": "2026-12-01 10:00", "end": "2026-12-01 16:00"}}"#,
    ]
    try Data(lines.joined(separator: "\n").utf8).write(to: input)
    let run = CommandRun(["batch", input.path])
    #expect(run.status == 0, "\(run.stderr)")
    let answers = try BatchCommandTests.answers(run.stdout).map {
      $0["result"] as? [String: Any] ?? $0
    }
    #expect(answers.count == 3)
    let base = try #require(answers[0]["plans"] as? [[String: Any]])
    #expect(answers[0]["roundTrip"] as? Bool == true)
    #expect(base.allSatisfy { ($0["returnKm"] as? Double ?? 0) > 0 })
    let end = try #require(answers[1]["plans"] as? [[String: Any]])
    for plan in end {
      let stops = try #require(plan["stops"] as? [[String: Any]])
      #expect(stops.last?["category"] as? String == "end")
      #expect(stops.last?["name"] as? String == "Ateneum")
      #expect(stops.allSatisfy { $0["name"] as? String != "Esplanadi" })
    }
    let origin = try #require(answers[2]["origin"] as? [String: Double])
    #expect(abs((origin["lat"] ?? 0) - 60.172) < 0.001, "\(answers[2])")
  }

  /// `--near` finds the city's own place offline: with Nominatim out of
  /// reach, a place of the city still starts the plan; any other name asks it.
  @Test func nearLooksInTheCityFirst() throws {
    var environment = CommandRun.environment
    environment["ITINERARY_NOMINATIM_URL"] = "http://127.0.0.1:9"
    let run = CommandRun(
      ["plan", "park", "--near", "kiasma", "--anytime", "--format", "json", "--timeout", "2"],
      environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let origin = try #require(json["origin"] as? [String: Double])
    #expect(abs((origin["lat"] ?? 0) - 60.172) < 0.001)
    let elsewhere = CommandRun(
      ["plan", "park", "--near", "Nowhere Street 1", "--anytime", "--timeout", "2"],
      environment: environment)
    #expect(elsewhere.status != 0)
  }

  /// `--must` is repeatable; a must place no trip can visit is exit 1
  /// naming it.
  @Test func mustPlacesAreVisitedOrNamed() throws {
    let base = ["explore", "park", "--start", "2026-12-02 10:00", "--no-meals", "--format", "json"]
    let run = CommandRun(base + ["--end", "15:00", "--must", "Kiasma", "--must", "Ateneum"])
    #expect(run.status == 0, "\(run.stderr)")
    for name in ["\"Kiasma\"", "\"Ateneum\""] { #expect(run.stdout.contains(name)) }
    let closed = CommandRun(base + ["--end", "10:20", "--must", "Kiasma"])
    #expect(closed.status == 1)
    #expect(closed.errorLine?.contains("Kiasma (") == true)
    let plan = CommandRun(["plan", "park", "--must", "Kiasma", "--anytime"])
    #expect(plan.status == 64)
  }

  @Test func helpNamesTheShapingOptions() {
    let plan = CommandRun(["plan", "--help"]).stdout
    for option in ["--avoid PLACE", "--base PLACE|LAT,LON", "--end-at PLACE|LAT,LON", "Kiasma"] {
      #expect(plan.contains(option), "\(option) missing from plan's help")
    }
    let explore = CommandRun(["explore", "--help"]).stdout
    #expect(explore.contains("--avoid PLACE") && explore.contains("--base PLACE|LAT,LON"))
    #expect(explore.contains("--must PLACE") && !plan.contains("--must"))
    #expect(explore.contains("--end-at PLACE|LAT,LON"))
  }

  /// The days of a trip each end at `--end-at` (a place or a point): it is
  /// the last stop of every day that has stops, with no way back.
  @Test func exploreEndsEveryDayAtTheEndPoint() throws {
    let base = ["explore", "museum", "--no-meals", "--format", "json", "--end-at"]
    let run = CommandRun(
      base + [
        "Kiasma", "--day", "2026-12-02", "10:00", "14:00", "--day", "2026-12-03", "10:00",
        "13:00",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let trip = try ResponseJSON.decode(Data(run.stdout.utf8), source: "trip")
    #expect(!trip.roundTrip)
    let days = try #require(trip.days)
    #expect(days.count == 2 && days.allSatisfy { !$0.stops.isEmpty })
    for day in days {
      #expect(day.stops.last?.name == "Kiasma" && day.stops.last?.category == "end")
      #expect(day.stops.dropLast().allSatisfy { $0.category == "museum" })
      #expect(day.returnKm == 0 && day.finish == day.stops.last?.arrive)
    }
    let point = CommandRun(
      base + ["60.1686,24.9439", "--start", "2026-12-02 10:00", "--end", "14:00"])
    #expect(point.status == 0, "\(point.stderr)")
    let ended = try ResponseJSON.decode(Data(point.stdout.utf8), source: "point")
    let last = try #require(ended.days?.first?.stops.last)
    #expect(last.category == "end" && abs(last.lat - 60.1686) < 1e-9)
    let table = CommandRun(
      [
        "explore", "museum", "--no-meals", "--end-at", "Kiasma", "--start", "2026-12-02 10:00",
        "--end", "14:00",
      ])
    #expect(table.stdout.contains("a trip to museum from 60.1699,24.9384 to Kiasma"))
    #expect(!table.stdout.contains("back to the start"), "\(table.stdout)")
  }

  @Test func anEndPointThatIsNoPlaceIsOneErrorLine() {
    let run = CommandRun(
      [
        "explore", "museum", "--end-at", "Kiasmaxxxx", "--start", "2026-12-02 10:00", "--end",
        "14:00",
      ])
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("endAt") == true, "\(run.stderr)")
    #expect(run.errorLine?.contains("'Kiasmaxxxx'") == true, "\(run.stderr)")
    let off = CommandRun(
      ["explore", "museum", "--end-at", "91,24.9", "--start", "2026-12-02 10:00", "--end", "14:00"])
    #expect(off.status == 64)
    #expect(off.errorLine?.contains("endAt") == true, "\(off.stderr)")
  }

  @Test func anExploreBatchLineEndsAtItsEndPoint() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "in.jsonl")
    let line =
      #"{"id": "t", "explore": {"categories": ["museum"], "endAt": "Ateneum", "meals": false, "#
      + #""start": "2026-12-02 10:00", "end": "2026-12-02 14:00"}}"#
    try Data(line.utf8).write(to: input)
    let run = CommandRun(["batch", input.path])
    #expect(run.status == 0, "\(run.stderr)")
    let answer = try #require(BatchCommandTests.answers(run.stdout).first)
    let result = try #require(answer["result"] as? [String: Any], "\(answer)")
    #expect(result["roundTrip"] as? Bool == false)
    let days = try #require(result["days"] as? [[String: Any]])
    let stops = try #require(days.first?["stops"] as? [[String: Any]])
    #expect(
      stops.last?["name"] as? String == "Ateneum" && stops.last?["category"] as? String == "end")
  }
}
