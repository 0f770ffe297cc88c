import Foundation

/// The text of a fragment of HTML, as Commons gives authors and credits
/// (`<a href="//commons.wikimedia.org/wiki/User:X">X</a>`): tags dropped,
/// the common character references decoded, whitespace collapsed.
enum MarkupText {
  /// - Complexity: O(length of `html`).
  static func plain(_ html: String) -> String {
    var text = ""
    var inTag = false
    for character in html {
      switch character {
      case "<": inTag = true
      case ">" where inTag: inTag = false
      default: if !inTag { text.append(character) }
      }
    }
    let references = [
      ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#039;", "'"),
      ("&nbsp;", " "), ("&amp;", "&"),
    ]
    for (reference, character) in references {
      text = text.replacingOccurrences(of: reference, with: character)
    }
    return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
