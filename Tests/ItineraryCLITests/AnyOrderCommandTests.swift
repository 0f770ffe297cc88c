import Foundation
import Testing

/// `solve --any-order` and the instance file's `anyOrder`.
@Suite struct AnyOrderCommandTests {
  /// The park lies on the way out, the restaurant beyond it: any order
  /// visits the park first, the ordered plan must double back.
  static let instance = """
    {"version": 1, "origin": {"lat": 60.0, "lon": 25.0},
     "categories": ["restaurant", "park"], "anyOrder": ANY,
     "places": [
       {"id": "r", "name": "R", "categories": ["restaurant"], "lat": 60.02, "lon": 25.0, "score": 4},
       {"id": "p", "name": "P", "categories": ["park"], "lat": 60.01, "lon": 25.0, "score": 3}
     ]}
    """

  func firstPlan(anyOrder: Bool, flags: [String]) throws -> [String: Any] {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "instance.json")
    let text = Self.instance.replacingOccurrences(of: "ANY", with: anyOrder ? "true" : "false")
    try Data(text.utf8).write(to: file)
    let run = CommandRun(["solve", file.path, "--top", "1"] + flags)
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let solver = try #require(json["solver"] as? [String: Any])
    #expect(solver["optimal"] as? Bool == true)
    return try #require((json["plans"] as? [[String: Any]])?.first)
  }

  func stopIDs(_ plan: [String: Any]) -> [String] {
    (plan["stops"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test func flagAndFileBothPlanInAnyOrder() throws {
    let ordered = try firstPlan(anyOrder: false, flags: [])
    #expect(stopIDs(ordered) == ["r", "p"])
    for (anyOrder, flags) in [(false, ["--any-order"]), (true, [])] {
      let plan = try firstPlan(anyOrder: anyOrder, flags: flags)
      #expect(stopIDs(plan) == ["p", "r"])
      let objective = try #require(plan["objective"] as? Double)
      // 7 points less 0.5 per km over 2 * 1.112 km (0.02 degrees of latitude).
      #expect(abs(objective - (7 - 0.5 * 0.02 * 6371.0088 * .pi / 180)) < 1e-6)
    }
  }
}
