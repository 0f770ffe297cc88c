import CCurl
import Foundation

/// What the tool calls itself on the wire.
public enum ItineraryRelease {
  public static let version = "0.1.0"
  /// `itinerary/<version>`, sent with every request (Nominatim's usage policy
  /// asks for a real one).
  public static let userAgent = "itinerary/\(version)"
}

/// One GET request. Secrets travel in `headers`, never in `url`, so that the
/// URL can name the request in a cache key or a message.
public struct HTTPRequest: Sendable {
  public var url: String
  /// Header lines, `Name: value`.
  public var headers: [String]

  public init(url: String, headers: [String] = []) {
    self.url = url
    self.headers = headers
  }
}

/// A response that arrived whole: any status, its headers and its body.
public struct HTTPResponse: Sendable {
  public var status: Int
  /// Header values by lowercased name (the final response's, after redirects).
  public var headers: [String: String]
  public var body: Data
}

/// Why no whole response arrived.
public struct HTTPTransportError: Error, Sendable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The connect or total timeout passed (worth retrying).
    case timeout
    /// No connection: refused, unresolvable host, TLS failure.
    case connection
    /// The connection broke before the whole body arrived.
    case truncated
    /// The body grew past the client's cap.
    case tooLarge
    /// Anything else libcurl reports.
    case other
  }

  public var kind: Kind
  public var detail: String
  public var description: String { detail }
}

extension HTTPTransportError {
  /// The error with the user name and password of `url` cut out of its
  /// text, so that credentials in a base URL never reach a message.
  func redacting(credentialsOf url: String) -> HTTPTransportError {
    guard let parts = URLComponents(string: url) else { return self }
    let secrets = [
      parts.password, parts.percentEncodedPassword, parts.user, parts.percentEncodedUser,
    ]
    var redacted = self
    for case let secret? in secrets where !secret.isEmpty {
      redacted.detail = redacted.detail.replacingOccurrences(of: secret, with: "<redacted>")
    }
    return redacted
  }
}

/// A small HTTP client over libcurl: TLS verification on, connect and total
/// timeouts, compressed responses accepted, a capped body size.
///
/// Each request gets its own easy handle with one Swift owner, so the client
/// is freely shared between threads.
public struct HTTPClient: Sendable {
  /// Seconds to wait for a connection.
  public var connectTimeout: Double
  /// Seconds the whole transfer may take.
  public var totalTimeout: Double
  /// The largest body accepted, in bytes (after decompression).
  public var maxResponseBytes: Int
  public var userAgent: String

  public init(
    connectTimeout: Double = 5, totalTimeout: Double = 20, maxResponseBytes: Int = 16 << 20,
    userAgent: String = ItineraryRelease.userAgent
  ) {
    self.connectTimeout = connectTimeout
    self.totalTimeout = totalTimeout
    self.maxResponseBytes = maxResponseBytes
    self.userAgent = userAgent
  }

  /// Performs `request` as a GET and returns whatever status came back.
  ///
  /// - Throws: `.other` at once, sending nothing, when a header or the URL
  ///   holds a control character (a line break would inject a header).
  public func get(_ request: HTTPRequest) throws(HTTPTransportError) -> HTTPResponse {
    let lines = request.headers + [request.url]
    guard
      lines.allSatisfy({ !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
      )
    else {
      throw HTTPTransportError(
        kind: .other, detail: "a request header or URL holds a control character; nothing was sent")
    }
    guard curlGlobalInit == CURLE_OK else {
      throw HTTPTransportError(kind: .other, detail: "libcurl failed to initialize")
    }
    guard let handle = EasyHandle() else {
      throw HTTPTransportError(kind: .other, detail: "libcurl could not create a handle")
    }
    return try handle.perform(request, client: self)
  }
}

/// `curl_global_init`, run once, on first use, by Swift's lazy global initialization.
private let curlGlobalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

/// Where libcurl's callbacks put what arrives.
private final class ResponseSink {
  let limit: Int
  var body = Data()
  var headers: [String: String] = [:]
  var exceededLimit = false

  init(limit: Int) { self.limit = limit }

  func appendBody(_ bytes: UnsafeMutablePointer<CChar>, count: Int) -> Int {
    if body.count + count > limit {
      exceededLimit = true
      return 0
    }
    bytes.withMemoryRebound(to: UInt8.self, capacity: count) { body.append($0, count: count) }
    return count
  }

  func appendHeader(_ bytes: UnsafeMutablePointer<CChar>, count: Int) -> Int {
    let line = bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
    if line.hasPrefix("HTTP/") {
      headers = [:]  // a new response after a redirect or `100 Continue`
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespacesAndNewlines)
    }
    return count
  }
}

