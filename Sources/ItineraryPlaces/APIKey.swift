import Foundation
import ItineraryCore

/// An API key. It prints as `<redacted>` wherever it ends up in a string, so
/// a key can only leave through `value`, which only request headers read.
public struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  let value: String

  /// `nil` for a missing or blank key, or one holding anything but printable
  /// ASCII (which `read(_:variable:)` reports as an error instead).
  public init?(_ value: String?) {
    guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty,
      Self.isHeaderSafe(value)
    else { return nil }
    self.value = value
  }

  /// The key in the environment variable `variable`, `nil` when it is unset or blank.
  ///
  /// - Throws: `.usage` when the key holds a line break, another control
  ///   character, a space or a non-ASCII character: sent as is it would end the header and start
  ///   another (header injection), so it is refused, and never echoed.
  public static func read(_ value: String?, variable: String) throws(ItineraryError) -> APIKey? {
    guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty
    else { return nil }
    guard let key = APIKey(trimmed) else {
      throw ItineraryError(
        .usage,
        "\(variable) holds a control character, a line break, a space or a non-ASCII character; an API key is one word of printable ASCII"
      )
    }
    return key
  }

  /// Printable ASCII only (`!` to `~`): no control characters, no spaces,
  /// nothing that can split an HTTP header line. Keys are ASCII tokens.
  static func isHeaderSafe(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
  }

  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
}
