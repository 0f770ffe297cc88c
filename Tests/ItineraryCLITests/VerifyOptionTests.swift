import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryWorkloads
import Synchronization
import Testing

@testable import ItineraryCLI

/// `--verify` on `solve` and `plan`. Serialized: each run solves with GLPK.
@Suite(.serialized) struct VerifyOptionTests {
  /// What a command printed, and its exit code.
  struct Run {
    var code: Int32
    var output: String
    var errors: String
  }

  static func run(_ arguments: [String]) -> Run {
    let output = Mutex("")
    let errors = Mutex("")
    let terminal = Terminal(
      write: { text in output.withLock { $0 += text } },
      writeError: { text in errors.withLock { $0 += text } })
    let code = CLI.run(arguments: arguments, terminal: terminal)
    return Run(
      code: code, output: output.withLock { $0 }, errors: errors.withLock { $0 })
  }

  /// Writes `problem` as an instance file and returns its path.
  static func instanceFile(_ problem: Problem) throws -> String {
    let places: [[String: Any]] = problem.places.map { place in
      var object: [String: Any] = [
        "id": place.id, "name": place.name, "categories": place.categories,
        "lat": place.coordinate.lat, "lon": place.coordinate.lon,
      ]
      object["rating"] = place.rating
      object["reviewCount"] = place.reviewCount
      object["score"] = place.score
      return object
    }
    let root: [String: Any] = [
      "version": 1, "origin": ["lat": problem.origin.lat, "lon": problem.origin.lon],
      "categories": problem.categories, "places": places,
      "distanceWeight": problem.distanceWeight, "roundTrip": problem.roundTrip,
    ]
    let url = FileManager.default.temporaryDirectory
      .appending(path: "verify-\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: root).write(to: url)
    return url.path
  }

  static func randomProblem(seed: UInt64, categories: Int, places: Int) -> Problem {
    var generator = SplitMix64(seed: seed)
    return RandomProblems.make(
      RandomProblems.Shape(categories: categories, placesPerCategory: places, roundTrip: true),
      using: &generator)
  }

  static func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func solvePrintsTheVerifyBlock() throws {
    let path = try Self.instanceFile(Self.randomProblem(seed: 31, categories: 3, places: 8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = Self.run(["solve", path, "--top", "4", "--verify"])
    #expect(run.code == 0, "\(run.errors)")
    let root = try Self.json(run.output)
    let verify = try #require(root["verify"] as? [String: Any])
    #expect(verify["solver"] as? String == "glpk")
    #expect(verify["agrees"] as? Bool == true)
    let plans = try #require(root["plans"] as? [[String: Any]])
    let best = try #require(plans.first?["objective"] as? Double)
    let objective = try #require(verify["objective"] as? Double)
    #expect(abs(objective - best) <= 1e-6 * max(1, abs(best)))
  }

  @Test func solveWithoutVerifyHasNoBlock() throws {
    let path = try Self.instanceFile(Self.randomProblem(seed: 32, categories: 2, places: 4))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = Self.run(["solve", path])
    #expect(run.code == 0, "\(run.errors)")
    #expect(try Self.json(run.output)["verify"] == nil)
  }

  @Test func solveVerifiesDiversePlansInATable() throws {
    let path = try Self.instanceFile(Self.randomProblem(seed: 33, categories: 4, places: 6))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = Self.run(["solve", path, "--diverse", "--verify", "--format", "table"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output.contains("verify (glpk): agrees (objective "), "\(run.output)")
  }

  @Test func solveVerifiesThatThereIsNoPlan() throws {
    var problem = Self.randomProblem(seed: 34, categories: 2, places: 3)
    problem.categories.insert("museum", at: 0)
    let path = try Self.instanceFile(problem)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = Self.run(["solve", path, "--verify"])
    #expect(run.code == 0, "\(run.errors)")
    let root = try Self.json(run.output)
    #expect((root["plans"] as? [Any])?.isEmpty == true)
    let verify = try #require(root["verify"] as? [String: Any])
    #expect(verify["agrees"] as? Bool == true)
    #expect(verify["objective"] == nil)
  }

  @Test func aTimeLimitIsReportedAsNotVerified() throws {
    let path = try Self.instanceFile(Self.randomProblem(seed: 35, categories: 5, places: 120))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = Self.run(["solve", path, "--top", "1", "--verify", "--verify-time-limit", "0.002"])
    #expect(run.code == 0, "\(run.errors)")
    let verify = try #require(try Self.json(run.output)["verify"] as? [String: Any])
    #expect(verify["agrees"] as? Bool == false)
    #expect(verify["note"] as? String == "not verified (time limit)")
    #expect(run.errors.contains("not verified (time limit)"))
  }

  @Test func aBadTimeLimitIsAUsageError() throws {
    let path = try Self.instanceFile(Self.randomProblem(seed: 36, categories: 2, places: 3))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = Self.run(["solve", path, "--verify", "--verify-time-limit", "soon"])
    #expect(run.code == 64)
    #expect(run.errors.hasPrefix("error: "))
  }

  @Test func planVerifiesTheEmbeddedCity() {
    let run = Self.run(["plan", "--anytime", "restaurant", "cafe", "art", "--verify"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output.contains("verify (glpk): agrees (objective "), "\(run.output)")
  }
}
