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
