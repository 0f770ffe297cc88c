import Foundation
import ItineraryWorkloads
import Testing

/// `solve --gtsplib`: the documented GTSPLIB output, checked by walking the tour.
@Suite struct GTSPLIBSolveTests {
  /// Five points on a line, clustered {1, 2}, {3}, {4, 5}: the best closed tour
  /// takes 2, 3 and 4, of length 2 * (4 - 2) = 4.
  static let line = """
    NAME : line
    TYPE : GTSP
    DIMENSION : 5
    GTSP_SETS : 3
    EDGE_WEIGHT_TYPE : EUC_2D
    NODE_COORD_SECTION
    1 0 0
    2 2 0
    3 3 0
    4 4 0
    5 9 0
    GTSP_SET_SECTION
    1 1 2 -1
    2 3 -1
    3 4 5 -1
    EOF

    """

  func run(_ text: String, _ extra: [String] = []) throws -> CommandRun {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "instance.gtsp")
    try Data(text.utf8).write(to: file)
    return CommandRun(["solve", "--gtsplib", file.path] + extra)
  }

  @Test func printsTheOptimalTourWithOneBasedNodes() throws {
    let run = try run(Self.line, ["--time-limit", "1", "--seed", "3"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(json["objective"] as? Int == 4)
    #expect(json["optimal"] as? Bool == true)
    #expect(Set(json["tour"] as? [Int] ?? []) == [2, 3, 4])
    #expect(json["millis"] is Double)
  }

  @Test func malformedFilesNameTheLine() throws {
    let run = try run(Self.line.replacingOccurrences(of: "3 3 0", with: "3 three 0"))
    #expect(run.status == 65)
    let line = try #require(run.errorLine)
    #expect(line.contains("instance.gtsp:9"), "\(line)")
  }

  @Test func aBadTimeLimitIsAnError() throws {
    let run = try run(Self.line, ["--time-limit", "soon"])
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("--time-limit expects a finite number") == true)
  }

  @Test(.enabled(if: SharedData.url("gtsplib") != nil, "../shared/data/gtsplib is absent: skipped"))
  func sharedInstanceTourIsValidAndOptimal() throws {
    let path = try #require(SharedData.url("gtsplib/instances/11berlin52.gtsp")).path
    let run = CommandRun(["solve", "--gtsplib", path, "--time-limit", "5"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(json["objective"] as? Int == 4040)
    #expect(json["optimal"] as? Bool == true)
    #expect((json["tour"] as? [Int])?.count == 11)
  }
}
