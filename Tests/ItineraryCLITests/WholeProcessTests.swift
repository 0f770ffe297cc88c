import Foundation
import Testing

/// What only a whole process shows: an instance piped to `solve -`, and
/// `-o -` writing standard output.
@Suite(.enabled(if: ProcessRun.binary != nil, "needs the built itinerary binary"))
struct WholeProcessTests {
  static let instance = """
    {"origin": {"lat": 60.17, "lon": 24.94}, "categories": ["a", "b"],
     "places": [{"id": "x", "categories": ["a"], "lat": 60.171, "lon": 24.941, "score": 4},
                {"id": "y", "categories": ["b"], "lat": 60.172, "lon": 24.942, "score": 3}]}
    """

  @Test func solveReadsAnInstanceFromAPipe() throws {
    let run = try ProcessRun(["solve", "-", "--top", "1"], input: Data(Self.instance.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let plans = try #require(json["plans"] as? [[String: Any]])
    let stops = try #require(plans.first?["stops"] as? [[String: Any]])
    #expect(stops.compactMap { $0["id"] as? String } == ["x", "y"])
  }

  @Test func outputDashIsStandardOutput() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try ProcessRun(
      ["solve", "-", "-o", "-", "--format", "geojson"], input: Data(Self.instance.utf8),
      in: directory)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\"FeatureCollection\""))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func aBrokenPipeIsBadDataNamingStandardInput() throws {
    let run = try ProcessRun(["solve", "-"], input: Data("{\"origin\": ".utf8))
    #expect(run.status == 65)
    #expect(run.stderr.hasPrefix("error: standard input: malformed JSON"))
  }
}
