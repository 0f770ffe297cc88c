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
  /// Whether its places fill a stop only when it is asked for by name
  /// (public artworks, memorials, plaques): a trip over every category
  /// leaves it out.
  public var onlyWhenAsked: Bool?
  /// Whether its places serve food or drink, so that `--cuisine` and
  /// `--price` filter them.
  public var servesFoodOrDrink: Bool?
  /// Whether its places are out of doors or seen from outside (a park, a
  /// viewpoint, a square or monument): with no opening hours, they are
  /// visits by daylight.
  public var outdoor: Bool?
  /// Whether its places are where a person has a meal: in a trip, its
  /// stops are lunch or dinner.
  public var meal: Bool?
  /// The hours its places usually keep, in opening_hours syntax (bars and
  /// stages `17:00-02:00`, museums `10:00-17:00`): a trip presumes them for
  /// a place whose own hours are unknown.
  public var usualHours: String?

  /// The names of the outdoor categories of the standard vocabulary.
  public static let outdoorNames = Set(
    CategoryVocabulary.standard.categories.filter { $0.outdoor == true }.map(\.name))
  /// The usual hours of the categories of the standard vocabulary that have them.
  public static let usualHours = Dictionary(
    uniqueKeysWithValues: CategoryVocabulary.standard.categories.compactMap { category in
      category.usualHours.map { (category.name, $0) }
    })
  /// The names of the meal categories of the standard vocabulary.
  public static let mealNames = Set(
    CategoryVocabulary.standard.categories.filter { $0.meal == true }.map(\.name))
}

/// The planner's category vocabulary, read from `fixtures/categories.json`.
public struct CategoryVocabulary: Sendable {
  public let categories: [CanonicalCategory]
  /// Each name, then each alias lowercased, to the first category it names:
  /// names before aliases, earlier categories first.
  private let byWord: [String: Int]

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
    var byWord: [String: Int] = [:]
    for (index, category) in categories.enumerated() where byWord[category.name] == nil {
      byWord[category.name] = index
    }
    for (index, category) in categories.enumerated() {
      for alias in category.aliases where byWord[alias.lowercased()] == nil {
        byWord[alias.lowercased()] = index
      }
    }
    self.byWord = byWord
  }

  /// The canonical category a word names, by name or alias, ignoring case
  /// and surrounding spaces.
  ///
  /// - Complexity: O(length of the word).
  public func resolve(_ word: String) -> CanonicalCategory? {
    let key =
      word.isPlainLowercaseWord ? word : word.trimmingCharacters(in: .whitespaces).lowercased()
    return byWord[key].map { categories[$0] }
  }

  /// Minutes a visit of a place of `kind` (its main OpenStreetMap tag,
  /// `tourism=museum`) takes: those of the first category whose tags hold
  /// it, so that an art museum filling an `art` stop is visited as a museum
  /// and a statue as an artwork; `nil` for a kind no category holds.
  ///
  /// - Complexity: O(total tags of the vocabulary).
  public func dwellMinutes(ofKind kind: String) -> Double? {
    categories.first { $0.osm.contains(kind) }?.dwellMinutes
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

extension String {
  /// Whether the string is non-empty and only lowercase ASCII letters, digits
  /// and underscores: a word that trimming, lowercasing and splitting at
  /// category separators leave as it is.
  package var isPlainLowercaseWord: Bool {
    !isEmpty
      && utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
  }
}
