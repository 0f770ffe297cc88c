import Foundation

/// What scoring one place needs to know about the rest of the data read
/// with it (an extract, an Overpass answer): when the newest of its
/// candidates was edited, which the measures counted in years are counted
/// to (so the same data always scores the same, whenever it is read), and
/// which business names are a chain's, borne by two or more businesses.
struct MapContext: Sendable, Equatable {
  /// The newest edit among the candidates, in seconds since 1970; `nil`
  /// when the data carry no edit times.
  var newestEdit: Int?
  /// Business names borne by two or more candidates, folded (`folded`).
  var chainNames: Set<String>

  init(newestEdit: Int? = nil, chainNames: Set<String> = []) {
    self.newestEdit = newestEdit
    self.chainNames = chainNames
  }

  /// Whether a business named `name` is a branch of a chain: its name is a
  /// chain's, or begins with one and a space ("Robert's Coffee Netcup").
  ///
  /// - Complexity: O(words^2) for the words of the name.
  func isChainName(_ name: String) -> Bool {
    guard let folded = Self.folded(name) else { return false }
    let words = folded.split(separator: " ")
    return (1...max(1, words.count)).contains {
      chainNames.contains(words.prefix($0).joined(separator: " "))
    }
  }

  /// A name as chains are compared: lowercased, without accents or
  /// apostrophes, anything else that is neither letter nor digit a space
  /// between words, so "Robert's Coffee" and "Roberts coffee", "Fazer Café"
  /// and "fazer cafe" are one name each; `nil` when no word is left.
  static func folded(_ name: String) -> String? {
    var text = ""
    for character in name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .lowercased()
    {
      if character.isLetter || character.isNumber {
        text.append(character)
      } else if !"'’ʼ".contains(character) {
        text.append(" ")
      }
    }
    let words = text.split(separator: " ")
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// Gathers a context from the candidates of some data, one at a time.
  ///
  /// - Complexity: O(tags * patterns) an element; memory O(business names).
  struct Builder {
    let rules: OSMPlaceRules
    private var newest: Int?
    private var businesses: [String: Int] = [:]
    private var twins: Set<String> = []

    init(rules: OSMPlaceRules) { self.rules = rules }

    /// Counts an element (its tags corrected) if it is a candidate; of
    /// elements of one name and one Wikidata item only the first counts.
    mutating func add(tags: [String: String], edited: Int?) {
      guard rules.isCandidate(tags) else { return }
      if let edited { newest = max(newest ?? edited, edited) }
      if let twin = OSMPlaceRules.twinKey(tags), !twins.insert(twin).inserted { return }
      guard rules.notability.isBusiness(tags), let name = tags["name"].flatMap(MapContext.folded)
      else { return }
      businesses[name, default: 0] += 1
    }

    var context: MapContext {
      MapContext(
        newestEdit: newest, chainNames: Set(businesses.filter { $0.value >= 2 }.keys))
    }
  }
}
