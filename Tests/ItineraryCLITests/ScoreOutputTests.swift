import Foundation
import ItineraryCore
import Testing

@testable import ItineraryPlaces

/// What a person reads of a score: where it comes from, in JSON and in the
/// tables, and the order `search` gives the embedded city's art, museums
/// and restaurants.
@Suite struct ScoreOutputTests {
  func results(_ arguments: [String]) throws -> [[String: Any]] {
    let run = CommandRun(["search"] + arguments + ["--limit", "50", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(try jsonObject(run.stdout)["results"] as? [[String: Any]])
  }

  func kind(_ id: Any?) -> String? { FindingOracle.places.first { $0.id == id as? String }?.kind }

  @Test func placesAndStopsSayWhereTheirScoreComesFromAndWhatTheyAre() throws {
    let plan = CommandRun(["plan", "restaurant", "museum", "--anytime", "--format", "json"])
    #expect(plan.status == 0, "\(plan.stderr)")
    let plans = try #require(try jsonObject(plan.stdout)["plans"] as? [[String: Any]])
    let stops = plans.flatMap { $0["stops"] as? [[String: Any]] ?? [] }
    #expect(!stops.isEmpty)
    for stop in stops {
      #expect(stop["scoreSource"] as? String == "map")
      #expect(stop["kind"] as? String == kind(stop["id"]) && kind(stop["id"]) != nil)
    }
    for result in try results(["museum"]) {
      #expect(result["scoreSource"] as? String == "map")
      #expect(result["kind"] as? String == "tourism=museum")
    }
    let table = CommandRun(["plan", "restaurant", "museum", "--anytime"])
    #expect(table.stdout.contains("category    map score"), "\(table.stdout)")
    #expect(CommandRun(["search", "museum"]).stdout.contains("map score "))
  }

  /// Ateneum, Kiasma and Amos Rex come before every commercial gallery in
  /// `search art`, and no statue or plaque is in it; in `search museum`
  /// they are among the museums, Ateneum and Kiasma first.
  @Test func theArtMuseumsLeadArtAndMuseums() throws {
    let museums = ["Ateneum", "Kiasma", "Amos Rex"]
    let art = try results(["art"])
    let names = art.compactMap { $0["name"] as? String }
    let lastMuseum = try #require(museums.compactMap(names.firstIndex).max())
    let firstShop = try #require(art.firstIndex { kind($0["id"]) == "shop=art" })
    #expect(lastMuseum < firstShop, "\(names)")
    #expect(!art.contains { ["tourism=artwork", "memorial=plaque"].contains(kind($0["id"])) })
    let museumNames = try results(["museum"]).compactMap { $0["name"] as? String }
    #expect(
      Set(museumNames.prefix(2)) == ["Ateneum", "Kiasma"] && museumNames.contains("Amos Rex"))
  }

  /// The first page of `search restaurant` holds no chain and no fast food.
  @Test func independentsLeadRestaurants() throws {
    let food = FindingOracle.places.filter {
      ["restaurant", "cafe", "bar"].contains(where: $0.isEligible(for:))
    }
    let counts = Dictionary(
      food.compactMap { MapContext.folded($0.name) }.map { ($0, 1) }, uniquingKeysWith: +)
    let context = MapContext(chainNames: Set(counts.filter { $0.value > 1 }.keys))
    let branded = Set(TagCorrections.standard.byElement.filter { $0.value["brand"] != nil }.keys)
    for result in try results(["restaurant"]).prefix(10) {
      let id = result["id"] as? String ?? ""
      let name = result["name"] as? String ?? ""
      #expect(!branded.contains(id) && !context.isChainName(name), "\(name)")
      #expect(kind(id) != "amenity=fast_food", "\(name)")
    }
  }
}
