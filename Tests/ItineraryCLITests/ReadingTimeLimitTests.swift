import Foundation
import ItineraryCore
import ItineraryPlanning
import ItineraryTestSupport
import Testing

/// `--time-limit` covers reading the file: `gtsp`, `optw` and `solve` stop
/// a huge file at the limit with one `error:` line instead of reading on.
@Suite struct ReadingTimeLimitTests {
  /// A GTSPLIB file of `n` nodes in two sets with a full matrix of ones.
  static func matrixFile(nodes n: Int) -> String {
    let row = String(repeating: "1 ", count: n) + "\n"
    let half = n / 2
    return """
      NAME : big
      TYPE : GTSP
      DIMENSION : \(n)
      GTSP_SETS : 2
      EDGE_WEIGHT_TYPE : EXPLICIT
      EDGE_WEIGHT_FORMAT : FULL_MATRIX
      EDGE_WEIGHT_SECTION

      """ + String(repeating: row, count: n) + "GTSP_SET_SECTION\n"
        + "1 \((1...half).map(String.init).joined(separator: " ")) -1\n"
        + "2 \((half + 1...n).map(String.init).joined(separator: " ")) -1\nEOF\n"
  }

  /// A run stopped before it starts reads nothing: the pipeline gives the
  /// reader the run's deadline.
  @Test func aStoppedBenchmarkRunDoesNotRead() throws {
    let stopped = Cancellation()
    stopped.cancel()
    let pipeline = PlanningPipeline(environment: [:], cancellation: stopped)
    var gtsplib = BenchmarkRequest(
      format: .gtsplib, text: Self.matrixFile(nodes: 4), name: "b.gtsp")
    gtsplib.timeLimit = 60
    let optw = BenchmarkRequest(
      format: .optw, text: "1 1 0 1\n0 0\n0 0 0 0 0 0 0 0 100\n", name: "o.txt")
    for request in [gtsplib, optw] {
      let error = #expect(throws: ItineraryError.self) { _ = try pipeline.benchmark(request) }
      #expect(error?.message.contains("the time limit ran out while reading the file") == true)
    }
    // Not stopped, the same file is read and solved.
    let response = try PlanningPipeline(environment: [:]).benchmark(gtsplib)
    #expect(response.objective == 2)
  }

  @Suite(.tags(.slow)) struct Slow {
    /// About 50 MB of GTSPLIB (the debug build reads it in about 20 s)
    /// against a limit of one second.
    @Test func gtspStopsAHugeFileAtTheTimeLimit() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = directory.appending(path: "big.gtsp")
      try Data(ReadingTimeLimitTests.matrixFile(nodes: 5000).utf8).write(to: file)
      let started = ContinuousClock.now
      let run = CommandRun(["gtsp", file.path, "--time-limit", "1", "--memory-limit", "2048"])
      let elapsed = ContinuousClock.now - started
      #expect(run.status == 1, "\(run.stderr)")
      #expect(run.errorLine?.contains("the time limit ran out while reading the file") == true)
      #expect(elapsed < .seconds(10), "\(elapsed)")
    }

    /// 300,000 places (about 25 MB) against a limit of one second: the
    /// parse alone takes seconds.
    @Test func solveStopsAHugeInstanceAtTheTimeLimit() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = directory.appending(path: "big.json")
      var text = #"{"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["museum"], "places": ["#
      for index in 0..<300_000 {
        if index > 0 { text += "," }
        text += #"{"id":"p\#(index)","categories":["museum"],"lat":60.1\#(index % 100),"lon":24.9}"#
      }
      text += "]}"
      try Data(text.utf8).write(to: file)
      let started = ContinuousClock.now
      let run = CommandRun([
        "solve", file.path, "--time-limit", "1", "--memory-limit", "4096", "--top", "1",
      ])
      let elapsed = ContinuousClock.now - started
      #expect(run.status == 1, "\(run.stderr)")
      #expect(run.errorLine?.contains("the time limit ran out while reading the file") == true)
      #expect(elapsed < .seconds(10), "\(elapsed)")
    }
  }
}
