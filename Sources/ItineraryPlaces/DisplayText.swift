/// Text from a service made safe to print: a provider's name or address
/// reaches the terminal, so terminal escape sequences and control
/// characters never pass through.
enum DisplayText {
  /// `text` without ANSI escape sequences (`ESC [ ... final`, `ESC ] ... BEL`
  /// and two-character `ESC x`) or other control characters, with every run
  /// of whitespace made one space and the ends trimmed; `nil` when nothing is left.
  ///
  /// - Complexity: O(length of `text`).
  static func clean(_ text: String?) -> String? {
    guard let text else { return nil }
    var result = ""
    var scalars = text.unicodeScalars.makeIterator()
    var pendingSpace = false
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" || scalar == "\u{9B}" {
        skipEscape(introducer: scalar, in: &scalars)
        continue
      }
      if scalar.properties.generalCategory == .control || isInvisibleSeparator(scalar) {
        // Tabs, line breaks and the like separate words; the rest vanish.
        if scalar.properties.isWhitespace || isInvisibleSeparator(scalar) { pendingSpace = true }
        continue
      }
      if scalar.properties.isWhitespace {
        pendingSpace = true
        continue
      }
      if pendingSpace && !result.isEmpty { result.append(" ") }
      pendingSpace = false
      result.unicodeScalars.append(scalar)
    }
    return result.isEmpty ? nil : result
  }

  /// Line and paragraph separators and the bidirectional overrides, which
  /// can reorder what follows them on a terminal.
  private static func isInvisibleSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Consumes the rest of an escape sequence after its introducer.
  private static func skipEscape(
    introducer: Unicode.Scalar, in scalars: inout String.UnicodeScalarView.Iterator
  ) {
    let kind: Unicode.Scalar? = introducer == "\u{9B}" ? "[" : scalars.next()
    switch kind {
    case "[":
      // CSI: parameters and intermediates up to a final byte in @...~.
      while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
    case "]", "P", "X", "^", "_":
      // OSC, DCS and the other strings: up to BEL or ESC \.
      while let next = scalars.next() {
        if next == "\u{07}" || next == "\u{9C}" { break }
        if next == "\u{1B}" {
          _ = scalars.next()
          break
        }
      }
    case let intermediate? where (0x20...0x2F).contains(intermediate.value):
      // `ESC ( B` and the like: intermediates up to a final byte.
      while let next = scalars.next(), (0x20...0x2F).contains(next.value) {}
    default:
      break  // ESC and one more character, already consumed
    }
  }
}