/// The single owner of one libcurl easy handle, freed in `deinit`.
private final class EasyHandle {
  let raw: UnsafeMutableRawPointer
  let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

  init?() {
    guard let raw = curl_easy_init() else { return nil }
    self.raw = raw
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
  }

  deinit {
    curl_easy_cleanup(raw)
    errorBuffer.deallocate()
  }

  func perform(_ request: HTTPRequest, client: HTTPClient) throws(HTTPTransportError)
    -> HTTPResponse
  {
    let sink = ResponseSink(limit: client.maxResponseBytes)
    var headerList: UnsafeMutablePointer<curl_slist>?
    for header in request.headers { headerList = curl_slist_append(headerList, header) }
    defer { curl_slist_free_all(headerList) }

    let code = withExtendedLifetime(sink) { () -> CURLcode in
      let context = Unmanaged.passUnretained(sink).toOpaque()
      let setup = [
        itinerary_curl_setopt_string(raw, CURLOPT_URL, request.url),
        itinerary_curl_setopt_string(raw, CURLOPT_USERAGENT, client.userAgent),
        itinerary_curl_setopt_slist(raw, CURLOPT_HTTPHEADER, headerList),
        itinerary_curl_setopt_pointer(raw, CURLOPT_ERRORBUFFER, errorBuffer),
        itinerary_curl_setopt_long(raw, CURLOPT_NOSIGNAL, 1),
        itinerary_curl_setopt_long(raw, CURLOPT_SSL_VERIFYPEER, 1),
        itinerary_curl_setopt_long(raw, CURLOPT_SSL_VERIFYHOST, 2),
        itinerary_curl_setopt_string(raw, CURLOPT_PROTOCOLS_STR, "http,https"),
        itinerary_curl_setopt_string(raw, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
        itinerary_curl_setopt_long(raw, CURLOPT_FOLLOWLOCATION, 1),
        itinerary_curl_setopt_long(raw, CURLOPT_MAXREDIRS, 5),
        // An empty string accepts every encoding this libcurl can decode.
        itinerary_curl_setopt_string(raw, CURLOPT_ACCEPT_ENCODING, ""),
        itinerary_curl_setopt_long(
          raw, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(client.connectTimeout)),
        itinerary_curl_setopt_long(raw, CURLOPT_TIMEOUT_MS, milliseconds(client.totalTimeout)),
        itinerary_curl_setopt_pointer(raw, CURLOPT_WRITEDATA, context),
        itinerary_curl_setopt_callback(raw, CURLOPT_WRITEFUNCTION) { bytes, size, count, context in
          guard let bytes, let context else { return 0 }
          return Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
            .appendBody(bytes, count: size * count)
        },
        itinerary_curl_setopt_pointer(raw, CURLOPT_HEADERDATA, context),
        itinerary_curl_setopt_callback(raw, CURLOPT_HEADERFUNCTION) { bytes, size, count, context in
          guard let bytes, let context else { return 0 }
          return Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
            .appendHeader(bytes, count: size * count)
        },
      ]
      if let failed = setup.first(where: { $0 != CURLE_OK }) { return failed }
      return curl_easy_perform(raw)
    }
    guard code == CURLE_OK else {
      throw transportError(code, sink: sink).redacting(credentialsOf: request.url)
    }
    var status = 0
    guard itinerary_curl_getinfo_long(raw, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK else {
      throw HTTPTransportError(kind: .other, detail: "libcurl did not report the HTTP status")
    }
    return HTTPResponse(status: status, headers: sink.headers, body: sink.body)
  }

  /// The one place a failed transfer's code becomes an error.
  private func transportError(_ code: CURLcode, sink: ResponseSink) -> HTTPTransportError {
    let detail = String(cString: errorBuffer)
    let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      return HTTPTransportError(kind: .timeout, detail: "timed out (\(text))")
    case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY,
      CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION:
      return HTTPTransportError(kind: .connection, detail: "cannot connect (\(text))")
    case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR:
      return HTTPTransportError(kind: .truncated, detail: "the response was cut short (\(text))")
    case CURLE_WRITE_ERROR where sink.exceededLimit:
      return HTTPTransportError(
        kind: .tooLarge, detail: "the response is larger than \(sink.limit) bytes")
    default:
      return HTTPTransportError(kind: .other, detail: text)
    }
  }
}

private func milliseconds(_ seconds: Double) -> Int {
  seconds.isFinite ? Int(max(1, min(seconds * 1000, Double(Int32.max)))) : Int(Int32.max)
}
