import Foundation
import ItineraryCore
import ItineraryTestSupport
import Testing

@testable import ItineraryPlanning

/// Benchmark files as requests: read from a batch line or a body, checked,
/// and solved through the pipeline.
@Suite struct BenchmarkRequestTests {
  static let line = BenchmarkTexts.line

  static func request(_ object: [String: Any]) throws -> JSONRequest {
    try JSONRequest.decode(object, source: "line 1")
  }

  @Test func aLineWithAFilesTextIsABenchmarkRequest() throws {
    let decoded = try Self.request([
      "id": 7, "optw": Self.line, "name": "line.txt", "routes": 2, "timeLimit": 1, "seed": 3,
    ])
    guard case .benchmark(let request) = decoded else {
      Issue.record("read as \(decoded)")
      return
    }
    #expect(request.format == .optw)
    #expect(request.text == Self.line)
    #expect(request.name == "line.txt")
    #expect(request.routes == 2)
    #expect(request.timeLimit == 1)
    #expect(request.seed == 3)
  }

  @Test(
    arguments: [
      (["optw": 3], "optw: expected the file's text"),
      (["optw": "x", "top": 2], "unknown key 'top'"),
      (["gtsplib": "x", "routes": 2], "routes applies to OPTW files"),
      (["optw": "x", "routes": "two"], "routes"),
    ] as [([String: any Sendable], String)])
  func badLinesAreRefusedNamingTheKey(_ object: [String: any Sendable], _ words: String) throws {
    do {
      let decoded = try Self.request(object)
      guard case .benchmark(let request) = decoded else {
        Issue.record("read as \(decoded)")
        return
      }
      try request.validate()
      Issue.record("accepted \(object)")
    } catch let error as ItineraryError {
      #expect(error.kind == .usage, "\(error.message)")
      #expect(error.message.contains(words), "\(error.message)")
    }
  }

  @Test func theBestTripLeavesTheDepotOut() throws {
    var request = BenchmarkRequest(format: .optw, text: Self.line, name: "line.txt")
    request.timeLimit = 5
    let response = try PlanningPipeline(environment: [:]).benchmark(request)
    #expect(response.objective == 30)
    #expect(response.routes == [[1, 2]])
    #expect(response.tour == nil)
    #expect(response.optimal)
    #expect(response.name == "line")
  }

  /// Whatever the name, the instance's is taken from it without failing.
  @Test(arguments: ["...", "", "/", ".txt", "a/b/.c"])
  func anyNameReads(_ name: String) throws {
    let response = try PlanningPipeline(environment: [:]).benchmark(
      BenchmarkRequest(format: .optw, text: Self.line, name: name))
    #expect(response.objective == 30)
  }

  @Test func aFileTooLargeForTheMemoryLimitIsBadData() throws {
    var request = BenchmarkRequest(format: .optw, text: Self.line, name: "line.txt")
    request.memoryLimit = 1e-6
    #expect {
      _ = try PlanningPipeline(environment: [:]).benchmark(request)
    } throws: { error in
      (error as? ItineraryError)?.kind == .data
    }
  }
}
