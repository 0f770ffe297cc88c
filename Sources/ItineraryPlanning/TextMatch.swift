import Foundation
import ItineraryCore

/// How well a place matches the words a person typed, compared without
/// case or accents ("cafe" matches "Café").
///
/// From best to worst: 0 the name is the text; 1 the name starts with it;
/// 2 a word of the name starts with it; 3 the name holds it; 4 the address
/// or a category holds it. A place matching none of these does not match.
enum TextMatch {
  /// The match rank of `place` for `text`, or `nil` when it does not match.
  ///
  /// - Complexity: O(n * m) for a name of n characters and a text of m.
  static func rank(_ place: Place, text: String) -> Int? {
    let wanted = fold(text)
    let name = fold(place.name)
    if name == wanted { return 0 }
    if name.hasPrefix(wanted) { return 1 }
    let words = name.split { !$0.isLetter && !$0.isNumber }
    if words.contains(where: { $0.hasPrefix(wanted) }) { return 2 }
    if name.contains(wanted) { return 3 }
    let others = [place.address ?? ""] + place.categories
    if others.contains(where: { fold($0).contains(wanted) }) { return 4 }
    return nil
  }

  /// Lower case without accents, surrounding spaces or repeated spaces.
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
