/// Text from outside (a provider's place names) made safe to print on a
/// terminal: control characters, escape sequences among them, become `?`.
public enum TerminalText {
  /// - Complexity: O(n) for n characters.
  public static func clean(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          scalar.properties.generalCategory == .control ? "?" : scalar
        }))
  }
}
