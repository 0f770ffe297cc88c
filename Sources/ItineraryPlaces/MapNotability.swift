import Foundation
import ItineraryCore

/// What OpenStreetMap says about how much people seek a place out, as the
/// score of `Scoring`'s one scale: `3 + 2 * tanh(points / scale)` kept to the
/// thousandth, the points summed from signals each with its reason in
/// `fixtures/categories.json` (`osmScore`):
///
/// - tag signals: Wikidata, Wikipedia, heritage, `tourism=attraction`, the
///   kind of place (a museum, a venue, fast food), how fully it is described
///   (website, hours, phone, cuisine, address, ...), a lifecycle prefix;
/// - a chain: a `brand` tag, or a business whose name another business of
///   the data bears; its Wikidata and Wikipedia links are the brand's and
///   do not count;
/// - measures: the languages it is named in, the area of its outline, how
///   long it has stood (`start_date`), the years since its last edit and its
///   number of edits, the last three counted to the data's newest edit.
///
/// The import, the embedded city and Overpass answers all score here, each
/// with the `MapContext` of the data it read.
struct MapNotability: Sendable {
  /// Points for having any of some tags.
  struct Signal: Sendable {
    var name: String
    var patterns: [TagPattern]
    var points: Double
    /// Whether a chain's branch goes without it (its links are the brand's).
    var notForChains: Bool
  }

  /// One signal's points for a place, for explaining a score.
  struct Term: Sendable, Equatable {
    var name: String
    var points: Double
  }

  /// A measure's rule: so many points a unit of it, up to a cap.
  protocol Measure {
    /// The points a unit (`pointsEach`, `pointsPerDoubling`, ...).
    var perUnit: Double { get }
    var atMost: Double { get }
  }

  /// The rules of `osmScore`, as `fixtures/categories.json` writes them.
  struct Rules: Decodable, Sendable {
    struct SignalRule: Decodable, Sendable {
      var name: String
      var tags: [String]
      var points: Double
      var notForChains: Bool?
    }
    struct Chain: Decodable, Sendable {
      var tags: [String]
      var sharedNameTags: [String]
      var points: Double
    }
    struct Each: Decodable, Sendable, Measure {
      var pointsEach: Double
      var atMost: Double
      var perUnit: Double { pointsEach }
    }
    struct Footprint: Decodable, Sendable, Measure {
      var pointsPerDoubling: Double
      var fromSquareMetres: Double
      var atMost: Double
      var perUnit: Double { pointsPerDoubling }
    }
    struct Age: Decodable, Sendable, Measure {
      var tag: String
      var pointsPerDecade: Double
      var atMost: Double
      var perUnit: Double { pointsPerDecade }
    }
    struct Staleness: Decodable, Sendable {
      var pointsPerYear: Double
      var atMost: Double
    }
    var scale: Double
    var signals: [SignalRule]
    var chain: Chain
    var languages: Each
    var footprint: Footprint
    var age: Age
    var staleness: Staleness
    var edits: Each
    var exclude: [String]
  }

  let scale: Double
  let signals: [Signal]
  let chainTags: [TagPattern]
  /// Tags of businesses a shared name makes a chain's (`MapContext`).
  let sharedNameTags: [TagPattern]
  let chainPoints: Double
  let rules: Rules
  let exclusions: [TagPattern]

  /// Seconds in a year, for the measures counted in years.
  static let secondsPerYear = 365.2425 * 86_400

  init(_ rules: Rules) throws(ItineraryError) {
    guard rules.scale > 0, rules.languages.pointsEach.isFinite,
      rules.footprint.fromSquareMetres > 0
    else { throw ItineraryError(.data, "osmScore: scale and fromSquareMetres must be above 0") }
    self.rules = rules
    scale = rules.scale
    signals = rules.signals.map {
      Signal(
        name: $0.name, patterns: $0.tags.map(TagPattern.init), points: $0.points,
        notForChains: $0.notForChains ?? false)
    }
    chainTags = rules.chain.tags.map(TagPattern.init)
    sharedNameTags = rules.chain.sharedNameTags.map(TagPattern.init)
    chainPoints = rules.chain.points
    exclusions = rules.exclude.map(TagPattern.init)
  }

