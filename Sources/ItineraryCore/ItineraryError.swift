/// A failure the user can act on, with the exit code docs/reference.md gives it.
///
/// Every module reports failures as this one type, so the command line can
/// print `error: <message>` and exit with `kind.exitCode` without knowing
/// where the failure came from.
public struct ItineraryError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// Bad usage: an unknown flag, a missing value (exit 64).
    case usage
    /// Bad input data: a malformed file, a coordinate out of range (exit 65).
    case data
    /// A service is unavailable: network, HTTP errors after retries (exit 69).
    case unavailable
    /// Nothing fits the request: no place of a category within reach, no
    /// feasible plan (exit 1, as `failure`). Its own kind so that a front
    /// end can tell it from a fault: HTTP answers it `422`, not `500`.
    case noPlan
    /// Anything else (exit 1).
    case failure

    public var exitCode: Int32 {
      switch self {
      case .usage: 64
      case .data: 65
      case .unavailable: 69
      case .noPlan, .failure: 1
      }
    }
  }

  public var kind: Kind
  /// One line naming what was wrong and where, without the `error:` prefix.
  public var message: String

  /// - Parameter message: control characters in it (a newline in a quoted
  ///   name, a terminal escape) are escaped, so the message stays one line.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message.escapingControlCharacters()
  }

  public var description: String { message }
}
