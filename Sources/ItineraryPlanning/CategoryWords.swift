import Foundation
import ItineraryCore

/// The categories a person's words name: several words, or one with `>`,
/// `->`, `→` or `,` between them, each a name or alias of the vocabulary.
enum CategoryWords {
  /// - Throws: `.usage` when no category is given, `.data` for an unknown
  ///   word, suggesting the nearest known one.
  static func resolve(_ words: [String]) throws(ItineraryError) -> [CanonicalCategory] {
    let vocabulary = CategoryVocabulary.standard
    let names = try split(words)
    var resolved: [CanonicalCategory] = []
    for name in names {
      guard let category = vocabulary.resolve(name) else { throw unknown(name) }
      resolved.append(category)
    }
    return resolved
  }

  /// The stops the words name, split at `>`, `->`, `→` and `,`.
  ///
  /// - Throws: `.usage` when they name none.
  static func split(_ words: [String]) throws(ItineraryError) -> [String] {
    let names = words.flatMap { word -> [String] in
      // A plain word is its own name: nothing to replace, split or trim.
      if word.isPlainLowercaseWord { return [word] }
      return word.replacingOccurrences(of: "->", with: ">").replacingOccurrences(of: "→", with: ">")
        .split(whereSeparator: { $0 == ">" || $0 == "," })
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    if names.isEmpty {
      throw ItineraryError(
        .usage, "no category given (for example: itinerary plan restaurant park art)")
    }
    return names
  }

  /// The words of the vocabulary: every category's name and aliases.
  static var known: [String] {
    let vocabulary = CategoryVocabulary.standard
    return vocabulary.categories.map(\.name) + vocabulary.categories.flatMap(\.aliases)
  }

  /// `.data`: no category has this name, with the nearest one.
  static func unknown(_ name: String) -> ItineraryError {
    let names = CategoryVocabulary.standard.categories.map(\.name)
    return ItineraryError(
      .data,
      "unknown category '\(name)'\(NearestWord.hint(name, among: known)) "
        + "(known: \(names.joined(separator: ", ")))")
  }
}
