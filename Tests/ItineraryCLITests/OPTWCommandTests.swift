import Foundation
import ItineraryTestSupport
import Testing

/// `itinerary optw` and `solve --optw`: the documented OPTW output, checked
/// against the file; usage and data errors.
@Suite struct OPTWCommandTests {
  static let text = BenchmarkTexts.line

  func run(_ arguments: [String], text: String = Self.text) throws -> CommandRun {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "line.txt")
    try Data(text.utf8).write(to: file)
    return CommandRun(arguments.map { $0 == "FILE" ? file.path : $0 })
  }

  @Test(arguments: [["optw", "FILE"], ["solve", "--optw", "FILE"]])
  func printsTheBestTrip(_ arguments: [String]) throws {
    let run = try run(arguments + ["--time-limit", "1"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["objective"] as? Int == 30)
    #expect(object["routes"] as? [[Int]] == [[1, 2]])
    #expect(object["optimal"] as? Bool == true)
    #expect(object["millis"] is Double)
  }

  @Test func twoRoutesShareTheVertices() throws {
    let run = try run(["optw", "FILE", "--routes", "2", "--time-limit", "0.2"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let routes = try #require(object["routes"] as? [[Int]])
    #expect(routes.count == 2)
    #expect(routes.flatMap { $0 }.sorted() == [1, 2])
    // Customer 3 fits no route: not every score, so not proven.
    #expect(object["optimal"] as? Bool == false)
  }

  @Test(arguments: ["1", "3"])
  func searchesSideBySideFindTheSameTrip(threads: String) throws {
    let run = try run(
      ["optw", "FILE", "--routes", "2", "--threads", threads, "--time-limit", "0.2"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let routes = try #require(object["routes"] as? [[Int]])
    #expect(routes.flatMap { $0 }.sorted() == [1, 2])
  }

  @Test(arguments: [
    ["optw", "FILE", "--routes", "0"], ["optw", "FILE", "--routes", "x"],
    ["optw", "FILE", "--top", "3"], ["solve", "--optw", "FILE", "--top", "3"],
    ["solve", "FILE", "--routes", "2"], ["optw"], ["optw", "FILE", "--threads", "0"],
    ["optw", "FILE", "--threads", "x"], ["solve", "FILE", "--threads", "2"],
    ["gtsp", "FILE", "--threads", "2"],
  ])
  func usageErrors(_ arguments: [String]) throws {
    let run = try run(arguments)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.errorLine != nil, "\(run.stderr)")
  }

  @Test func aBrokenFileNamesItsLine() throws {
    let run = try run(
      ["optw", "FILE"], text: Self.text.replacingOccurrences(of: "0 0 60\n 2", with: "0 0 x\n 2"))
    #expect(run.status == 65)
    let line = try #require(run.errorLine)
    #expect(line.contains("line.txt:4:"), "\(line)")
  }

  @Test func aMissingFileIsADataError() {
    let run = CommandRun(["optw", "/nonexistent/c101.txt"])
    #expect(run.status == 65)
    #expect(run.errorLine != nil)
  }
}
