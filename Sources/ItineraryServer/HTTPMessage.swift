import Foundation

/// A request as the server hands it to a route: the method, the path as
/// sent (still percent-encoded), the decoded query, the headers by
/// lowercased name, and the whole body.
public struct HTTPRequest: Sendable {
  public var method: String
  public var path: String
  public var query: [String: String]
  public var headers: [String: String]
  public var body: Data

  public init(
    method: String, path: String, query: [String: String] = [:],
    headers: [String: String] = [:], body: Data = Data()
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
  }
}

/// What a route answers: a status, headers and a body.
public struct HTTPResponse: Sendable {
  public var status: Int
  /// Header lines besides `Content-Length`, which the server sets.
  public var headers: [(name: String, value: String)]
  public var body: Data

  public init(status: Int, contentType: String, body: Data) {
    self.status = status
    self.headers = [("Content-Type", contentType)]
    self.body = body
  }

  /// JSON, as every answer of the API is.
  public static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "application/json", body: body)
  }

  /// No content (`204`), for a deletion.
  public static let noContent = HTTPResponse(status: 204, contentType: "text/plain", body: Data())

  /// The same response with one more header.
  public func adding(_ name: String, _ value: String) -> HTTPResponse {
    var copy = self
    copy.headers.append((name, value))
    return copy
  }

  /// The CORS headers every answer carries, so that a page served from
  /// anywhere may call the API: any origin (no cookies are used; writes
  /// are guarded by the bearer token, which a page must be given), the
  /// methods the API takes, the headers a request may set, and
  /// `Retry-After` readable by the page.
  static let crossOriginHeaders = [
    ("Access-Control-Allow-Origin", "*"),
    ("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, DELETE, OPTIONS"),
    ("Access-Control-Allow-Headers", "Content-Type, Authorization"),
    ("Access-Control-Expose-Headers", "Retry-After"),
  ]

  /// The same response with the CORS headers.
  func allowingAnyOrigin() -> HTTPResponse {
    var copy = self
    copy.headers += Self.crossOriginHeaders.map { (name: $0.0, value: $0.1) }
    return copy
  }

  /// The answer to a CORS preflight (`OPTIONS`) for a path taking `methods`:
  /// `204` with `Allow` and how long a browser may keep the answer.
  static func preflight(methods: [String]) -> HTTPResponse {
    HTTPResponse(status: 204, contentType: "text/plain", body: Data())
      .adding("Allow", methods.joined(separator: ", "))
      .adding("Access-Control-Max-Age", "600")
  }
}

/// Percent-decoding of what a URL carries.
enum URLText {
  /// A path segment: `%2F` is a `/` inside it. `nil` for a broken escape.
  static func segment(_ text: Substring) -> String? { String(text).removingPercentEncoding }

  /// A query name or value: `+` is a space.
  static func queryValue(_ text: String) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }
}
