import Dispatch
import Foundation
import ItineraryCore

/// How a run uses the response cache.
public enum CachePolicy: Sendable, Equatable {
  /// Serve fresh stored responses, store new ones.
  case use
  /// Fetch everything again and store it (`--refresh`).
  case refresh
  /// Neither read nor write the cache (`--no-cache`).
  case bypass
}

/// Why a response that arrived is not usable, in words for the user.
public struct ResponseProblem: Error, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

/// One service's way to the network during a run: the HTTP client, the retry
/// policy, the cache, and a limit on its requests in flight.
///
/// Every failure comes out as one `ItineraryError` naming the service, what
/// was asked (a category, a place name) and the HTTP status.
public final class ServiceSession: Sendable {
  /// The service's name in messages and cache keys: `yelp`, `overpass`, ...
  public let service: String
  public let client: HTTPClient
  public let retry: RetryPolicy
  public let cache: ResponseCache?
  public let cachePolicy: CachePolicy
  /// The configured API keys, cut out of everything a response brings
  /// back (besides the secrets each request carries in its headers).
  let secrets: [String]
  private let gate: DispatchSemaphore

  /// - Parameter secrets: every API key the run knows, so that a service
  ///   echoing any of them never shows it.
  public init(
    service: String, client: HTTPClient, retry: RetryPolicy, cache: ResponseCache?,
    cachePolicy: CachePolicy, maxRequestsInFlight: Int, secrets: [String] = []
  ) {
    self.secrets = secrets
    self.service = service
    self.client = client
    self.retry = retry
    self.cache = cache
    self.cachePolicy = cachePolicy
    gate = DispatchSemaphore(value: max(1, maxRequestsInFlight))
  }

  /// A body and whether it came from the cache.
  public struct Fetched<Value: Sendable>: Sendable {
    public var value: Value
    public var fromCache: Bool
  }

  /// Fetches `request` (or serves it from the cache), checks that the body
  /// looks like JSON and parses it. Only a complete, valid answer is cached:
  /// one that parses and that `isComplete` accepts (a stored body that no
  /// longer passes both is fetched again).
  ///
  /// Every secret (the configured keys, the request's `Authorization`) is
  /// cut out of the body before it is parsed, cached or quoted, and out of
  /// every message: a service that echoes the request never leaks a key.
  ///
  /// - Parameters:
  ///   - subject: what was asked, for messages: `category 'park'`.
  ///   - explain: a sentence to add to the error for a refused request (an
  ///     HTTP 4xx), such as which plan a field needs.
  ///   - isComplete: whether a parsed value is a whole answer worth keeping
  ///     (an empty geocoding result is not: it is reported but not cached).
  ///   - parse: turns the body into a value or names what is wrong with it.
  public func fetch<Value: Sendable>(
    _ request: HTTPRequest, subject: String,
    explain: (HTTPResponse) -> String? = { _ in nil },
    isComplete: (Value) -> Bool = { _ in true },
    parse: (Data) throws(ResponseProblem) -> Value
  ) throws(ItineraryError) -> Fetched<Value> {
    // What was asked may come from the user: one line, whatever it holds.
    let subject = DisplayText.clean(subject) ?? ""
    let redaction = SecretRedaction(secrets + request.secrets)
    let key = Self.cacheKey(service: service, url: request.url)
    if cachePolicy == .use, let stored = cache?.body(for: key),
      case let body = redaction.body(stored),
      let value = try? parse(body), isComplete(value)
    {
      return Fetched(value: value, fromCache: true)
    }
    let response: HTTPResponse
    do throws(ItineraryError) {
      response = try perform(request, subject: subject, redaction: redaction, explain: explain)
    } catch {
      throw ItineraryError(error.kind, redaction.text(error.message))
    }
    let value: Value
    do throws(ResponseProblem) {
      value = try parse(try Self.jsonBody(response))
    } catch {
      let message =
        "\(service): \(subject): HTTP \(response.status): \(DisplayText.clean(error.message) ?? "")"
      throw ItineraryError(.unavailable, redaction.text(message))
    }
    if cachePolicy != .bypass, isComplete(value) { cache?.store(response.body, for: key) }
    return Fetched(value: value, fromCache: false)
  }

