import Foundation
import ItineraryCore
import Testing

@Suite struct CategoryVocabularyTests {
  let vocabulary = CategoryVocabulary.standard

  @Test func namesTheCategoriesTheIssueAsksFor() {
    let names = Set(vocabulary.categories.map(\.name))
    for name in [
      "restaurant", "cafe", "bar", "park", "museum", "art", "landmark", "viewpoint",
      "shopping", "nature", "nightlife",
    ] {
      #expect(names.contains(name))
    }
    #expect(names.count == vocabulary.categories.count, "names are unique")
  }

  @Test(arguments: [
    ("Food", "restaurant"), ("restaurant", "restaurant"), (" gallery ", "art"),
    ("public art", "art"), ("coffee", "cafe"), ("SIGHTS", "landmark"),
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

  @Test func brokenVocabularyFilesThrow() {
    #expect(throws: (any Error).self) {
      try CategoryVocabulary(json: Data("{\"categories\": [{}]}".utf8))
    }
    #expect(throws: (any Error).self) { try CategoryVocabulary(json: Data("[".utf8)) }
  }
}
