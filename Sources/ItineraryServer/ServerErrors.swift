import Foundation
import ItineraryCore

/// Errors as the API answers them: `{"error": {"exitCode": 65, "message":
/// "..."}}` with the status the exit code maps to.
enum ServerErrors {
  /// 400 for bad usage or data (64, 65), 503 for an unavailable service
  /// (69), 500 for anything else (1).
  static func status(of kind: ItineraryError.Kind) -> Int {
    switch kind {
    case .usage, .data: 400
    case .unavailable: 503
    case .failure: 500
    }
  }

  static func response(for error: ItineraryError) -> HTTPResponse {
    response(status: status(of: error.kind), exitCode: error.kind.exitCode, error.message)
  }

  static func response(status: Int, exitCode: Int32, _ message: String) -> HTTPResponse {
    let object: [String: Any] = ["error": ["exitCode": Int(exitCode), "message": message]]
    let body =
      (try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return .json(body + Data("\n".utf8), status: status)
  }

  static func tooLarge(_ limit: Int) -> HTTPResponse {
    response(status: 413, exitCode: 65, "the request body is larger than \(limit) bytes")
  }

  static func notFound(_ path: String) -> HTTPResponse {
    response(status: 404, exitCode: 64, "no such path: \(path)")
  }

  static func methodNotAllowed(_ method: String, _ path: String, allowed: [String])
    -> HTTPResponse
  {
    response(
      status: 405, exitCode: 64,
      "\(method) is not allowed on \(path) (allowed: \(allowed.joined(separator: ", ")))"
    ).adding("Allow", allowed.joined(separator: ", "))
  }

  static let unauthorized = response(
    status: 401, exitCode: 64,
    "this server needs a bearer token for writes (Authorization: Bearer ...)"
  ).adding("WWW-Authenticate", "Bearer")

  static func busy(_ limit: Int) -> HTTPResponse {
    response(
      status: 503, exitCode: 69, "the server is busy (\(limit) requests in flight); retry shortly"
    ).adding("Retry-After", "1")
  }
}

/// An error answered with a status of its own (`404` for what is not
/// there) instead of the one of its kind.
struct HTTPFailure: Error {
  var status: Int
  var error: ItineraryError

  var response: HTTPResponse {
    ServerErrors.response(status: status, exitCode: error.kind.exitCode, error.message)
  }
}