  /// The request with retries: 429 after `Retry-After`, 5xx and timeouts after
  /// a backoff; every other failure at once.
  ///
  /// The response comes back with `redaction` applied to its body and
  /// headers, and so does every message made from a failure.
  private func perform(
    _ request: HTTPRequest, subject: String, redaction: SecretRedaction,
    explain: (HTTPResponse) -> String?
  ) throws(ItineraryError) -> HTTPResponse {
    let prefix = "\(service): \(subject)"
    var attempt = 1
    while true {
      let outcome: Result<HTTPResponse, HTTPTransportError>
      gate.wait()
      do throws(HTTPTransportError) {
        var response = try client.get(request)
        response.body = redaction.body(response.body)
        response.headers = response.headers.mapValues { redaction.text($0) }
        outcome = .success(response)
      } catch {
        var redacted = error
        redacted.detail = redaction.text(error.detail)
        outcome = .failure(redacted)
      }
      gate.signal()
      let tries = attempt == 1 ? "" : " after \(attempt) tries"
      let wait: Double
      switch outcome {
      case .failure(let error) where error.kind == .timeout:
        guard attempt < retry.maxAttempts else {
          throw ItineraryError(.unavailable, "\(prefix): \(error.detail)\(tries)")
        }
        wait = retry.backoff(afterAttempt: attempt)
      case .failure(let error):
        throw ItineraryError(.unavailable, "\(prefix): \(error.detail)")
      case .success(let response) where (200..<300).contains(response.status):
        return response
      case .success(let response) where response.status == 429:
        guard attempt < retry.maxAttempts else {
          throw ItineraryError(.unavailable, "\(prefix): HTTP 429 (rate limited)\(tries)")
        }
        wait = retry.delay(retryAfter: response.headers["retry-after"], afterAttempt: attempt)
      case .success(let response) where (500..<600).contains(response.status):
        guard attempt < retry.maxAttempts else {
          throw ItineraryError(
            .unavailable, "\(prefix): HTTP \(response.status) (server error)\(tries)")
        }
        wait = retry.backoff(afterAttempt: attempt)
      case .success(let response):
        let said = Self.serviceMessage(response.body).map { ": \($0)" } ?? ""
        let advice = explain(response).map { " (\($0))" } ?? Self.hint(status: response.status)
        throw ItineraryError(.unavailable, "\(prefix): HTTP \(response.status)\(said)\(advice)")
      }
      Thread.sleep(forTimeInterval: wait)
      attempt += 1
    }
  }

  private static func hint(status: Int) -> String {
    switch status {
    case 401, 403: " (the API key was refused)"
    case 404: " (no such endpoint: check the service's base URL)"
    default: ""
    }
  }

  /// What a refusal's JSON body says, in one clean line of at most 200
  /// characters: `message`, `error.description`, `error.message`,
  /// `error` as text, or `code` (the fields Foursquare, Yelp and OSRM use).
  static func serviceMessage(_ body: Data) -> String? {
    struct Detail: Decodable {
      var description: String?
      var message: String?
    }
    struct Refusal: Decodable {
      var message: String?
      var code: String?
      var error: Detail?
      var errorText: String?

      enum CodingKeys: String, CodingKey { case message, code, error }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try? container.decodeIfPresent(String.self, forKey: .message)
        code = try? container.decodeIfPresent(String.self, forKey: .code)
        error = try? container.decodeIfPresent(Detail.self, forKey: .error)
        errorText = try? container.decodeIfPresent(String.self, forKey: .error)
      }
    }
    guard let refusal = try? JSONDecoder().decode(Refusal.self, from: body) else { return nil }
    let said = [
      refusal.message, refusal.error?.description, refusal.error?.message, refusal.errorText,
      refusal.code,
    ].lazy.compactMap { DisplayText.clean($0) }.first
    return said.map { $0.count > 200 ? "\($0.prefix(199))…" : $0 }
  }

  /// The body, unless it is empty or an HTML page where JSON was expected.
  static func jsonBody(_ response: HTTPResponse) throws(ResponseProblem) -> Data {
    let start = response.body.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    guard let first = start.first else { throw ResponseProblem("the response body is empty") }
    let type = response.headers["content-type"]?.lowercased() ?? ""
    if type.contains("text/html") || first == UInt8(ascii: "<") {
      throw ResponseProblem("an HTML page came back instead of JSON")
    }
    return response.body
  }

  /// `service GET url` with the query's parameters sorted, so that the same
  /// request always has the same key. Keys never hold secrets: keys travel
  /// in headers, and a user name or password in the URL is left out, as is
  /// an `api_key` query parameter (Flickr's).
  static func cacheKey(service: String, url: String) -> String {
    guard var components = URLComponents(string: url) else {
      return "\(service) GET \(redactingCredentials(url))"
    }
    components.user = nil
    components.password = nil
    if let items = components.queryItems?.filter({ $0.name.lowercased() != "api_key" }) {
      components.queryItems = items.sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
    }
    return "\(service) GET \(components.string ?? redactingCredentials(url))"
  }
}

/// `url` without a `user:password@` part, for a cache key.
func redactingCredentials(_ url: String) -> String {
  guard let scheme = url.range(of: "://") else { return url }
  let rest = url[scheme.upperBound...]
  let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
  guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
  return String(url[..<scheme.upperBound]) + rest[rest.index(after: at)...]
}

/// Decodes JSON, naming the problem in one line when it does not fit.
func decodeJSON<T: Decodable>(_ type: T.Type, from data: Data) throws(ResponseProblem) -> T {
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  do {
    return try decoder.decode(type, from: data)
  } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
    throw ResponseProblem("malformed or truncated JSON")
  } catch let error as DecodingError {
    throw ResponseProblem("unexpected JSON: \(describe(error))")
  } catch {
    throw ResponseProblem("unreadable JSON")
  }
}

private func describe(_ error: DecodingError) -> String {
  func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
  }
  switch error {
  case .keyNotFound(let key, let context):
    return "missing field \(path(context.codingPath + [key]))"
  case .typeMismatch(_, let context), .valueNotFound(_, let context),
    .dataCorrupted(let context):
    return "wrong type at \(path(context.codingPath))"
  @unknown default:
    return "does not match the expected shape"
  }
}

/// Formats a coordinate component for a URL: six decimals (about 10 cm), so
/// that requests from the same point share a cache key.
func urlDegrees(_ value: Double) -> String {
  String(format: "%.6f", value)
}

/// Percent-encodes a query value (RFC 3986 unreserved characters stay).
func urlQueryValue(_ text: String) -> String {
  let allowed = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
  return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}
