import Foundation
import ItineraryCore
import Testing

/// `plan` and `solve` in time: every printed time recomputed from the legs and
/// checked against the place's opening hours, the messages when nothing fits,
/// and the bad time values. Every run here gives a fixed start but one, which
/// only checks what it says, so no test depends on the time of day.
@Suite struct TimedPlanTests {
  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

  /// The plans of a run's JSON output.
  static func plans(_ run: CommandRun) -> [[String: Any]] {
    let json = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    return json?["plans"] as? [[String: Any]] ?? []
  }

  /// Minutes from `start` to a printed local time.
  static func minutes(_ text: Any?, from start: Date) throws -> Double {
    let local = try LocalDateTime(parsing: try #require(text as? String))
    return try local.instant(in: helsinki).timeIntervalSince(start) / 60
  }

  static let starts = [
    "2026-12-01T09:00", "2026-12-01T21:00", "2026-12-05T14:30", "2026-12-06T23:15",
    "2026-07-10T11:00",
  ]

  /// Late starts take unknown hours as always open, so that a plan runs
  /// past midnight; the others keep each category's usual hours where a
  /// place's own are unknown.
  @Test(arguments: starts)
  func everyPrintedTimeFollowsFromTheLegsAndTheHours(start: String) throws {
    let late = start.hasSuffix("21:00") || start.hasSuffix("23:15")
    let run = CommandRun(
      [
        "plan", "cafe", "museum", "restaurant", "--start", start, "--top", "3", "--format", "json",
      ] + (late ? ["--unknown-hours", "open"] : []))
    #expect(run.status == 0, "\(run.stderr)")
    let origin = try LocalDateTime(parsing: start).instant(in: Self.helsinki)
    let dwell = ["cafe": 30.0, "museum": 90, "restaurant": 75]
    #expect(!Self.plans(run).isEmpty)
    for plan in Self.plans(run) {
      var clock = 0.0
      var waited = 0.0
      for stop in try #require(plan["stops"] as? [[String: Any]]) {
        let leg = try #require(stop["legMinutes"] as? Double)
        let wait = try #require(stop["waitMinutes"] as? Double)
        let arrive = try Self.minutes(stop["arrive"], from: origin)
        let begin = try Self.minutes(stop["begin"], from: origin)
        let leave = try Self.minutes(stop["leave"], from: origin)
        // Printed to the minute.
        #expect(abs(arrive - (clock + leg)) <= 0.5 + 1e-9, "\(start)")
        #expect(abs(begin - (clock + leg + wait)) <= 0.5 + 1e-9, "\(start)")
        let category = try #require(stop["category"] as? String)
        clock += leg + wait + (dwell[category] ?? 0)
        waited += wait
        #expect(abs(leave - clock) <= 0.5 + 1e-9, "\(start)")
        #expect(clock <= 24 * 60)
        let known = stop["hoursKnown"] as? Bool == true
        let usual = late ? nil : CanonicalCategory.usualHours[category]
        if let text = known ? stop["openingHours"] as? String : usual,
          let hours = try? OpeningHours(text)
        {
          let windows = hours.openWindows(
            from: origin, to: origin.addingTimeInterval(86_400), in: Self.helsinki)
          let fits = windows.intervals.contains {
            $0.begin <= begin + 0.5 && leave - 0.5 <= $0.end
          }
          #expect(fits, "\(start): \(stop["name"] ?? "") \(text) \(begin)-\(leave)")
        } else {
          #expect(stop["hoursKnown"] as? Bool == false, "\(start)")
        }
      }
      #expect(abs((plan["waitMinutes"] as? Double ?? -1) - waited) < 1e-6)
      #expect(abs(try Self.minutes(plan["finish"], from: origin) - clock) <= 0.5 + 1e-9)
    }
  }

