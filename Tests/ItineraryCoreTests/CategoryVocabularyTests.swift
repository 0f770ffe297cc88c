import Foundation
import ItineraryCore
import ItineraryFixtures
import Testing

@Suite struct CategoryVocabularyTests {
  let vocabulary = CategoryVocabulary.standard

  @Test func namesTheCategoriesTheIssueAsksFor() {
    let names = Set(vocabulary.categories.map(\.name))
    for name in [
      "restaurant", "cafe", "bar", "park", "museum", "art", "artwork", "memorial", "plaque",
      "music", "theatre", "landmark", "viewpoint", "shopping", "nature", "nightlife",
    ] {
      #expect(names.contains(name))
    }
    #expect(names.count == vocabulary.categories.count, "names are unique")
  }

  @Test(arguments: [
    ("Food", "restaurant"), ("restaurant", "restaurant"), (" gallery ", "art"),
    ("public art", "artwork"), ("Statue", "artwork"), ("concert hall", "music"),
    ("plaques", "plaque"), ("opera", "theatre"), ("coffee", "cafe"), ("SIGHTS", "landmark"),
  ])
  func aliasesResolve(word: String, name: String) {
    #expect(vocabulary.resolve(word)?.name == name)
  }

  @Test func unknownWordsDoNotResolve() {
    #expect(vocabulary.resolve("zoo") == nil)
    #expect(vocabulary.resolve("") == nil)
  }

  @Test func noAliasIsClaimedTwice() {
    let words = vocabulary.categories.flatMap { [$0.name] + $0.aliases }.map { $0.lowercased() }
    #expect(Set(words).count == words.count)
  }

  @Test func everyCategoryMapsToOpenStreetMapTags() {
    for category in vocabulary.categories {
      #expect(!category.osm.isEmpty, "\(category.name)")
      #expect(category.osm.allSatisfy { $0.split(separator: "=").count == 2 }, "\(category.name)")
    }
  }

  @Test func openStreetMapTagsGiveCategories() {
    #expect(vocabulary.categories(forOSMTags: ["amenity": "restaurant"]) == ["restaurant"])
    #expect(
      vocabulary.categories(forOSMTags: ["tourism": "museum", "museum": "art"]) == [
        "museum", "art",
      ])
    #expect(vocabulary.categories(forOSMTags: ["amenity": "pub"]) == ["bar", "nightlife"])
    #expect(vocabulary.categories(forOSMTags: ["amenity": "bench"]).isEmpty)
  }

  /// Every tag of every category says why it is there, and nothing else does.
  @Test func everyTagHasItsReason() throws {
    let file = try #require(
      try JSONSerialization.jsonObject(with: Data(Fixtures.categoriesJSON.utf8))
        as? [String: Any])
    let categories = try #require(file["categories"] as? [[String: Any]])
    #expect(categories.count == vocabulary.categories.count)
    for (category, entry) in zip(vocabulary.categories, categories) {
      let reasons = try #require(entry["osmWhy"] as? [String: String], "\(category.name)")
      #expect(Set(reasons.keys) == Set(category.osm), "\(category.name)")
      #expect(reasons.values.allSatisfy { $0.count > 10 }, "\(category.name)")
    }
    let leftOut = try #require(file["osmLeftOut"] as? [String: String])
    #expect(leftOut.keys.contains("amenity=cinema") && leftOut.keys.contains("tourism=hotel"))
  }

  @Test func brokenVocabularyFilesThrow() {
    #expect(throws: (any Error).self) {
      try CategoryVocabulary(json: Data("{\"categories\": [{}]}".utf8))
    }
    #expect(throws: (any Error).self) { try CategoryVocabulary(json: Data("[".utf8)) }
  }
}
