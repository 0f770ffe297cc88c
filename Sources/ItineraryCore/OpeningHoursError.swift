/// An `opening_hours` text that does not parse: where it stops making sense and
/// what would have made sense there.
public struct OpeningHoursError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The whole text.
  public let text: String
  /// The 1-based character position of the first character that could not be read
  /// (one past the last character when the text ends too early).
  public let position: Int
  /// What the parser was looking for, in words: `"a closing time such as 17:00"`.
  public let expected: String

  public init(text: String, position: Int, expected: String) {
    self.text = text
    self.position = position
    self.expected = expected
  }

  /// `opening hours "Mo-Fr 9-17": at character 8: expected ':' and minutes`.
  public var description: String {
    "opening hours \"\(text)\": at character \(position): expected \(expected)"
  }

  /// The error for bad input (exit 65) naming where the text came from
  /// (`place "Kiasma"`).
  public func itineraryError(in source: String) -> ItineraryError {
    ItineraryError(.data, "\(source): \(description)")
  }
}
