import ItineraryCore

/// An error as a JSON answer holds it, the same whichever front end answers:
/// `{"code": "NoPlan", "exitCode": 1, "message": "..."}`, the `error` of a
/// batch's answer line and of an HTTP error body.
public struct ErrorAnswer: Codable, Sendable, Equatable {
  public var code: ErrorCode
  /// The exit code the command line gives the same failure.
  public var exitCode: Int
  /// One line naming what was wrong and where.
  public var message: String

  public init(code: ErrorCode, exitCode: Int32, message: String) {
    self.code = code
    self.exitCode = Int(exitCode)
    self.message = message
  }

  /// The answer for an error of the pipeline: the code its kind has.
  public init(_ error: ItineraryError) {
    self.init(code: ErrorCode(error.kind), exitCode: error.kind.exitCode, message: error.message)
  }
}

/// What went wrong, for a program to branch on (the message is for people).
/// The names follow OSRM's `code`s (`InvalidQuery`, `NoRoute`).
public enum ErrorCode: String, Codable, Sendable, CaseIterable {
  /// Bad usage or bad data: a malformed body, an unknown key or category
  /// (exit codes 64, 65).
  case invalidQuery = "InvalidQuery"
  /// Nothing fits the request: no place of a category within reach, no
  /// feasible plan (exit code 1).
  case noPlan = "NoPlan"
  /// A service is unavailable, or the server is full (exit code 69).
  case serviceUnavailable = "ServiceUnavailable"
  /// Anything else that failed (exit code 1).
  case internalError = "InternalError"
  /// HTTP only: no such path, or nothing kept under that name or id.
  case notFound = "NotFound"
  /// HTTP only: the path does not take the method.
  case methodNotAllowed = "MethodNotAllowed"
  /// HTTP only: a write without the server's bearer token.
  case unauthorized = "Unauthorized"
  /// HTTP only: a body larger than the server accepts.
  case payloadTooLarge = "PayloadTooLarge"
  /// HTTP only: a request target (path and query) longer than the server reads.
  case uriTooLong = "URITooLong"
  /// HTTP only: more header lines, or bytes of them, than the server reads.
  case headerFieldsTooLarge = "HeaderFieldsTooLarge"
  /// HTTP only: a request that did not arrive whole in time.
  case requestTimeout = "RequestTimeout"

  /// The code of an error of the pipeline, by its kind.
  public init(_ kind: ItineraryError.Kind) {
    switch kind {
    case .usage, .data: self = .invalidQuery
    case .noPlan: self = .noPlan
    case .unavailable: self = .serviceUnavailable
    case .failure: self = .internalError
    }
  }
}
