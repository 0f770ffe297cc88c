import Foundation
import ItineraryFixtures

/// A category the planner knows, with how each source of places spells it.
public struct CanonicalCategory: Hashable, Sendable, Codable {
  public var name: String
  public var summary: String
  /// Other words a person may use for it ("food" for restaurant).
  public var aliases: [String]
  /// OpenStreetMap tags as `key=value`; a place with any of them belongs here.
  public var osm: [String]
  /// Yelp Fusion category aliases.
  public var yelp: [String]
  /// Foursquare Places category ids.
  public var foursquare: [String]
  /// Minutes a timed plan stays at a stop of this category by default.
  public var dwellMinutes: Double?
}

/// The planner's category vocabulary, read from `fixtures/categories.json`.
public struct CategoryVocabulary: Sendable {
  public let categories: [CanonicalCategory]

  /// The vocabulary compiled into the binary.
  public static let standard: CategoryVocabulary = {
    do {
      return try CategoryVocabulary(json: Data(Fixtures.categoriesJSON.utf8))
    } catch {
      preconditionFailure("fixtures/categories.json does not decode: \(error)")
    }
  }()

  public init(json: Data) throws {
    struct File: Decodable { var categories: [CanonicalCategory] }
    categories = try JSONDecoder().decode(File.self, from: json).categories
  }

  /// The canonical category a word names, by name or alias, ignoring case
  /// and surrounding spaces.
  public func resolve(_ word: String) -> CanonicalCategory? {
    let key = word.trimmingCharacters(in: .whitespaces).lowercased()
    return categories.first { $0.name == key }
      ?? categories.first { $0.aliases.contains { $0.lowercased() == key } }
  }

  /// The canonical categories an OpenStreetMap element with these tags belongs to.
  public func categories(forOSMTags tags: [String: String]) -> [String] {
    categories.filter { category in
      category.osm.contains { tag in
        let parts = tag.split(separator: "=", maxSplits: 1).map(String.init)
        return parts.count == 2 && tags[parts[0]] == parts[1]
      }
    }.map(\.name)
  }
}
