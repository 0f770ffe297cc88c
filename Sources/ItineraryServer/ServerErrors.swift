import Foundation
import ItineraryCore
import ItineraryJSON
import ItineraryPlanning

/// Errors as the API answers them: `{"error": {"code": "NoPlan", "exitCode":
/// 1, "message": "..."}}` (`ErrorAnswer`, as a batch's error lines say it)
/// with the status the error's kind maps to.
enum ServerErrors {
  /// 400 for bad usage or data (64, 65), 422 when nothing fits the request
  /// (no plan, 1), 503 for an unavailable service (69), 500 for anything
  /// else (1).
  static func status(of kind: ItineraryError.Kind) -> Int {
    switch kind {
    case .usage, .data: 400
    case .noPlan: 422
    case .unavailable: 503
    case .failure: 500
    }
  }

  static func response(for error: ItineraryError) -> HTTPResponse {
    response(status: status(of: error.kind), ErrorAnswer(error))
  }

  static func response(
    status: Int, code: ErrorCode, exitCode: Int32, _ message: String
  ) -> HTTPResponse {
    response(status: status, ErrorAnswer(code: code, exitCode: exitCode, message: message))
  }

  static func response(status: Int, _ answer: ErrorAnswer) -> HTTPResponse {
    struct Body: Encodable { var error: ErrorAnswer }
    let body = (try? SortedJSONEncoder.encode(Body(error: answer))) ?? Data("{}".utf8)
    return .json(body + Data("\n".utf8), status: status)
  }

  static func tooLarge(_ limit: Int) -> HTTPResponse {
    refusal(413, .payloadTooLarge, 65, "the request body is larger than \(limit) bytes")
  }

  /// 414 for a request target longer, or with more query arguments, than
  /// the server reads.
  static func targetTooLong(_ limits: HTTPLimits) -> HTTPResponse {
    refusal(
      414, .uriTooLong, 64,
      "the request target (path and query) is over \(limits.maxTargetBytes) bytes or "
        + "\(limits.maxHeaderCount) query arguments, more than the server reads")
  }

  /// 431 for more header lines (or cookies), or more bytes of them, than
  /// the server reads.
  static func headersTooLarge(_ limits: HTTPLimits) -> HTTPResponse {
    refusal(
      431, .headerFieldsTooLarge, 64,
      "the request's header lines are over \(limits.maxHeaderCount) lines (or cookies) or "
        + "\(limits.maxHeaderBytes) bytes, more than the server reads")
  }

  /// 400 for bytes that are not an HTTP/1.1 request; `what` says where.
  static func malformed(_ what: String) -> HTTPResponse {
    refusal(400, .invalidQuery, 64, "malformed HTTP request: \(what); the connection is closed")
  }

  /// 505 for an HTTP version other than 1.0 and 1.1.
  static func versionNotSupported(_ version: String) -> HTTPResponse {
    refusal(
      505, .invalidQuery, 64,
      "\(version) is not supported: the server speaks HTTP/1.1 and HTTP/1.0")
  }

  /// 408 for a client that did not send its whole request in time (or was
  /// receiving longest when the connections neared their cap).
  static let requestTimeout = refusal(
    408, .requestTimeout, 69, "the request did not arrive whole in time; the connection is closed")

  /// 400 for an HTTP/1.1 request without `Host` (RFC 9112 section 3.2).
  static let missingHost = refusal(
    400, .invalidQuery, 64, "an HTTP/1.1 request needs a Host header")

  /// An answer given before any route is chosen, so before any route's
  /// origin rules: any origin may read it.
  private static func refusal(
    _ status: Int, _ code: ErrorCode, _ exitCode: Int32, _ message: String
  ) -> HTTPResponse {
    response(status: status, code: code, exitCode: exitCode, message).allowingAnyOrigin()
  }

  static func notFound(_ path: String) -> HTTPResponse {
    response(status: 404, code: .notFound, exitCode: 64, "no such path: \(path)")
  }

  static func methodNotAllowed(_ method: String, _ path: String, allowed: [String])
    -> HTTPResponse
  {
    response(
      status: 405, code: .methodNotAllowed, exitCode: 64,
      "\(method) is not allowed on \(path) (allowed: \(allowed.joined(separator: ", ")))"
    ).adding("Allow", allowed.joined(separator: ", "))
  }

  static let unauthorized = response(
    status: 401, code: .unauthorized, exitCode: 64,
    "this server needs a bearer token for writes (Authorization: Bearer ...)"
  ).adding("WWW-Authenticate", "Bearer")

  /// 503 for a request whose memory does not fit beside those in flight.
  static func overMemory(_ budget: Int) -> HTTPResponse {
    response(
      status: 503, code: .serviceUnavailable, exitCode: 69,
      "the server is busy (the requests in flight take its memory budget of "
        + "\(budget >> 20) MiB); retry shortly"
    ).adding("Retry-After", "1")
  }

  static func busy(_ limit: Int) -> HTTPResponse {
    response(
      status: 503, code: .serviceUnavailable, exitCode: 69,
      "the server is busy (\(limit) requests in flight); retry shortly"
    ).adding("Retry-After", "1")
  }
}

/// An error answered with a status and code of their own (`404 NotFound`
/// for what is not there) instead of those of its kind.
struct HTTPFailure: Error {
  var status: Int
  var code: ErrorCode
  var error: ItineraryError

  var response: HTTPResponse {
    ServerErrors.response(
      status: status, code: code, exitCode: error.kind.exitCode, error.message)
  }

  /// `404 NotFound`, with the exit code the command line gives `error`.
  static func notFound(_ error: ItineraryError) -> HTTPFailure {
    HTTPFailure(status: 404, code: .notFound, error: error)
  }
}
