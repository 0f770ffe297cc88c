import Foundation
import Testing

/// Every failure named in docs/reference.md: one `error:` line naming what and
/// where, the documented exit code, no crash and no file left behind.
@Suite struct ErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var instance: String
    var status: Int32
    var message: String
    var testDescription: String { name }
  }

  static let valid = """
    {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["a"],
     "places": [{"id": "x", "categories": ["a"], "lat": 60.171, "lon": 24.941}]}
    """

  static let instanceCases: [Case] = [
    Case(
      name: "truncated JSON", instance: String(valid.prefix(60)), status: 65,
      message: "malformed JSON"),
    Case(name: "not JSON", instance: "<html>oops</html>", status: 65, message: "malformed JSON"),
    Case(
      name: "NaN", instance: valid.replacingOccurrences(of: "60.171", with: "NaN"),
      status: 65, message: "malformed JSON"),
    Case(
      name: "infinite number", instance: valid.replacingOccurrences(of: "60.171", with: "1e999"),
      status: 65, message: "malformed JSON"),
    Case(
      name: "top level array", instance: "[1, 2]", status: 65,
      message: "expected a JSON object at the top level"),
    Case(
      name: "missing origin", instance: valid.replacingOccurrences(of: "\"origin\"", with: "\"o\""),
      status: 65, message: "origin: missing"),
    Case(
      name: "missing places", instance: valid.replacingOccurrences(of: "\"places\"", with: "\"p\""),
      status: 65, message: "places: missing"),
    Case(
      name: "missing place lat",
      instance: valid.replacingOccurrences(of: "\"lat\": 60.171, ", with: ""),
      status: 65, message: "places[0].lat: missing"),
    Case(
      name: "latitude out of range", instance: valid.replacingOccurrences(of: "60.171", with: "91"),
      status: 65, message: "places[0].lat: 91.0 is outside [-90, 90]"),
    Case(
      name: "longitude out of range",
      instance: valid.replacingOccurrences(of: "\"lon\": 24.94}", with: "\"lon\": -181}"),
      status: 65, message: "origin.lon: -181.0 is outside [-180, 180]"),
    Case(
      name: "latitude as a string",
      instance: valid.replacingOccurrences(of: "60.171", with: "\"60.171\""),
      status: 65, message: "places[0].lat: expected a number"),
    Case(
      name: "empty category list",
      instance: valid.replacingOccurrences(
        of: "\"categories\": [\"a\"],\n", with: "\"categories\": [],\n"),
      status: 65, message: "categories: the category list is empty"),
    Case(
      name: "duplicate ids",
      instance: valid.replacingOccurrences(
        of: "]}", with: ", {\"id\": \"x\", \"categories\": [\"a\"], \"lat\": 1, \"lon\": 1}]}"),
      status: 65, message: "places[1].id: duplicate id 'x'"),
    Case(
      name: "rating out of range",
      instance: valid.replacingOccurrences(
        of: "\"lon\": 24.941", with: "\"lon\": 24.941, \"rating\": 7"),
      status: 65, message: "places[0].rating: 7.0 is outside [0, 5]"),
    Case(
      name: "negative distance weight",
      instance: valid.replacingOccurrences(
        of: "\"places\"", with: "\"distanceWeight\": -1, \"places\""),
      status: 65, message: "distanceWeight: -1.0 is outside [0, 1000000000.0]"),
    Case(
      name: "score too large to sum",
      instance: valid.replacingOccurrences(
        of: "\"lon\": 24.941", with: "\"lon\": 24.941, \"score\": 1e308"),
      status: 65, message: "places[0].score: 1e+308 is outside [-1000000000.0, 1000000000.0]"),
  ]

  @Test(arguments: instanceCases)
  func brokenInstanceFiles(_ testCase: Case) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "broken.json")
    try Data(testCase.instance.utf8).write(to: input)
    let output = directory.appending(path: "out.json")
    let run = CommandRun(["solve", input.path, "-o", output.path])
    #expect(run.status == testCase.status, "\(run.stderr)")
    let line = try #require(run.errorLine, "stderr: \(run.stderr)")
    #expect(line.contains(input.path), "names the file: \(line)")
    #expect(line.contains(testCase.message), "\(line)")
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  struct CommandCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let commandCases: [CommandCase] = [
    CommandCase(
      arguments: ["plan", "--anytime", "--frobnicate", "park"], status: 64,
      message: "unknown option '--frobnicate'"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--top"], status: 64, message: "--top needs a value"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--top", "zero"], status: 64,
      message: "--top expects a whole number, got 'zero'"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--mode", "fly"], status: 64,
      message: "--mode expects one of walk, bike, drive, got 'fly'"),
    CommandCase(arguments: ["plan", "--anytime"], status: 64, message: "no category given"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--at", "here"], status: 64,
      message: "--at expects LAT,LON"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--at", "95,24.9"], status: 64,
      message: "--at is not a point on the Earth: latitude 95.0 is outside [-90, 90]"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--at", "60.17,nan"], status: 64,
      message: "longitude nan is not a finite number"),
    CommandCase(
      arguments: ["plan", "--anytime", "restaurant", "zoo"], status: 64,
      message: "unknown category or place 'zoo' (nearest places: "),
    CommandCase(
      arguments: ["plan", "--anytime", "restaurant", "viewpoint"], status: 1,
      message: "no viewpoint within reach of 60.1699,24.9384"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--distance-weight", "-2"], status: 64,
      message: "--distance-weight must be within 0.0...1000000000.0, got -2.0"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--speed", "5e-324"], status: 64,
      message: "--speed must be within 0.5 to 200 km/h, got 5e-324"),
    CommandCase(
      arguments: ["plan", "--anytime", "viewpoint", "--radius", "1e300"], status: 64,
      message: "--radius must be above 0 and at most 20050.0, got 1e+300"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--time-limit", "1e21"], status: 64,
      message: "--time-limit must be above 0 and at most 86400.0, got 1e+21"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--verify-time-limit", "1e19"], status: 64,
      message: "--verify-time-limit must be above 0 and at most 86400.0, got 1e+19"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--top", "1000000"], status: 64,
      message: "--top must be within 1...1000, got 1000000"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--tpo", "3"], status: 64,
      message: "unknown option '--tpo' (did you mean --top?)"),
    CommandCase(
      arguments: ["plan", "--anytime", "park", "--gtsplib"], status: 64,
      message: "--gtsplib does not apply here (it is an option of 'solve')"),
    CommandCase(
      arguments: ["gtsp", "x.gtsp", "--top", "3"], status: 64,
      message: "--top does not apply here (it is an option of 'plan')"),
    CommandCase(
      arguments: ["solve", "--gtsplib", "x.gtsp", "--top", "3"], status: 64,
      message: "--top does not apply to GTSPLIB files"),
    CommandCase(
      arguments: ["plan", "--anytime", "resturant"], status: 64,
      message: "unknown category 'resturant' (did you mean restaurant?)"),
    CommandCase(
      arguments: ["plna", "park"], status: 64,
      message: "unknown command 'plna' (did you mean plan?)"),
    CommandCase(
      arguments: ["help", "nosuch"], status: 64, message: "help: no command 'nosuch'"),
    CommandCase(arguments: ["solve"], status: 64, message: "expected one instance file"),
    CommandCase(
      arguments: ["solve", "/nonexistent/instance.json"], status: 65,
      message: "/nonexistent/instance.json: cannot read: No such file or directory"),
    CommandCase(arguments: ["frobnicate"], status: 64, message: "unknown command 'frobnicate'"),
  ]

  @Test(arguments: commandCases)
  func badCommandLines(_ testCase: CommandCase) throws {
    let run = CommandRun(testCase.arguments)
    #expect(run.status == testCase.status, "\(run.stderr)")
    let line = try #require(run.errorLine, "stderr: \(run.stderr)")
    #expect(line.contains(testCase.message), "\(line)")
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