  @Test func theTableShowsEachVisitsHours() {
    let run = CommandRun([
      "plan", "museum", "--start", "2026-12-01T21:00", "--top", "1", "--unknown-hours", "open",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    // A start after 20:00 ends four hours later, not the next evening.
    #expect(run.stdout.contains("2026-12-01 21:00 to We 01:00 Europe/Helsinki"))
    #expect(run.stdout.contains("21:0"), "\(run.stdout)")
    #expect(run.stdout.contains("-22:") || run.stdout.contains("wait"), "\(run.stdout)")
  }

  @Test func aStartGivenAsTwoWordsIsOneTime() {
    let one = CommandRun(["plan", "cafe", "--start", "2026-12-01T14:00", "--format", "json"])
    let two = CommandRun(["plan", "cafe", "--start", "2026-12-01", "14:00", "--format", "json"])
    #expect(one.status == 0 && two.status == 0, "\(two.stderr)")
    #expect(Self.plans(one).count == Self.plans(two).count)
    #expect(
      Self.plans(two).first?["finish"] as? String == Self.plans(one).first?["finish"] as? String)
  }

  @Test func withNoStartThePlanStartsNowAndSaysSo() {
    // Parks have unknown hours: open whenever this runs.
    let run = CommandRun(["plan", "park", "--top", "1"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("planning from now"))
    #expect(run.stderr.contains("Europe/Helsinki"))
  }

  @Test func anytimePlansWithoutTimes() {
    let run = CommandRun(["plan", "--anytime", "museum", "--format", "json"])
    #expect(run.status == 0)
    #expect(!run.stderr.contains("planning from now"))
    #expect(Self.plans(run).allSatisfy { $0["finish"] == nil })
  }

  @Test func whenEveryPlaceOfACategoryIsClosedTheMessageSaysSo() {
    let run = CommandRun([
      "plan", "cafe", "museum", "--start", "2026-12-01T21:00", "--end", "23:00",
      "--unknown-hours", "closed",
    ])
    #expect(run.status == 1)
    #expect(
      run.errorLine == "error: no plan fits between 21:00 and 23:00: every museum is closed")
  }

  @Test func whenNothingFitsInTimeThePlanFails() {
    let run = CommandRun([
      "plan", "restaurant", "museum", "--start", "2026-12-01T21:00", "--end", "23:00",
    ])
    #expect(run.status == 1)
    #expect(run.errorLine?.hasPrefix("error: no plan fits between 21:00 and 23:00") == true)
  }

  @Test func dwellMinutesChangeTheVisits() throws {
    let run = CommandRun([
      "plan", "park", "--start", "2026-12-01T12:00", "--dwell", "park=5", "--dwell", "*=1",
      "--top", "1", "--format", "json",
    ])
    let stop = try #require((Self.plans(run).first?["stops"] as? [[String: Any]])?.first)
    let origin = try LocalDateTime(parsing: "2026-12-01T12:00").instant(in: Self.helsinki)
    let stay =
      try Self.minutes(stop["leave"], from: origin) - Self.minutes(stop["begin"], from: origin)
    #expect(abs(stay - 5) <= 1)
  }

  @Test func openNowKeepsOnlyPlacesOpenAtTheStart() throws {
    let start = "2026-12-01T10:30"
    let run = CommandRun([
      "plan", "museum", "--start", start, "--open-now", "--unknown-hours", "closed", "--top", "5",
      "--exact", "--format", "json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let origin = try LocalDateTime(parsing: start).instant(in: Self.helsinki)
    for plan in Self.plans(run) {
      let stop = try #require((plan["stops"] as? [[String: Any]])?.first)
      let hours = try OpeningHours(try #require(stop["openingHours"] as? String))
      #expect(hours.isOpen(at: origin, in: Self.helsinki))
    }
  }

  @Test(arguments: [
    (["--start", "2026-02-30T10:00"], Int32(65), "does not exist"),
    (["--start", "2026-03-29T03:30"], 65, "the clocks skip it"),
    (["--start", "2026-12-01T10:00", "--tz", "Mars/Base"], 65, "unknown time zone"),
    (["--start", "22:00", "--end", "21:00"], 65, "is not after start"),
    (["--start", "tomorrow"], 65, "expected HH:MM"),
    (["--dwell", "museum=-5"], 64, "--dwell museum must be within"),
    (["--dwell", "museum=long"], 64, "--dwell expects CATEGORY=MINUTES"),
    (["--dwell", "zoo=5"], 65, "unknown category 'zoo'"),
    (["--anytime", "--start", "10:00"], 64, "--anytime and --start exclude each other"),
    (["--wait-weight", "-1"], 64, "--wait-weight must be within"),
    (["--unknown-hours", "maybe"], 64, "--unknown-hours expects one of open, closed"),
  ])
  func badTimeValuesAreOneLineErrors(extra: [String], status: Int32, message: String) {
    let run = CommandRun(["plan", "park"] + extra)
    #expect(run.status == status, "\(run.stderr)")
    #expect(run.errorLine?.contains(message) == true, "\(run.stderr)")
  }

  /// An instance with one museum open Tuesdays 10-17, starting `start`.
  static func instance(start: String, end: String? = nil) -> String {
    """
    {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["museum"],
     "start": "\(start)", \(end.map { "\"end\": \"\($0)\"," } ?? "")
     "timeZone": "Europe/Helsinki", "dwellMinutes": {"museum": 90},
     "places": [{"id": "m", "categories": ["museum"], "lat": 60.172, "lon": 24.937,
                 "openingHours": "Tu 10:00-17:00"}]}
    """
  }

  @Test func solveGivesTheTimelineOrNoPlanWithAReason() throws {
    let directory = try temporaryDirectory()
    let file = directory.appending(path: "museum.json")
    try Data(Self.instance(start: "2026-12-01T09:00").utf8).write(to: file)
    let run = CommandRun(["solve", file.path])
    #expect(run.status == 0, "\(run.stderr)")
    let stop = try #require((Self.plans(run).first?["stops"] as? [[String: Any]])?.first)
    #expect(stop["begin"] as? String == "2026-12-01T10:00")
    #expect(stop["leave"] as? String == "2026-12-01T11:30")
    #expect(stop["hoursKnown"] as? Bool == true)
    let late = CommandRun(["solve", file.path, "--start", "2026-12-01T16:00"])
    #expect(late.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(late.stdout.utf8)) as? [String: Any]
    #expect((json?["plans"] as? [Any])?.isEmpty == true)
    // Open until 17:00, too short for the visit.
    #expect((json?["reason"] as? String)?.contains("the 90 minutes a visit takes") == true)
    let timeless = CommandRun(["solve", file.path, "--anytime"])
    #expect(Self.plans(timeless).first.map { $0["finish"] == nil } == true)
  }

  @Test func unreadableHoursInAFileNameThePlace() throws {
    let directory = try temporaryDirectory()
    let file = directory.appending(path: "bad.json")
    let text = Self.instance(start: "2026-12-01T09:00").replacingOccurrences(
      of: "Tu 10:00-17:00", with: "Tu 10:00-17:")
    try Data(text.utf8).write(to: file)
    let run = CommandRun(["solve", file.path])
    #expect(run.status == 65)
    #expect(run.errorLine?.contains("places[0].openingHours") == true, "\(run.stderr)")
    #expect(run.errorLine?.contains("at character") == true)
  }

  /// A speed no person travels at (1e-300 km/h, where no leg ever ends) is
  /// refused naming the flag or key and the range accepted, not answered
  /// with no plan: 64 for a flag or a request key, 65 in an instance.
  @Test func anAbsurdSpeedIsRefusedWithTheRange() throws {
    for (command, speed) in [("plan", "1e-300"), ("plan", "0.4"), ("explore", "250")] {
      let run = CommandRun([command, "park", "museum", "--start", "10:00", "--speed", speed])
      #expect(run.status == 64, "\(run.stderr)")
      #expect(
        run.errorLine?.contains("--speed must be within 0.5 to 200 km/h, got \(speed)") == true,
        "\(run.stderr)")
    }

    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "slow.json")
    for speed in ["1e-300", "0", "1000"] {
      try Data(
        Self.instance(start: "2026-12-01T10:00")
          .replacingOccurrences(of: "\"start\"", with: "\"speedKmh\": \(speed), \"start\"")
          .utf8
      ).write(to: file)
      let run = CommandRun(["solve", file.path])
      #expect(run.status == 65, "\(run.stderr)")
      #expect(run.errorLine?.contains("\(file.path): speedKmh") == true, "\(run.stderr)")
      #expect(run.errorLine?.contains("outside the accepted 0.5 to 200 km/h") == true)
      #expect(run.stdout.isEmpty)
    }

    // The same as JSON lines: an instance's key, and a plan request's.
    let instance = Self.instance(start: "2026-12-01T10:00")
      .replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: "\"start\"", with: "\"speedKmh\": 1e-300, \"start\"")
    let lines = [
      #"{"id": "i", "instance": \#(instance)}"#,
      #"{"id": "p", "plan": {"categories": ["park"], "start": "10:00", "speed": 1e-300}}"#,
    ]
    let input = directory.appending(path: "in.jsonl")
    try Data(lines.joined(separator: "\n").utf8).write(to: input)
    let batch = CommandRun(["batch", input.path])
    #expect(batch.status == 0, "\(batch.stderr)")
    let errors = try BatchCommandTests.answers(batch.stdout).map {
      try #require($0["error"] as? [String: Any])
    }
    #expect(errors.map { $0["exitCode"] as? Int } == [65, 64])
    #expect((errors[0]["message"] as? String)?.contains("speedKmh: 1e-300 is outside") == true)
    #expect((errors[1]["message"] as? String)?.contains("speed must be within 0.5 to") == true)

    // The ends of the range are plans.
    for speed in ["0.5", "200"] {
      try Data(
        Self.instance(start: "2026-12-01T10:00")
          .replacingOccurrences(of: "\"start\"", with: "\"speedKmh\": \(speed), \"start\"")
          .utf8
      ).write(to: file)
      #expect(CommandRun(["solve", file.path]).status == 0)
    }
  }
}
