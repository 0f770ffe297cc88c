import Foundation
import ItineraryTestSupport
import Testing

/// `batch`: JSON Lines in, one answer a line out in input order; bad lines
/// answered with errors; `--resume` finishing a batch cut short.
@Suite struct BatchCommandTests {
  static let instance = """
    {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["a", "b"], \
    "places": [{"id": "x", "categories": ["a"], "lat": 60.171, "lon": 24.941, "score": 4}, \
    {"id": "y", "categories": ["b"], "lat": 60.172, "lon": 24.942, "score": 3}, \
    {"id": "z", "categories": ["a", "b"], "lat": 60.169, "lon": 24.939, "score": 2}]}
    """

  static let lines = [
    #"{"id": "p1", "plan": {"categories": ["restaurant", "park"], "top": 2, "start": "2026-12-01T14:00"}}"#,
    #"{"id": 7, "instance": \#(instance), "top": 2}"#,
    #"{"id": "bad-category", "plan": {"categories": ["zoo"]}}"#,
    "not json at all",
    #"{"id": "bad-key", "plan": {"categories": ["park"], "tpo": 3}}"#,
    #"{"id": "bad-type", "plan": {"categories": ["park"], "top": "three"}}"#,
    #"{"id": "bad-instance", "instance": {"origin": {"lat": 91, "lon": 0}, "categories": ["a"], "places": []}}"#,
    #"{"id": "p2", "plan": {"categories": ["cafe", "museum", "art"], "exact": true, "anytime": true}}"#,
  ]

  static func answers(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// A response without its timings, for comparing runs.
  static func timeless(_ object: Any?) -> String {
    guard var result = object as? [String: Any] else { return "" }
    if var solver = result["solver"] as? [String: Any] {
      solver["millis"] = nil
      result["solver"] = solver
    }
    result["request"] = nil
    let data = try? JSONSerialization.data(withJSONObject: result, options: .sortedKeys)
    return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// `lines` written to `in.jsonl` in `directory`.
  static func writeLines(in directory: URL) throws -> URL {
    let input = directory.appending(path: "in.jsonl")
    try Data(lines.joined(separator: "\n").utf8).write(to: input)
    return input
  }

  /// `lines` written to `in.jsonl` in `directory` and answered by a whole
  /// batch in `name` there.
  static func answerLines(in directory: URL, to name: String) throws -> (input: URL, output: URL) {
    let input = try writeLines(in: directory)
    let output = directory.appending(path: name)
    #expect(CommandRun(["batch", input.path, "-o", output.path]).status == 0)
    return (input, output)
  }

  @Test func answersEveryLineInOrderAndBadLinesWithErrors() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = try Self.writeLines(in: directory)
    let run = CommandRun(["batch", input.path, "--jobs", "2"])
    #expect(run.status == 0, "\(run.stderr)")
    let answers = try Self.answers(run.stdout)
    try #require(answers.count == Self.lines.count)
    #expect(answers.map { $0["line"] as? Int } == Array(1...Self.lines.count))
    let codes = answers.map { ($0["error"] as? [String: Any])?["exitCode"] as? Int }
    #expect(codes == [nil, nil, 64, 65, 64, 64, 65, nil])
    #expect((answers[1]["id"] as? Int) == 7)
    #expect(answers[3]["id"] is NSNull)
    let message = (answers[4]["error"] as? [String: Any])?["message"] as? String
    #expect(message?.contains("did you mean top?") == true)
    #expect(run.stderr.contains("batch: 8 answered, 5 errors"))

    // The same answers as `solve` and `plan --format json`, timings aside.
    let file = directory.appending(path: "instance.json")
    try Data(Self.instance.utf8).write(to: file)
    let solve = CommandRun(["solve", file.path, "--top", "2"])
    let solved = try JSONSerialization.jsonObject(with: Data(solve.stdout.utf8))
    #expect(Self.timeless(answers[1]["result"]) == Self.timeless(solved))
    let plan = CommandRun(
      [
        "plan", "restaurant", "park", "--top", "2", "--format", "json", "--start",
        "2026-12-01T14:00",
      ])
    let planned = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8))
    #expect(Self.timeless(answers[0]["result"]) == Self.timeless(planned))
  }

  @Test func resumeFinishesWhatWasCutShort() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (input, whole) = try Self.answerLines(in: directory, to: "whole.jsonl")
    let full = try String(contentsOf: whole, encoding: .utf8).split(separator: "\n")
    // Killed after three answers, halfway through writing the fourth.
    let cut = directory.appending(path: "cut.jsonl")
    let partial = full.prefix(3).joined(separator: "\n") + "\n" + full[3].prefix(10)
    try Data(partial.utf8).write(to: cut)
    let resumed = CommandRun(["batch", input.path, "-o", cut.path, "--resume"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("3 skipped"), "\(resumed.stderr)")
    let after = try Self.answers(try String(contentsOf: cut, encoding: .utf8))
    let expected = try Self.answers(full.joined(separator: "\n"))
    #expect(after.map { $0["line"] as? Int } == expected.map { $0["line"] as? Int })
    #expect(
      after.map { Self.timeless($0["result"]) } == expected.map { Self.timeless($0["result"]) })
  }

  /// A line that does not read (an unknown key, a value of the wrong
  /// type) is answered with its own `id`, so that its answer names it and
  /// `--resume` knows it was answered: resuming a finished batch, however
  /// often, adds nothing.
  @Test func resumingAFinishedBatchAddsNothing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (input, output) = try Self.answerLines(in: directory, to: "out.jsonl")
    let finished = try String(contentsOf: output, encoding: .utf8)
    let answers = try Self.answers(finished)
    #expect(answers[4]["id"] as? String == "bad-key")
    #expect(answers[5]["id"] as? String == "bad-type")
    for _ in 0..<2 {
      let resumed = CommandRun(["batch", input.path, "-o", output.path, "--resume"])
      #expect(resumed.status == 0, "\(resumed.stderr)")
      #expect(resumed.stderr.contains("0 answered"), "\(resumed.stderr)")
      #expect(try String(contentsOf: output, encoding: .utf8) == finished)
    }
  }

  /// An error line says what went wrong for a program as well: the `code`
  /// the server's error bodies give.
  @Test func errorLinesHaveTheServersCodes() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "in.jsonl")
    let lines = [
      #"{"id": "zoo", "plan": {"categories": ["zoo"]}}"#,
      #"{"id": "far", "plan": {"categories": ["park"], "radius": 0.001, "anytime": true}}"#,
    ]
    try Data(lines.joined(separator: "\n").utf8).write(to: input)
    let run = CommandRun(["batch", input.path])
    let errors = try Self.answers(run.stdout).map { $0["error"] as? [String: Any] }
    #expect(errors.map { $0?["code"] as? String } == ["InvalidQuery", "NoPlan"])
    #expect(errors.map { $0?["exitCode"] as? Int } == [64, 1])
  }

  /// Many blocks of lines, answered while the ones before are written:
  /// every answer once, in input order, the blank lines skipped.
  @Test(arguments: [1, 2, 3])
  func manyBlocksKeepTheirOrder(jobs: Int) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let count = 1_000
    let lines = (0..<count).map { index in
      switch index % 4 {
      case 0: #"{"id": \#(index), "instance": \#(Self.instance), "top": 2}"#
      case 1: "not json \(index)"
      case 2: ""
      default: #"{"id": \#(index), "instance": \#(Self.instance)}"#
      }
    }
    let input = directory.appending(path: "in.jsonl")
    try Data(lines.joined(separator: "\n").utf8).write(to: input)
    let run = CommandRun(["batch", input.path, "--jobs", "\(jobs)"])
    #expect(run.status == 0, "\(run.stderr)")
    let answers = try Self.answers(run.stdout)
    let answeredLines = (1...count).filter { $0 % 4 != 3 }
    #expect(answers.map { $0["line"] as? Int } == answeredLines)
    #expect(answers.map { $0["error"] != nil } == answeredLines.map { $0 % 4 == 2 })
    let ids = answers.compactMap { $0["id"] as? Int }
    #expect(ids == answeredLines.filter { $0 % 4 != 2 }.map { $0 - 1 })
    #expect(run.stderr.contains("batch: 750 answered, 250 errors"), "\(run.stderr)")
  }

  @Test func badOptionsAreUsageErrors() {
    #expect(CommandRun(["batch", "--jobs", "0"]).status == 64)
    #expect(CommandRun(["batch", "--resume"]).errorLine?.contains("needs an output file") == true)
    #expect(CommandRun(["batch", "/no/such/input.jsonl"]).status == 65)
  }
}

