import Foundation
import Testing

/// Every failure named in docs/reference.md: one `error:` line naming what and
/// where, the documented exit code, no crash and no file left behind.
@Suite struct ErrorTests {
  /// A broken instance file, which `solve` refuses with exit status 65.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var instance: String
    var message: String
    var testDescription: String { name }

    init(_ name: String, _ instance: String, _ message: String) {
      (self.name, self.instance, self.message) = (name, instance, message)
    }
  }

  static let valid = """
    {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["a"],
     "places": [{"id": "x", "categories": ["a"], "lat": 60.171, "lon": 24.941}]}
    """

  /// `valid` with `old` replaced by `new`.
  static func valid(replacing old: String, with new: String) -> String {
    valid.replacingOccurrences(of: old, with: new)
  }

  static let instanceCases: [Case] = [
    Case("truncated JSON", String(valid.prefix(60)), "malformed JSON"),
    Case("not JSON", "<html>oops</html>", "malformed JSON"),
    Case("NaN", valid(replacing: "60.171", with: "NaN"), "malformed JSON"),
    Case("infinite number", valid(replacing: "60.171", with: "1e999"), "malformed JSON"),
    Case("top level array", "[1, 2]", "expected a JSON object at the top level"),
    Case("missing origin", valid(replacing: "\"origin\"", with: "\"o\""), "origin: missing"),
    Case("missing places", valid(replacing: "\"places\"", with: "\"p\""), "places: missing"),
    Case(
      "missing place lat", valid(replacing: "\"lat\": 60.171, ", with: ""), "places[0].lat: missing"
    ),
    Case(
      "latitude out of range", valid(replacing: "60.171", with: "91"),
      "places[0].lat: 91.0 is outside [-90, 90]"),
    Case(
      "longitude out of range", valid(replacing: "\"lon\": 24.94}", with: "\"lon\": -181}"),
      "origin.lon: -181.0 is outside [-180, 180]"),
    Case(
      "latitude as a string", valid(replacing: "60.171", with: "\"60.171\""),
      "places[0].lat: expected a number"),
    Case(
      "empty category list",
      valid(replacing: "\"categories\": [\"a\"],\n", with: "\"categories\": [],\n"),
      "categories: the category list is empty"),
    Case(
      "duplicate ids",
      valid(
        replacing: "]}",
        with: ", {\"id\": \"x\", \"categories\": [\"a\"], \"lat\": 1, \"lon\": 1}]}"),
      "places[1].id: duplicate id 'x'"),
    Case(
      "rating out of range",
      valid(replacing: "\"lon\": 24.941", with: "\"lon\": 24.941, \"rating\": 7"),
      "places[0].rating: 7.0 is outside [0, 5]"),
    Case(
      "negative distance weight",
      valid(replacing: "\"places\"", with: "\"distanceWeight\": -1, \"places\""),
      "distanceWeight: -1.0 is outside [0, 1000000000.0]"),
    Case(
      "score too large to sum",
      valid(replacing: "\"lon\": 24.941", with: "\"lon\": 24.941, \"score\": 1e308"),
      "places[0].score: 1e+308 is outside [-1000000000.0, 1000000000.0]"),
  ]

  @Test(arguments: instanceCases)
  func brokenInstanceFiles(_ testCase: Case) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "broken.json")
    try Data(testCase.instance.utf8).write(to: input)
    let output = directory.appending(path: "out.json")
    let run = CommandRun(["solve", input.path, "-o", output.path])
    #expect(run.status == 65, "\(run.stderr)")
    let line = try #require(run.errorLine, "stderr: \(run.stderr)")
    #expect(line.contains(input.path), "names the file: \(line)")
    #expect(line.contains(testCase.message), "\(line)")
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  static let commandCases: [FailingCommand] = [
    FailingCommand(["plan", "--anytime", "--frobnicate", "park"], "unknown option '--frobnicate'"),
    FailingCommand(["plan", "--anytime", "park", "--top"], "--top needs a value"),
    FailingCommand(
      ["plan", "--anytime", "park", "--top", "zero"], "--top expects a whole number, got 'zero'"),
    FailingCommand(
      ["plan", "--anytime", "park", "--mode", "fly"],
      "--mode expects one of walk, bike, drive, got 'fly'"),
    FailingCommand(["plan", "--anytime"], "no category given"),
    FailingCommand(["plan", "--anytime", "park", "--at", "here"], "--at expects LAT,LON"),
    FailingCommand(
      ["plan", "--anytime", "park", "--at", "95,24.9"],
      "--at is not a point on the Earth: latitude 95.0 is outside [-90, 90]"),
    FailingCommand(
      ["plan", "--anytime", "park", "--at", "60.17,nan"], "longitude nan is not a finite number"),
    FailingCommand(
      ["plan", "--anytime", "restaurant", "zoo"],
      "unknown category or place 'zoo' (nearest places: "),
    FailingCommand(
      ["plan", "--anytime", "restaurant", "viewpoint"], status: 1,
      "no viewpoint within reach of 60.1699,24.9384"),
    FailingCommand(
      ["plan", "--anytime", "park", "--distance-weight", "-2"],
      "--distance-weight must be within 0.0...1000000000.0, got -2.0"),
    FailingCommand(
      ["plan", "--anytime", "park", "--speed", "5e-324"],
      "--speed must be within 0.5 to 200 km/h, got 5e-324"),
    FailingCommand(
      ["plan", "--anytime", "viewpoint", "--radius", "1e300"],
      "--radius must be above 0 and at most 20050.0, got 1e+300"),
    FailingCommand(
      ["plan", "--anytime", "park", "--time-limit", "1e21"],
      "--time-limit must be above 0 and at most 86400.0, got 1e+21"),
    FailingCommand(
      ["plan", "--anytime", "park", "--verify-time-limit", "1e19"],
      "--verify-time-limit must be above 0 and at most 86400.0, got 1e+19"),
    FailingCommand(
      ["plan", "--anytime", "park", "--top", "1000000"],
      "--top must be within 1...1000, got 1000000"),
    FailingCommand(
      ["plan", "--anytime", "park", "--tpo", "3"], "unknown option '--tpo' (did you mean --top?)"),
    FailingCommand(
      ["plan", "--anytime", "park", "--gtsplib"],
      "--gtsplib does not apply here (it is an option of 'solve')"),
    FailingCommand(
      ["gtsp", "x.gtsp", "--top", "3"], "--top does not apply here (it is an option of 'plan')"),
    FailingCommand(
      ["solve", "--gtsplib", "x.gtsp", "--top", "3"], "--top does not apply to GTSPLIB files"),
    FailingCommand(
      ["plan", "--anytime", "resturant"], "unknown category 'resturant' (did you mean restaurant?)"),
    FailingCommand(["plna", "park"], "unknown command 'plna' (did you mean plan?)"),
    FailingCommand(["help", "nosuch"], "help: no command 'nosuch'"),
    FailingCommand(["solve"], "expected one instance file"),
    FailingCommand(
      ["solve", "/nonexistent/instance.json"], status: 65,
      "/nonexistent/instance.json: cannot read: No such file or directory"),
    FailingCommand(["frobnicate"], "unknown command 'frobnicate'"),
  ]

  @Test(arguments: commandCases)
  func badCommandLines(_ testCase: FailingCommand) throws {
    let run = CommandRun(testCase.arguments)
    testCase.expectFailure(of: run)
    #expect(run.stdout.isEmpty)
  }

  @Test func unwritableOutputPathLeavesNothing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appending(path: "no/such/dir/plans.json").path
    let run = CommandRun(["plan", "--anytime", "park", "--format", "json", "-o", missing])
    #expect(run.status == 1)
    let line = try #require(run.errorLine)
    #expect(line.hasPrefix("error: cannot write \(missing)"))
    let left = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
    #expect(left.isEmpty, "left behind: \(left)")
  }

  @Test func outputOverAnExistingFileIsAllOrNothing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appending(path: "plans.json")
    try Data("previous".utf8).write(to: output)
    let failed = CommandRun(["plan", "--anytime", "zoo", "-o", output.path])
    #expect(failed.status == 64)
    #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
    let succeeded = CommandRun(["plan", "--anytime", "park", "--format", "json", "-o", output.path])
    #expect(succeeded.status == 0, "\(succeeded.stderr)")
    let written = try JSONSerialization.jsonObject(with: Data(contentsOf: output))
    #expect((written as? [String: Any])?["plans"] is [Any])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["plans.json"])
  }
}
