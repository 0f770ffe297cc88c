import Foundation
import Testing

/// `optw` and `gtsp` refuse at once, with one `error:` naming the memory
/// limit, a file whose size in vertices needs more memory than
/// `--memory-limit` allows, before allocating its distances; a file that
/// fits within the limit is still solved.
@Suite struct BenchmarkFileLimitTests {
  func run(_ arguments: [String], file name: String, text: String) throws -> CommandRun {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: name)
    try Data(text.utf8).write(to: file)
    return CommandRun(arguments.map { $0 == "FILE" ? file.path : $0 })
  }

  /// An OPTW file of `customers` customers on a line, all open all day.
  static func optw(customers: Int) -> String {
    var lines = ["1 1 \(customers) 1", "0 0", " 0 0 0 0 0 0 0 0 100000"]
    for id in 1...customers { lines.append(" \(id) \(id) 0 1 1 0 0 0 100000") }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func anOPTWFileTooLargeForTheMemoryLimitIsRefusedAtOnce() throws {
    let refused = try run(
      ["optw", "FILE", "--memory-limit", "64", "--time-limit", "60"], file: "big.txt",
      text: Self.optw(customers: 5000))
    #expect(refused.status == 65, "\(refused.stderr)")
    let line = try #require(refused.errorLine)
    #expect(line.contains("5000 customers") && line.contains("memory limit of 64 MB"), "\(line)")
    #expect(refused.stdout.isEmpty)
    let small = try run(
      ["optw", "FILE", "--memory-limit", "64", "--time-limit", "0.5"], file: "small.txt",
      text: Self.optw(customers: 50))
    #expect(small.status == 0, "\(small.stderr)")
  }

  @Test func aGTSPLIBDimensionTooLargeForTheMemoryLimitIsRefusedAtOnce() throws {
    let padding = "COMMENT : " + String(repeating: "x", count: 12_000)
    let text = """
      NAME : big
      TYPE : GTSP
      \(padding)
      DIMENSION : 5000
      GTSP_SETS : 2
      EDGE_WEIGHT_TYPE : EUC_2D
      NODE_COORD_SECTION
      1 0 0
      EOF

      """
    let refused = try run(["gtsp", "FILE", "--memory-limit", "64"], file: "big.gtsp", text: text)
    #expect(refused.status == 65, "\(refused.stderr)")
    let line = try #require(refused.errorLine)
    #expect(line.contains("DIMENSION 5000") && line.contains("memory limit of 64 MB"), "\(line)")
    #expect(refused.stdout.isEmpty)
  }
}

/// `solve` refuses, before parsing it, an instance file whose JSON would
/// take more memory to read than `--memory-limit` allows (a few megabytes of
/// empty objects need hundreds once read); a small file is still solved
/// under the same limit.
@Suite struct InstanceReadingLimitTests {
  @Test func aFileTooCostlyToReadIsRefusedBeforeParsing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let big = directory.appending(path: "big.json")
    let empties = Array(repeating: "{}", count: 1_000_000).joined(separator: ",")
    try Data(#"{"version": 1, "origin": {"lat": 60, "lon": 24}, "noise": ["#.utf8)
      .write(to: big)
    let handle = try FileHandle(forWritingTo: big)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data((empties + "]}").utf8))
    try handle.close()
    let refused = CommandRun(["solve", big.path, "--memory-limit", "64"])
    #expect(refused.status == 65, "\(refused.stderr)")
    let line = try #require(refused.errorLine)
    #expect(line.contains("over the memory limit of 64 MB"), "\(line)")
    let small = directory.appending(path: "small.json")
    try Data(
      """
      {"version": 1, "origin": {"lat": 60.17, "lon": 24.94}, "categories": ["a"],
       "places": [{"id": "a1", "categories": ["a"], "lat": 60.171, "lon": 24.941, "score": 4}]}
      """.utf8
    ).write(to: small)
    let solved = CommandRun(["solve", small.path, "--memory-limit", "64"])
    #expect(solved.status == 0, "\(solved.stderr)")
  }
}
