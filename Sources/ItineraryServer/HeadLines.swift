/// The request line of a head (RFC 9112 section 3): a method, a target
/// and `HTTP/1.0` or `HTTP/1.1`, one space apart.
enum RequestLine {
  /// The answer to `line` (without its line end) when the server does not
  /// take it: `400` when it is not a request line, `505` for another HTTP
  /// version, `414` for a target over the limits; `nil` when it is taken.
  ///
  /// - Complexity: O(n) for a line of n bytes.
  static func refusal(_ line: [UInt8], _ limits: HTTPLimits) -> HTTPResponse? {
    let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      return ServerErrors.malformed(
        parts.count == 2
          ? "the request line names no HTTP version"
          : "the request line is not a method, a target and an HTTP version, one space apart")
    }
    let (method, target, version) = (parts[0], parts[1], parts[2])
    guard !method.isEmpty, method.allSatisfy(HeaderField.isTokenByte) else {
      return ServerErrors.malformed("the request's method is not a token")
    }
    if !version.elementsEqual("HTTP/1.1".utf8) && !version.elementsEqual("HTTP/1.0".utf8) {
      return isVersion(version)
        ? ServerErrors.versionNotSupported(String(decoding: version, as: UTF8.self))
        : ServerErrors.malformed("the request line names no HTTP version")
    }
    guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
      return ServerErrors.malformed("the request target is empty or has control characters")
    }
    let query = target.firstIndex(of: UInt8(ascii: "?")).map { target[($0 + 1)...] } ?? []
    let arguments = query.split(separator: UInt8(ascii: "&")).count
    if target.count > limits.maxTargetBytes || arguments > limits.maxHeaderCount {
      return ServerErrors.targetTooLong(limits)
    }
    return nil
  }

  /// Whether `text` is `HTTP/` and a digit, a dot and a digit.
  static func isVersion(_ text: ArraySlice<UInt8>) -> Bool {
    let bytes = Array(text)
    let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
    return bytes.count == 8 && bytes[..<5].elementsEqual("HTTP/".utf8) && isDigit(bytes[5])
      && bytes[6] == UInt8(ascii: ".") && isDigit(bytes[7])
  }
}

/// A header or trailer line (RFC 9110 section 5): a name, a colon and a
/// value without control characters, the value's leading blanks dropped.
struct HeaderField {
  /// The name, lowercased.
  var name: String
  var value: ArraySlice<UInt8>

  /// `nil` for a line that is no header field: no colon, a name that is
  /// no token (a folded line starts with a blank), a control character in
  /// the value.
  init?(_ line: [UInt8]) {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      line[..<colon].allSatisfy(Self.isTokenByte)
    else { return nil }
    let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
    guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return nil }
    self.value = value
    name = String(decoding: line[..<colon].map(RequestFraming.lowercased), as: UTF8.self)
  }

  /// Whether `byte` may be in a token: a method or a header's name.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
