import Foundation
import ItineraryCore
import Testing

/// `plan` on the embedded city, as a person runs it.
@Suite struct PlanCommandTests {
  @Test func oneArgumentWithArrowsIsTheSameAsSeveral() {
    let arrows = CommandRun(["plan", "--anytime", "Restaurant -> Park -> Art", "--format", "json"])
    let words = CommandRun(["plan", "--anytime", "restaurant", "park", "art", "--format", "json"])
    #expect(arrows.status == 0, "\(arrows.stderr)")
    func plans(_ run: CommandRun) -> String? {
      let json = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      return (json?["plans"]).flatMap {
        try? JSONSerialization.data(withJSONObject: $0, options: .sortedKeys)
      }
      .map { String(decoding: $0, as: UTF8.self) }
    }
    #expect(plans(arrows) != nil)
    #expect(plans(arrows) == plans(words))
  }

  @Test func tableShowsEveryStopAndSaysWhereItStarted() throws {
    let run = CommandRun(["plan", "--anytime", "food", "park", "--top", "2"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("starting at the centre of central Helsinki"))
    #expect(run.stderr.contains("embedded city"))
    let planLines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("#") }
    #expect(planLines.count == 2)
    #expect(run.stdout.contains("restaurant") && run.stdout.contains("park"))
    #expect(run.stdout.contains(" km") && run.stdout.contains(" min"))
  }

  @Test func diverseAlternativesShareFewerThanHalfTheirPlaces() throws {
    let run = CommandRun([
      "plan", "--anytime", "cafe", "museum", "art", "bar", "--top", "4", "--format", "json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let plans = try #require(json?["plans"] as? [[String: Any]])
    #expect(plans.count == 4)
    let ids = plans.map {
      ($0["stops"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
    for (j, plan) in ids.enumerated() {
      for earlier in ids[..<j] {
        #expect(plan.filter(earlier.contains).count <= 1, "\(plan) vs \(earlier)")
      }
    }
  }

  @Test func imperialUnitsAndModesChangeTheTable() {
    let run = CommandRun([
      "plan", "--anytime", "museum", "--units", "imperial", "--mode", "bike", "--top", "1",
    ])
    #expect(run.status == 0)
    #expect(run.stdout.contains(" mi") && run.stdout.contains("cycling"))
  }

  @Test func roundTripAddsTheWayBack() {
    let run = CommandRun(["plan", "--anytime", "museum", "--round-trip", "--top", "1"])
    #expect(run.stdout.contains("back to the start"))
  }

  @Test(arguments: ["plan", "solve", "gtsp", "categories"])
  func everyCommandHasHelpAndVersion(_ command: String) {
    let run = CommandRun([command, "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("usage: itinerary \(command)"))
    #expect(CommandRun(["help", command]).stdout == run.stdout)
    let version = CommandRun([command, "--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("itinerary "))
  }

  @Test func helpListsEveryOptionItTakes() {
    let help = CommandRun(["help", "plan"]).stdout
    for option in [
      "--at", "--near", "--top", "--round-trip", "--time-limit", "--seed", "-o, --output",
    ] {
      #expect(help.contains(option), "\(option) missing from plan's help")
    }
    #expect(!help.contains("--gtsplib"))
  }

  @Test func categoriesListsTheVocabularyWithAliases() {
    let run = CommandRun(["categories"])
    #expect(run.status == 0)
    for category in CategoryVocabulary.standard.categories {
      #expect(run.stdout.contains("\(category.name): "), "\(category.name) missing")
    }
    #expect(run.stdout.contains("food"))
    #expect(run.stdout.contains("tourism=artwork"))
    // Artworks, memorials and plaques, and nothing else, say so.
    let askedOnly = CategoryVocabulary.standard.categories.filter { $0.onlyWhenAsked == true }
    #expect(askedOnly.map(\.name) == ["artwork", "memorial", "plaque"])
    #expect(run.stdout.components(separatedBy: "only when asked for by name").count == 4)
  }
}

extension PlanCommandTests {
  @Test func anyOrderIsNeverWorseThanTheOrderGiven() throws {
    func best(_ extra: [String]) throws -> Double {
      let run = CommandRun(
        ["plan", "--anytime", "art", "cafe", "museum", "--exact", "--top", "1", "--format", "json"]
          + extra)
      #expect(run.status == 0, "\(run.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      let plans = try #require(json?["plans"] as? [[String: Any]])
      return try #require(plans.first?["objective"] as? Double)
    }
    let ordered = try best([])
    let anyOrder = try best(["--any-order"])
    #expect(anyOrder >= ordered - 1e-9)
  }
}
