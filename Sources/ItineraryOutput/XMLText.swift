/// Text as XML 1.0 character data or an attribute value: `&`, `<`, `>`, `"`
/// and `'` as entities, and the characters XML 1.0 cannot hold at all (C0
/// controls other than tab and line breaks, U+FFFE and U+FFFF) left out, so
/// that any name from any provider gives a well-formed file. (A Swift string
/// holds no lone surrogate, the other excluded kind.)
enum XMLText {
  /// - Complexity: O(length of the text).
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
