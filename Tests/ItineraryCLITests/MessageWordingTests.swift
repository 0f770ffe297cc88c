import Foundation
import Testing

/// Messages that named the wrong problem, or gave the wrong exit code.
@Suite struct MessageWordingTests {
  @Test func batchLinesSayWhatTheyAreAndWhatIsWrong() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appending(path: "in.jsonl")
    var bytes = Data("[1,2,3]\n\"text\"\n".utf8)
    bytes +=
      Data(#"{"id": "a"#.utf8) + Data([0]) + Data(#"b", "instance": {}}"#.utf8) + Data([0x0A])
    try bytes.write(to: input)
    let run = CommandRun(["batch", input.path])
    #expect(run.status == 0, "\(run.stderr)")
    let messages = try BatchCommandTests.answers(run.stdout).map {
      ($0["error"] as? [String: Any])?["message"] as? String ?? ""
    }
    #expect(messages.count == 3)
    #expect(messages[0] == "line 1: expected a JSON object, not an array")
    #expect(messages[1] == "line 2: expected a JSON object, not a string")
    #expect(messages[2].contains("raw control character U+0000"), "\(messages[2])")
  }

  @Test(arguments: ["21:00", "now", "tomorrow"])
  func anUnreadableStartIsAUsageError(start: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let instance = directory.appending(path: "instance.json")
    try Data(
      """
      {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["museum"],
       "places": [{"id": "p1", "categories": ["museum"], "lat": 60.171, "lon": 24.941}]}
      """.utf8
    ).write(to: instance)
    let run = CommandRun(["solve", instance.path, "--start", start])
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("--start") == true, "\(run.stderr)")
  }
}