extension BatchCommandTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test func tripsAreAnsweredAsExploreAndSolveAnswerThem() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let trip = """
        {"origin": {"lat": 60.17, "lon": 24.94}, "start": "2026-12-01T10:00", "end": "12:00", \
        "timeZone": "Europe/Helsinki", "select": {"maxPerCategory": 1}, \
        "places": [{"id": "x", "categories": ["a"], "lat": 60.171, "lon": 24.941, "score": 4}, \
        {"id": "y", "categories": ["a"], "lat": 60.172, "lon": 24.942, "score": 3}, \
        {"id": "z", "categories": ["b"], "lat": 60.169, "lon": 24.939, "score": 2}]}
        """
      let lines = [
        #"{"id": "e", "explore": {"categories": ["museum"], "start": "2026-12-01T10:00", "end": "14:00"}}"#,
        #"{"id": "t", "instance": \#(trip), "top": 3, "diverse": true}"#,
        #"{"id": "bad", "explore": {"categories": ["museum"], "start": "2026-12-01T10:00", "end": "14:00", "exact": true}}"#,
      ]
      let input = directory.appending(path: "in.jsonl")
      try Data(lines.joined(separator: "\n").utf8).write(to: input)
      let run = CommandRun(["batch", input.path])
      let answers = try BatchCommandTests.answers(run.stdout)
      try #require(answers.count == 3)
      let explored = CommandRun([
        "explore", "museum", "--start", "2026-12-01T10:00", "--end", "14:00", "--format", "json",
      ])
      let expected = try JSONSerialization.jsonObject(with: Data(explored.stdout.utf8))
      #expect(
        BatchCommandTests.timeless(answers[0]["result"]) == BatchCommandTests.timeless(expected))
      let result = try #require(answers[1]["result"] as? [String: Any])
      let stops = (result["days"] as? [[String: Any]])?.first?["stops"] as? [[String: Any]]
      #expect(stops?.compactMap { $0["id"] as? String }.sorted() == ["x", "z"])
      #expect((answers[2]["error"] as? [String: Any])?["exitCode"] as? Int == 64)
    }
  }
}
