import Foundation
import Testing

/// `plans replan` as a person runs it, on a data directory of its own.
@Suite struct ReplanCommandTests {
  static func stops(_ text: String) throws -> [String] {
    let plans = try #require(try jsonObject(text)["plans"] as? [[String: Any]])
    let stops = try #require(plans.first?["stops"] as? [[String: Any]])
    return stops.compactMap { $0["id"] as? String }
  }

  /// Plans museum, cafe and park in `session` and saves the plan as `Day`:
  /// the run that planned it.
  static func planAndSaveDay(
    _ session: StoreCommandTests.Session, sourceLocation: SourceLocation = #_sourceLocation
  ) -> CommandRun {
    let planned = session.succeed(
      "plan", "museum", "cafe", "park", "--anytime", "--top", "1", "--format", "json",
      sourceLocation: sourceLocation)
    #expect(session.run("save", "--name", "Day").status == 0, sourceLocation: sourceLocation)
    return planned
  }

  @Test func replanChangesOneStopKeepsTheOthersAndSaves() throws {
    let session = try StoreCommandTests.Session()
    defer { session.remove() }
    let planned = Self.planAndSaveDay(session)
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

  /// A batch line carries the saved plan itself: its answer is what
  /// `plans replan` prints, and a bad stop or a trip is its error line.
  @Test func aReplanBatchLineAnswersAsTheCommand() throws {
    let session = try StoreCommandTests.Session()
    defer { session.remove() }
    let planned = Self.planAndSaveDay(session)
    let command = session.succeed("plans", "replan", "Day", "--replace", "2", "--format", "json")
    let trip = session.succeed(
      "explore", "museum", "--start", "2026-12-02 10:00", "--end", "13:00", "--format", "json")
    // One line each: a batch reads a request a line.
    let compact = { (text: String) in
      String(
        decoding: try JSONSerialization.data(
          withJSONObject: JSONSerialization.jsonObject(with: Data(text.utf8))), as: UTF8.self)
    }
    let plan = try compact(planned.stdout)
    let input = session.directory.appending(path: "in.jsonl")
    let lines = [
      #"{"id": 1, "replan": {"plan": \#(plan), "replace": 2}}"#,
      #"{"id": 2, "replan": {"plan": \#(plan), "replace": 9}}"#,
      #"{"id": 3, "replan": {"plan": \#(try compact(trip.stdout)), "replace": 1}}"#,
      #"{"id": 4, "replan": {"plan": \#(plan)}}"#,
    ]
    try Data(lines.joined(separator: "\n").utf8).write(to: input)
    let run = session.run("batch", input.path)
    let answers = try BatchCommandTests.answers(run.stdout)
    #expect(answers.count == 4)
    let result = try #require(answers.first?["result"] as? [String: Any], "\(run.stdout)")
    let stops = try #require(
      (result["plans"] as? [[String: Any]])?.first?["stops"] as? [[String: Any]])
    #expect(stops.compactMap { $0["id"] as? String } == (try Self.stops(command.stdout)))
    for (answer, words) in zip(
      answers.dropFirst(),
      ["line 2: replan: replace 9: the plan's stops are 1 to 3", "not a trip", "\"replace\""])
    {
      let error = answer["error"] as? [String: Any]
      #expect(error?["exitCode"] as? Int == 64, "\(answer)")
      #expect((error?["message"] as? String)?.contains(words) == true, "\(answer)")
    }
  }
}
