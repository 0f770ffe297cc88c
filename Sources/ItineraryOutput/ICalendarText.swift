/// The text rules of RFC 5545: TEXT values escaped (section 3.3.11) and
/// content lines folded at 75 octets with CRLF endings (section 3.1).
enum ICalendarText {
  /// `text` as an RFC 5545 TEXT value: a backslash, semicolon and comma
  /// escaped with a backslash, every line break (CRLF, CR or LF) as `\n`.
  ///
  /// - Complexity: O(length of the text).
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n", "\r", "\r\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }

  /// One content line, `NAME:VALUE`, folded so that no line is longer than
  /// 75 octets (the CRLF not counted): each further line starts with one
  /// space. A fold never splits a UTF-8 sequence, so every line is valid
  /// UTF-8 on its own.
  ///
  /// - Complexity: O(length of the line).
  static func line(_ name: String, _ value: String) -> String {
    var result = ""
    var width = 0
    for scalar in (name + ":" + value).unicodeScalars {
      let octets = String(scalar).utf8.count
      if width + octets > 75 {
        result += "\r\n "
        width = 1
      }
      result.unicodeScalars.append(scalar)
      width += octets
    }
    return result + "\r\n"
  }
}
