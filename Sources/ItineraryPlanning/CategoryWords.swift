import Foundation
import ItineraryCore

/// The categories a person's words name: several words, or one with `>`,
/// `->`, `→` or `,` between them, each a name or alias of the vocabulary.
enum CategoryWords {
  /// - Throws: `.usage` when no category is given, `.data` for an unknown
  ///   word, suggesting the nearest known one.
  static func resolve(_ words: [String]) throws(ItineraryError) -> [CanonicalCategory] {
    let vocabulary = CategoryVocabulary.standard
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
    var resolved: [CanonicalCategory] = []
    for name in names {
      guard let category = vocabulary.resolve(name) else {
        let known = vocabulary.categories.map(\.name)
        let words = known + vocabulary.categories.flatMap(\.aliases)
        throw ItineraryError(
          .data,
          "unknown category '\(name)'\(NearestWord.hint(name, among: words)) "
            + "(known: \(known.joined(separator: ", ")))")
      }
      resolved.append(category)
    }
    return resolved
  }
}
