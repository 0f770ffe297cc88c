extension String {
  /// The text with every control character written as an escape (`\n`, `\t`,
  /// `\r`, `\u{1B}`), so that it prints on one line and cannot drive a
  /// terminal: an error message may quote a name or a line from any file.
  ///
  /// - Complexity: O(length of the text).
  package func escapingControlCharacters() -> String {
    guard unicodeScalars.contains(where: \.isControlOrLineBreak) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.isControlOrLineBreak:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
  fileprivate var isControlOrLineBreak: Bool {
    switch properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
