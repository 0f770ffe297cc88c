import Foundation

/// An API key. It prints as `<redacted>` wherever it ends up in a string, so
/// a key can only leave through `value`, which only request headers read.
public struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  let value: String

  /// `nil` for a missing or blank key.
  public init?(_ value: String?) {
    guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
    else { return nil }
    self.value = value
  }

  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
}