  /// Whether an element with `tags` is no candidate at all (`opening_hours=closed`).
  func isExcluded(_ tags: [String: String]) -> Bool {
    exclusions.contains { $0.isMatched(by: tags) }
  }

  /// Whether a place with `tags` is a business whose name, when another
  /// business of the data bears it too, makes it a chain's branch.
  func isBusiness(_ tags: [String: String]) -> Bool {
    sharedNameTags.contains { $0.isMatched(by: tags) }
  }

  /// The points of every signal `element` has, in the file's order: the
  /// chain first, then the tag signals, then the measures.
  ///
  /// - Complexity: O(tags * patterns).
  func terms(of element: MapElement, in context: MapContext) -> [Term] {
    let tags = element.tags
    var terms: [Term] = []
    let chain =
      chainTags.contains { $0.isMatched(by: tags) }
      || (isBusiness(tags) && tags["name"].map(context.isChainName) == true)
    if chain { terms.append(Term(name: "chain", points: chainPoints)) }
    for signal in signals
    where !(chain && signal.notForChains)
      && signal.patterns.contains(where: { $0.isMatched(by: tags) })
    {
      terms.append(Term(name: signal.name, points: signal.points))
    }
    let languages = tags.keys.count(where: Self.isLanguageName)
    if languages > 0 {
      terms.append(Term(name: "languages", points: rules.languages.points(Double(languages))))
    }
    if let area = element.footprint, area > rules.footprint.fromSquareMetres {
      let doublings = log2(area / rules.footprint.fromSquareMetres)
      terms.append(Term(name: "footprint", points: rules.footprint.points(doublings)))
    }
    if let newest = context.newestEdit {
      let newestYear = LocalDate(daysSinceEpoch: Self.floorDiv(newest, 86_400)).year
      if let year = tags[rules.age.tag].flatMap(Self.year), year < newestYear {
        let decades = Double(newestYear - year) / 10
        terms.append(Term(name: "age", points: rules.age.points(decades)))
      }
      if let edited = element.edited, edited < newest {
        let years = Double(newest - edited) / Self.secondsPerYear
        terms.append(
          Term(
            name: "staleness",
            points: max(-rules.staleness.atMost, rules.staleness.pointsPerYear * years)))
      }
    }
    if let version = element.version, version > 1 {
      terms.append(Term(name: "edits", points: rules.edits.points(Double(version - 1))))
    }
    return terms
  }

  /// The score of `points`: `3 + 2 * tanh(points / scale)`, to the thousandth.
  func score(points: Double) -> Double {
    let score = Scoring.priorRating + 2 * tanh(points / scale)
    return (score * 1000).rounded() / 1000
  }

  /// The score of `element` in `context`.
  ///
  /// - Complexity: O(tags * patterns).
  func score(of element: MapElement, in context: MapContext) -> Double {
    score(points: terms(of: element, in: context).reduce(0) { $0 + $1.points })
  }

  /// Whether `key` names the place in a language: `name:` and a language
  /// code (two or three lowercase letters), maybe a script or region after
  /// a hyphen (`name:zh-Hant`); not `name:etymology` or `name:left`.
  static func isLanguageName(_ key: String) -> Bool {
    guard key.hasPrefix("name:") else { return false }
    let code = key.dropFirst(5).split(separator: "-", omittingEmptySubsequences: false)
    guard let language = code.first, (2...3).contains(language.count),
      language.allSatisfy({ ("a"..."z").contains($0) })
    else { return false }
    return code.dropFirst().allSatisfy { part in
      (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// The year a `start_date` begins with (`1908`, `1913-1914`, `~1900`,
  /// `1887-05-12`), or `nil` when it begins with no four-digit year.
  static func year(_ text: String) -> Int? {
    let bytes = Array(text.drop { $0 == "~" }.utf8.prefix(5))
    let digit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
    guard bytes.count >= 4, bytes[0..<4].allSatisfy(digit), bytes.count == 4 || !digit(bytes[4])
    else { return nil }
    return Int(String(decoding: bytes[0..<4], as: UTF8.self))
  }

  private static func floorDiv(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }
}

extension MapNotability.Measure {
  /// `perUnit` points for each of `units`, at most `atMost`.
  func points(_ units: Double) -> Double { min(atMost, perUnit * units) }
}
