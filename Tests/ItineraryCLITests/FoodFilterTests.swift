import Foundation
import ItineraryCore
import Testing

/// `--cuisine` and `--price` on `search`, `plan` and batch lines, over the
/// embedded city, checked against its places' own cuisines.
@Suite struct FoodFilterTests {
  func cuisines(_ id: String?) -> [String] {
    FindingOracle.places.first { $0.id == id }?.cuisines ?? []
  }

  @Test func searchKeepsThePlacesServingTheCuisineBestFirst() throws {
    let run = CommandRun([
      "search", "restaurant", "--cuisine", "Pizza", "--sort", "rating", "--limit", "50",
      "--format", "json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try jsonObject(run.stdout)
    let results = try #require(json["results"] as? [[String: Any]])
    let serving = FindingOracle.places.filter {
      FindingOracle.has($0, "restaurant") && $0.cuisines.contains("pizza")
        && FindingOracle.km(FindingOracle.centre, $0.coordinate) <= 3
    }
    #expect(!serving.isEmpty && results.count == serving.count)
    #expect(results.allSatisfy { cuisines($0["id"] as? String).contains("pizza") })
    let scores = results.compactMap { $0["score"] as? Double }
    #expect(scores == scores.sorted(by: >))
    #expect((json["request"] as? [String: Any])?["cuisine"] as? String == "Pizza")
  }

  @Test func aCuisineAloneSearchesFoodAndDrink() throws {
    let run = CommandRun(["search", "--cuisine", "coffee", "--limit", "50", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try jsonObject(run.stdout)
    #expect(json["categories"] as? [String] == ["restaurant", "cafe", "bar"])
    let results = try #require(json["results"] as? [[String: Any]])
    #expect(!results.isEmpty)
    #expect(
      results.allSatisfy { result in
        cuisines(result["id"] as? String).contains { $0.split { !$0.isLetter }.contains("coffee") }
      })
  }

  /// Fast food stays out of the top of restaurant unless a cuisine asks for it.
  @Test func fastFoodComesUpWhenItsCuisineIsAskedFor() throws {
    func ids(_ extra: [String]) throws -> [String] {
      let run = CommandRun(
        ["search", "restaurant", "--sort", "rating", "--limit", "10", "--format", "json"] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      return try #require(try jsonObject(run.stdout)["results"] as? [[String: Any]])
        .compactMap { $0["id"] as? String }
    }
    let fastFood = Set(
      FindingOracle.places.filter { $0.kind == "amenity=fast_food" }.map(\.id))
    #expect(try ids([]).allSatisfy { !fastFood.contains($0) })
    #expect(try ids(["--cuisine", "burger"]).contains(where: fastFood.contains))
  }

  @Test func plansAndBatchLinesFilterTheirRestaurantsOnly() throws {
    let run = CommandRun([
      "plan", "restaurant", "park", "--cuisine", "sushi", "--anytime", "--format", "json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let plans = try #require(try jsonObject(run.stdout)["plans"] as? [[String: Any]])
    #expect(!plans.isEmpty)
    for plan in plans {
      let stops = try #require(plan["stops"] as? [[String: Any]])
      let first = cuisines(stops.first?["id"] as? String)
      #expect(first.contains("sushi"))
      #expect(stops.last?["category"] as? String == "park")
    }
    let input = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: input) }
    let lines = input.appending(path: "lines.jsonl")
    try [
      #"{"id": 1, "plan": {"categories": ["restaurant"], "cuisine": "sushi", "anytime": true}}"#,
      #"{"id": 2, "plan": {"categories": ["restaurant"], "price": 2, "anytime": true}}"#,
      #"{"id": 3, "plan": {"categories": ["restaurant"], "price": 9}}"#,
    ].joined(separator: "\n").write(to: lines, atomically: true, encoding: .utf8)
    let batch = CommandRun(["batch", lines.path])
    let answers = try batch.stdout.split(separator: "\n").map { try jsonObject(String($0)) }
    #expect(answers.count == 3)
    let result = answers[0]["result"] as? [String: Any]
    let stops = (result?["plans"] as? [[String: Any]])?.first?["stops"] as? [[String: Any]]
    let first = cuisines(stops?.first?["id"] as? String)
    #expect(first.contains("sushi"))
    for answer in answers.dropFirst() {
      #expect((answer["error"] as? [String: Any])?["exitCode"] as? Int == 64, "\(answer)")
    }
  }

  @Test(arguments: [
    ["search", "restaurant", "--price", "2"], ["plan", "park", "--cuisine", "pizza"],
    ["search", "park", "--price", "1"], ["plan", "cafe", "--price", "5"],
    ["search", "cafe", "--cuisine", "  "], ["plan", "cafe", "--price", "cheap"],
  ])
  func filtersWithNothingToFilterAreUsageErrors(arguments: [String]) {
    let run = CommandRun(arguments)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.errorLine != nil, "\(run.stderr)")
  }
}
