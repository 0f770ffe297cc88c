import ItineraryCore
import Testing

@testable import ItineraryPlanning

/// `--cuisine` and `--price`: what they keep, of which categories.
@Suite struct PlaceFilterTests {
  let vocabulary = CategoryVocabulary.standard

  func place(
    _ id: String, _ categories: [String], cuisines: [String] = [], price: Int? = nil
  ) -> Place {
    Place(
      id: id, name: id, categories: categories, coordinate: Coordinate(lat: 60, lon: 25),
      price: price, cuisines: cuisines)
  }

  @Test(arguments: [
    ("burger", ["burgers"], true), ("Burgers", ["burger"], true),
    ("ice cream", ["ice_cream"], true),
    ("italian", ["Italian Restaurant"], true), ("sushi", ["sushi;japanese"], true),
    ("café", ["cafe, coffee, and tea house"], true), ("coffee tea", ["coffee, and tea"], false),
    ("pizza", ["pizzeria"], false), ("thai", ["thai_fusion"], true), ("tea", ["steak"], false),
    ("swiss", ["swiss"], true), ("sushi", [], false),
  ])
  func cuisinesMatchWholeWordsInARow(word: String, cuisines: [String], kept: Bool) {
    #expect(
      PlaceFilter(cuisine: word).keeps(place("p", ["restaurant"], cuisines: cuisines)) == kept)
  }

  @Test func aPriceKeepsKnownPricesUpToIt() {
    let filter = PlaceFilter(price: 2)
    #expect(filter.keeps(place("a", ["restaurant"], price: 1)))
    #expect(filter.keeps(place("b", ["restaurant"], price: 2)))
    #expect(!filter.keeps(place("c", ["restaurant"], price: 3)))
    #expect(!filter.keeps(place("d", ["restaurant"])), "no price is no match")
  }

  @Test func onlyTheCategoriesOfFoodAndDrinkAreFiltered() throws {
    let asked = try ["bar", "nightlife", "park"].map { try #require(vocabulary.resolve($0)) }
    let places = [
      place("pub", ["bar", "nightlife"], cuisines: ["burger"]),
      place("club", ["bar", "nightlife"], cuisines: ["pizza"]),
      place("wine", ["bar"]),
      place("park", ["park"]),
    ]
    let kept = PlaceFilter(cuisine: "burger").apply(places, asked: asked)
    #expect(kept.map(\.id) == ["pub", "club", "park"])
    #expect(kept[0].categories == ["bar", "nightlife"])
    #expect(kept[1].categories == ["nightlife"], "no bar serving burgers, still a club")
    #expect(PlaceFilter().apply(places, asked: asked) == places)
  }

  @Test func brokenFiltersAreUsageErrors() {
    for (cuisine, price) in [("  ", nil), ("--", nil), (nil, 0), (nil, 5), ("pizza", -1)]
      as [(String?, Int?)]
    {
      var request = SearchRequest(categories: ["restaurant"])
      request.cuisine = cuisine
      request.price = price
      #expect(throws: ItineraryError.self) { try request.validate() }
      var plan = PlanRequest(categories: ["restaurant"])
      plan.cuisine = cuisine
      plan.price = price
      #expect(throws: ItineraryError.self) { try plan.validate() }
    }
  }
}
