import Foundation
import Testing

/// `--memory-limit MB` and the request key `memoryLimit`: the solver keeps
/// within it and says when it stopped there, and bad values are refused.
@Suite struct MemoryLimitTests {
  /// The solver report and reason of a JSON plan of four bars.
  func report(_ flags: [String]) throws -> (solver: [String: Any], reason: String?) {
    let run = CommandRun(
      ["plan", "bar", "bar", "bar", "bar", "--anytime", "--format", "json"] + flags)
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect((json["plans"] as? [Any])?.isEmpty == false)
    return (try #require(json["solver"] as? [String: Any]), json["reason"] as? String)
  }

  @Test func aTinyLimitStopsTheSearchWithAPlan() throws {
    let roomy = try report([])
    #expect(roomy.solver["complete"] as? Bool == true && roomy.reason == nil)
    // About a kilobyte: room for two partial plans.
    let tight = try report(["--memory-limit", "0.001"])
    #expect(tight.solver["complete"] as? Bool == false)
    #expect(tight.solver["optimal"] as? Bool == false)
    #expect(tight.reason == "stopped at the memory budget")
  }

  @Test(arguments: ["0", "-5", "2e6", "lots"])
  func badLimitsAreRefused(_ value: String) {
    let run = CommandRun(["plan", "--anytime", "park", "--memory-limit", value])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("error: plan: --memory-limit "), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func theRequestKeyIsTheFlag() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "lines.jsonl")
    let bars = #"["bar", "bar", "bar", "bar"]"#
    try Data(
      """
      {"id": 1, "plan": {"categories": \(bars), "anytime": true, "memoryLimit": 0.001}}
      {"id": 2, "plan": {"categories": ["park"], "anytime": true, "memoryLimit": 0}}

      """.utf8
    ).write(to: file)
    let run = CommandRun(["batch", file.path])
    let lines = run.stdout.split(separator: "\n").map {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(lines.count == 2, "\(run.stdout)")
    let result = lines.first??["result"] as? [String: Any]
    #expect(result?["reason"] as? String == "stopped at the memory budget")
    let error = lines.last??["error"] as? [String: Any]
    #expect((error?["message"] as? String)?.contains("memoryLimit") == true, "\(run.stdout)")
  }
}
