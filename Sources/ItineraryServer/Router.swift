import ItineraryCore

/// A route: a method and a path pattern (`/v1/plans/{name}`), and what
/// answers it.
struct Route: Sendable {
  /// Throws an `ItineraryError` (answered with the status of its kind) or
  /// an `HTTPFailure` (with its own status).
  typealias Answer =
    @Sendable (HTTPRequest, _ parameters: [String: String], ClientConnection) throws
    -> HTTPResponse

  var method: String
  /// The pattern, as metrics and logs name the endpoint.
  var pattern: String
  var answer: Answer

  init(_ method: String, _ pattern: String, _ answer: @escaping Answer) {
    self.method = method
    self.pattern = pattern
    self.answer = answer
  }

  /// Whether a request of this method changes something, and so needs the
  /// token when the server has one.
  var isWrite: Bool { ["POST", "PUT", "DELETE", "PATCH"].contains(method) }

  /// The parameter that, last in a pattern, takes the rest of the path:
  /// a place id holds a `/` (`node/123`), which a client may send raw
  /// (`/v1/likes/node/123`) or escaped (`/v1/likes/node%2F123`).
  static let restOfPath = "{placeId}"

  /// The path's parameters, each segment decoded, when it fits the pattern.
  func parameters(of path: String) -> [String: String]? {
    let wanted = pattern.split(separator: "/", omittingEmptySubsequences: true)
    var given = path.split(separator: "/", omittingEmptySubsequences: true)
    if wanted.last == Self.restOfPath[...], given.count > wanted.count {
      let rest = given[(wanted.count - 1)...].joined(separator: "/")
      given = given[..<(wanted.count - 1)] + [rest[...]]
    }
    guard wanted.count == given.count else { return nil }
    var parameters: [String: String] = [:]
    for (want, have) in zip(wanted, given) {
      guard let decoded = URLText.segment(have) else { return nil }
      if want.hasPrefix("{") && want.hasSuffix("}") {
        parameters[String(want.dropFirst().dropLast())] = decoded
      } else if want != decoded {
        return nil
      }
    }
    return parameters
  }
}

/// Finds the route of a request: the one whose method and pattern fit, or
/// why none does.
struct Router: Sendable {
  enum Match {
    case found(Route, [String: String])
    /// The path exists with other methods: the pattern it fits first.
    case wrongMethod(pattern: String, allowed: [String])
    case notFound
  }

  var routes: [Route]

  /// - Complexity: O(routes * path segments).
  func match(method: String, path: String) -> Match {
    var allowed: [String] = []
    var pattern: String?
    for route in routes {
      guard let parameters = route.parameters(of: path) else { continue }
      if route.method == method || (method == "HEAD" && route.method == "GET") {
        return .found(route, parameters)
      }
      pattern = pattern ?? route.pattern
      allowed.append(route.method)
    }
    guard let pattern else { return .notFound }
    return .wrongMethod(pattern: pattern, allowed: allowed)
  }
}
