import Foundation
import ItineraryCore
import ItineraryFixtures

/// How an OpenStreetMap element becomes a candidate: which categories it
/// belongs to and its popularity score. OpenStreetMap has no ratings, so the
/// score comes from tags that say a place matters (Wikidata, Wikipedia,
/// heritage) or that it does not (a chain's `brand`, a lifecycle prefix).
///
/// The rules live in `fixtures/categories.json` (`osmScore`, and a
/// category's `osmUnless`). Live Overpass places, imported cities and the
/// embedded city (imported by `scripts/build-embedded-city`) all go through
/// them, so they score alike.
public struct OSMPlaceRules: Sendable {
  /// One tag test: `key` (present), `key=value`, or `prefix:*` (any key under the prefix).
  struct Pattern: Sendable {
    enum Test: Sendable {
      case present(String)
      case equals(String, String)
      case prefix(String)
    }
    let test: Test
    /// The `key=value` written, for comparing with a category's own tags.
    let text: String

    init(_ text: String) {
      self.text = text
      if text.hasSuffix(":*") {
        test = .prefix(String(text.dropLast()))
      } else if let equals = text.firstIndex(of: "=") {
        test = .equals(String(text[..<equals]), String(text[text.index(after: equals)...]))
      } else {
        test = .present(text)
      }
    }

    /// Whether some tag of `tags` matches, without spelling it out.
    func isMatched(by tags: [String: String]) -> Bool {
      switch test {
      case .present(let key): tags[key] != nil
      case .equals(let key, let value): tags[key] == value
      case .prefix(let prefix): tags.keys.contains { $0.hasPrefix(prefix) }
      }
    }

    /// The tags of `tags` this pattern matches, as `key=value`.
    func matches(_ tags: [String: String]) -> [String] {
      switch test {
      case .present(let key):
        tags[key].map { ["\(key)=\($0)"] } ?? []
      case .equals(let key, let value):
        tags[key] == value ? ["\(key)=\(value)"] : []
      case .prefix(let prefix):
        tags.filter { $0.key.hasPrefix(prefix) }.map { "\($0.key)=\($0.value)" }
      }
    }
  }

  struct Signal: Sendable {
    var patterns: [Pattern]
    var points: Int
  }

  /// Hundredths of a point.
  let base: Int
  let minimum: Int
  let maximum: Int
  let signals: [Signal]
  let exclusions: [Pattern]
  /// By category name: tags that make an element not of that category
  /// unless the tag is one of the category's own (a hairdresser tagged
  /// `tourism=gallery` is no gallery; a `shop=art` is).
  let unless: [String: [Pattern]]
  let vocabulary: CategoryVocabulary
  /// The vocabulary's categories with their tags read once, in its order.
  private let tests: [CategoryTest]

  /// A category's own tags and the tags that rule it out, as patterns.
  private struct CategoryTest: Sendable {
    var name: String
    var own: [Pattern]
    var ownTexts: Set<String>
    var unless: [Pattern]
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
      struct Score: Decodable {
        struct Signal: Decodable {
          var tags: [String]
          var points: Int
        }
        var base: Int
        var min: Int
        var max: Int
        var signals: [Signal]
        var exclude: [String]
      }
      struct Category: Decodable {
        var name: String
        var osmUnless: [String]?
      }
      var osmScore: Score
      var categories: [Category]
    }
    let file = try JSONDecoder().decode(File.self, from: json)
    base = file.osmScore.base
    minimum = file.osmScore.min
    maximum = file.osmScore.max
    signals = file.osmScore.signals.map {
      Signal(patterns: $0.tags.map(Pattern.init), points: $0.points)
    }
    exclusions = file.osmScore.exclude.map(Pattern.init)
    unless = Dictionary(
      file.categories.compactMap { category in
        category.osmUnless.map { (category.name, $0.map(Pattern.init)) }
      }, uniquingKeysWith: { first, _ in first })
    self.vocabulary = vocabulary
    let unless = self.unless
    tests = vocabulary.categories.map { category in
      CategoryTest(
        name: category.name, own: category.osm.map(Pattern.init), ownTexts: Set(category.osm),
        unless: unless[category.name] ?? [])
    }
  }

  /// The popularity score in [min, max] / 100 (1.00 to 5.00 as shipped), or
  /// `nil` for an element that is no candidate at all (`opening_hours=closed`,
  /// `disused=yes`). Each signal counts once, whichever of its tags match.
  ///
  /// - Complexity: O(tags * patterns).
  public func score(tags: [String: String]) -> Double? {
    if exclusions.contains(where: { $0.isMatched(by: tags) }) { return nil }
    var hundredths = base
    for signal in signals where signal.patterns.contains(where: { $0.isMatched(by: tags) }) {
      hundredths += signal.points
    }
    return Double(min(maximum, max(minimum, hundredths))) / 100
  }

  /// The canonical categories an element with `tags` belongs to, in
  /// vocabulary order: those one of its tags names, less those a tag of the
  /// category's `osmUnless` rules out.
  ///
  /// - Complexity: O(tags * categories).
  public func categories(tags: [String: String]) -> [String] {
    tests.filter { category in
      guard category.own.contains(where: { $0.isMatched(by: tags) }) else { return false }
      let against = category.unless.flatMap { $0.matches(tags) }
      return !against.contains { !category.ownTexts.contains($0) }
    }.map(\.name)
  }

  /// The candidate an element is: named, of a category, not excluded by the
  /// score rules, at a point on the Earth, with the photo `CommonsPhoto`
  /// finds in its tags; `nil` otherwise. Every reader of OpenStreetMap
  /// (Overpass answers, imported extracts) makes places here.
  ///
  /// - Parameter id: `node/N`, `way/N` or `relation/N`.
  /// - Complexity: O(tags * (categories + patterns)).
  public func place(id: String, tags: [String: String], at coordinate: Coordinate) -> Place? {
    // The categories first: most named elements (streets, stops) have none.
    let categories = categories(tags: tags)
    guard !categories.isEmpty, let name = DisplayText.clean(tags["name"]),
      let score = score(tags: tags), coordinate.invalidity == nil
    else { return nil }
    let address = DisplayText.clean(tags["addr:street"]).map { street in
      [street, DisplayText.clean(tags["addr:housenumber"])].compactMap { $0 }.joined(separator: " ")
    }
    return Place(
      id: id, name: name, categories: categories, coordinate: coordinate, score: score,
      address: address, openingHours: DisplayText.clean(tags["opening_hours"]), source: "osm",
      photoURL: CommonsPhoto.url(tags: tags))
  }

  /// The key under which elements are one place: the same name and
  /// Wikidata item (four statues of one group); `nil` without an item.
  public static func twinKey(_ tags: [String: String]) -> String? {
    tags["wikidata"].map { (tags["name"] ?? "") + "\u{1F}" + $0 }
  }
}
