/// Which bytes of JSON text are inside strings, for the scans that look at
/// the structure only: brackets, commas and colons in a string are text.
struct QuotedBytes {
  private var inString = false
  private var escaped = false

  /// Whether `byte`, the text's next byte, is inside a string: after its
  /// opening quote, up to and with its closing quote. An opening quote is
  /// not, for the caller to see a string begin.
  ///
  /// - Complexity: O(1).
  mutating func isQuoted(_ byte: UInt8) -> Bool {
    guard inString else {
      inString = byte == UInt8(ascii: "\"")
      return false
    }
    if escaped {
      escaped = false
    } else if byte == UInt8(ascii: "\\") {
      escaped = true
    } else if byte == UInt8(ascii: "\"") {
      inString = false
    }
    return true
  }
}
