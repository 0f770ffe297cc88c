import Foundation
import ItineraryCore
import ItineraryFixtures

/// How an OpenStreetMap element becomes a candidate: which categories it
/// belongs to, what kind of place it is, and its score (`MapNotability`).
///
/// The rules live in `fixtures/categories.json` (a category's `osm` and
/// `osmUnless`, and `osmScore`). Live Overpass places, imported cities and
/// the embedded city (imported by `scripts/build-embedded-city`) all go
/// through them, so they score alike.
public struct OSMPlaceRules: Sendable {
  let notability: MapNotability
  /// By category name: tags that make an element not of that category
  /// unless the tag is one of the category's own (a hairdresser tagged
  /// `tourism=gallery` is no gallery; a `shop=art` is).
  let unless: [String: [TagPattern]]
  let vocabulary: CategoryVocabulary
  /// The vocabulary's categories with their tags read once, in its order.
  private let tests: [CategoryTest]

  /// A category's own tags and the tags that rule it out, as patterns.
  private struct CategoryTest: Sendable {
    var name: String
    var own: [TagPattern]
    var ownTexts: Set<String>
    var unless: [TagPattern]
  }

  /// The rules compiled into the binary.
  public static let standard: OSMPlaceRules = {
    do {
      return try OSMPlaceRules(json: Data(Fixtures.categoriesJSON.utf8), vocabulary: .standard)
    } catch {
      preconditionFailure("fixtures/categories.json has no readable osmScore: \(error)")
    }
  }()

  public init(json: Data, vocabulary: CategoryVocabulary) throws {
    struct File: Decodable {
      struct Category: Decodable {
        var name: String
        var osmUnless: [String]?
      }
      var osmScore: MapNotability.Rules
      var categories: [Category]
    }
    let file = try JSONDecoder().decode(File.self, from: json)
    notability = try MapNotability(file.osmScore)
    unless = Dictionary(
      file.categories.compactMap { category in
        category.osmUnless.map { (category.name, $0.map(TagPattern.init)) }
      }, uniquingKeysWith: { first, _ in first })
    self.vocabulary = vocabulary
    let unless = self.unless
    tests = vocabulary.categories.map { category in
      CategoryTest(
        name: category.name, own: category.osm.map(TagPattern.init), ownTexts: Set(category.osm),
        unless: unless[category.name] ?? [])
    }
  }

  /// The canonical categories an element with `tags` belongs to, in
  /// vocabulary order: those one of its tags names, less those a tag of the
  /// category's `osmUnless` rules out.
  ///
  /// - Complexity: O(tags * categories).
  public func categories(tags: [String: String]) -> [String] {
    matching(tags).map(\.name)
  }

  /// What kind of place an element is: the first tag, as `key=value`, of
  /// the first category it belongs to (`tourism=museum` for an art museum,
  /// which is a museum before it is art); `nil` when it belongs to none.
  ///
  /// - Complexity: O(tags * categories).
  public func kind(tags: [String: String]) -> String? {
    matching(tags).lazy.compactMap { category in
      category.own.first { $0.isMatched(by: tags) }?.text
    }.first
  }

  private func matching(_ tags: [String: String]) -> [CategoryTest] {
    tests.filter { category in
      guard category.own.contains(where: { $0.isMatched(by: tags) }) else { return false }
      let against = category.unless.flatMap { $0.matches(tags) }
      return !against.contains { !category.ownTexts.contains($0) }
    }
  }

  /// Whether an element with `tags` is a candidate wherever it lies: named,
  /// of a category, and not ruled out (`opening_hours=closed`, `disused=yes`).
  ///
  /// - Complexity: O(tags * (categories + patterns)).
  func isCandidate(_ tags: [String: String]) -> Bool {
    DisplayText.clean(tags["name"]) != nil && !categories(tags: tags).isEmpty
      && !notability.isExcluded(tags)
  }

  /// The candidate an element is: named, of a category, not excluded, at a
  /// point on the Earth, scored in `context`, with its kind, cuisines and
  /// the photo `CommonsPhoto` finds in its tags; `nil` otherwise. Every
  /// reader of OpenStreetMap (Overpass answers, imported extracts) makes
  /// places here.
  ///
  /// - Complexity: O(tags * (categories + patterns)).
  func place(_ element: MapElement, in context: MapContext) -> Place? {
    let tags = element.tags
    // The categories first: most named elements (streets, stops) have none.
    let categories = categories(tags: tags)
    let coordinate = element.location.coordinate
    guard !categories.isEmpty, let name = DisplayText.clean(tags["name"]),
      !notability.isExcluded(tags), coordinate.invalidity == nil
    else { return nil }
    let address = DisplayText.clean(tags["addr:street"]).map { street in
      [street, DisplayText.clean(tags["addr:housenumber"])].compactMap { $0 }.joined(separator: " ")
    }
    return Place(
      id: element.id, name: name, categories: categories, coordinate: coordinate,
      score: notability.score(of: element, in: context), address: address,
      openingHours: DisplayText.clean(tags["opening_hours"]), source: "osm",
      photoURL: CommonsPhoto.url(tags: tags), kind: kind(tags: tags),
      cuisines: Self.cuisines(tags["cuisine"]))
  }

  /// The values of a `cuisine` tag (`pizza;italian`), cleaned, lowercased.
  static func cuisines(_ value: String?) -> [String] {
    (value ?? "").split(separator: ";").compactMap { DisplayText.clean(String($0))?.lowercased() }
  }

  /// Whether a relation with `tags` outlines an area, as a multipolygon or
  /// a boundary (a national park) does: other relations (routes) have no
  /// single location and are no places.
  static func hasOutline(relation tags: [String: String]) -> Bool {
    tags["type"] == "multipolygon" || tags["type"] == "boundary"
  }

  /// Whether a relation member of `role` is part of its outline: `outer`,
  /// or no role, as osmium reads multipolygons.
  static func isOuter(role: String) -> Bool { role == "outer" || role.isEmpty }

  /// The key under which elements are one place: the same name and
  /// Wikidata item (four statues of one group); `nil` without an item.
  public static func twinKey(_ tags: [String: String]) -> String? {
    tags["wikidata"].map { (tags["name"] ?? "") + "\u{1F}" + $0 }
  }
}
