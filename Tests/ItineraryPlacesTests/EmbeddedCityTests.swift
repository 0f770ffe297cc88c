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
    for name in ["restaurant", "cafe", "bar", "park", "museum", "art", "landmark"] {
      #expect(city.places.contains { $0.isEligible(for: name) }, "no \(name)")
    }
  }

  /// The places of `category`, best first as the Overpass provider ranks them.
  func best(_ category: String) -> [Place] {
    OverpassProvider.rank(city.places.filter { $0.isEligible(for: category) }, from: city.centre)
  }

  @Test func theCategoriesLeadWithWhatAVisitorWouldPick() {
    #expect(best("art").prefix(2).map(\.name).sorted() == ["Ateneum", "Kiasma"])
    #expect(best("museum").prefix(2).map(\.name).sorted() == ["Ateneum", "Kiasma"])
    #expect(best("restaurant").prefix(2).map(\.name).sorted() == ["Ravintola Savoy", "Zetor"])
    // Fast food ranks below every plain restaurant.
    let restaurants = best("restaurant")
    let firstFastFood = restaurants.firstIndex { ["Hesburger", "McDonald's"].contains($0.name) }
    #expect(firstFastFood.map { restaurants[$0].score ?? 0 } == 2.7)
    #expect(best("landmark").first?.name == "Helsingin tuomiokirkko")
  }

  @Test func closedAndMisfiledPlacesAreGone() {
    let names = city.places.map(\.name)
    #expect(!names.contains("Amos Anderson taidemuseo"), "closed in 2017")
    #expect(!names.contains("Stockmann Roof"), "opening_hours=closed")
    #expect(!names.contains("Konst Hair & Gallery"), "a hairdresser")
    #expect(names.filter { $0 == "Lyhdynkantajat" }.count == 1, "one Wikidata item, one place")
    #expect(city.places.first { $0.name == "Amos Rex" }?.categories == ["museum", "art"])
  }

  static let header =
    "@centre\t60\t24\n@bounds\t59\t23\t61\t25\nid\tname\tcategories\tlat\tlon\tscore\taddress\topening_hours\n"

  @Test(arguments: [
    (header + "node/1\tA\tpark\t60\t24\t3\n", "line 4: expected 8 fields"),
    (header + "node/1\tA\tpark\t95\t24\t3\t\t\n", "line 4: latitude 95.0 is outside [-90, 90]"),
    (header + "node/1\tA\tpark\tx\t24\t3\t\t\n", "line 4: expected 8 fields"),
    ("@centre\t60\n", "line 1: unknown or malformed metadata @centre"),
    ("@centre\tsixty\t24\n", "line 1: expected numbers"),
    ("node/1\tA\tpark\t60\t24\t3\t\t\n", "line 1: expected the header line"),
    ("id\tname\n", "missing @centre or @bounds"),
  ])
  func brokenPlacesFilesNameTheLine(text: String, message: String) {
    #expect {
      _ = try EmbeddedCity(name: "test", tsv: text, source: "osm")
    } throws: { error in
      (error as? ItineraryError)?.kind == .data
        && (error as? ItineraryError)?.message.contains(message) == true
    }
  }
}
