/// Reads what a client sends as a stream of HTTP/1.1 requests, byte by
/// byte as it comes, and says how much of it may go on to libmicrohttpd.
///
/// libmicrohttpd answers a request it cannot parse with a built-in HTML
/// page that no option replaces. So every byte passes here first, and the
/// first one that would make libmicrohttpd refuse the request (or make it
/// break the server's limits) stops the stream with the server's own JSON
/// refusal instead: a request or header line that is not HTTP, a version
/// other than 1.0 and 1.1, a head over the limits of `HTTPLimits`, a
/// `Content-Length` that is not a number or is over the body limit, a
/// transfer coding other than chunked, a malformed chunk.
///
/// The line a refusal is found in never ends for libmicrohttpd: it is
/// given the bytes before the refused one only, and an end of stream,
/// which it takes as a client gone and answers with nothing.
struct RequestFraming {
  let limits: HTTPLimits

  private enum Part {
    case requestLine
    case header
    case body(remaining: Int)
    case chunkSize
    case chunkData(remaining: Int)
    case chunkEnd(sawCR: Bool)
    case trailer
  }

  /// What the head of the request being read has said so far.
  private struct Head {
    var lines = 0
    var bytes = 0
    var cookies = 0
    var contentLength: Int?
    var chunked = false
    var bodyBytes = 0
  }

  private var part = Part.requestLine
  private var head = Head()
  /// The line being read, without its line feed.
  private var line: [UInt8] = []
  /// The size of the chunk whose size line is being read, so far.
  private var chunkSize = 0
  /// Whether that line's digits have ended at a `;`.
  private var chunkExtensions = false

  /// The longest chunk size line read, extensions included.
  static let maxChunkLineBytes = 1024
  /// What a request line may have besides its target: a method, two
  /// spaces, `HTTP/1.1` and a carriage return.
  static let requestLineExtraBytes = 64

  init(limits: HTTPLimits) { self.limits = limits }

  /// Reads `bytes`, the next the client sent: how many of them, from the
  /// first, may be passed on, and the refusal that stops the stream
  /// after them (`nil` when all may).
  ///
  /// - Complexity: O(n) for n bytes; O(1) per byte of a body.
  mutating func read(_ bytes: UnsafeRawBufferPointer) -> (passed: Int, refusal: HTTPResponse?) {
    var index = 0
    while index < bytes.count {
      switch part {
      case .body(let remaining):
        let taken = min(remaining, bytes.count - index)
        index += taken
        part = taken == remaining ? .requestLine : .body(remaining: remaining - taken)
      case .chunkData(let remaining):
        let taken = min(remaining, bytes.count - index)
        index += taken
        part =
          taken == remaining ? .chunkEnd(sawCR: false) : .chunkData(remaining: remaining - taken)
      case .chunkEnd(let sawCR):
        switch bytes[index] {
        case Self.carriageReturn where !sawCR: part = .chunkEnd(sawCR: true)
        case Self.lineFeed: part = .chunkSize
        default: return (index, ServerErrors.malformed("a chunk is longer than its size says"))
        }
        index += 1
      case .requestLine, .header, .chunkSize, .trailer:
        let byte = bytes[index]
        if byte == Self.lineFeed {
          if line.last == Self.carriageReturn { line.removeLast() }
          if let refusal = endLine() { return (index, refusal) }
          line.removeAll(keepingCapacity: line.capacity <= 4096)
        } else {
          line.append(byte)
          if let refusal = lineSoFar() { return (index, refusal) }
        }
        index += 1
      }
    }
    return (index, nil)
  }

  /// The refusal of the line read so far, before it ends: one grown past
  /// what its part may take, or a chunk size line gone wrong.
  private mutating func lineSoFar() -> HTTPResponse? {
    switch part {
    case .requestLine where line.count > limits.maxTargetBytes + Self.requestLineExtraBytes:
      ServerErrors.targetTooLong(limits)
    case .header, .trailer:
      // The line end is counted with the line: "Name: value" and CRLF.
      head.bytes + line.count + 1 > limits.maxHeaderBytes
        ? ServerErrors.headersTooLarge(limits) : nil
    case .chunkSize: chunkSizeSoFar()
    default: nil
    }
  }

  /// Checks a chunk size line byte by byte, as libmicrohttpd does before
  /// the line ends: hexadecimal digits, at least one, then the line end or
  /// `;` and extensions (checked when the line ends). The size is counted
  /// as its digits come.
  private mutating func chunkSizeSoFar() -> HTTPResponse? {
    if line.count > Self.maxChunkLineBytes {
      return ServerErrors.malformed(
        "a chunk size line is longer than \(Self.maxChunkLineBytes) bytes")
    }
    guard !chunkExtensions, let byte = line.last else { return nil }
    let notANumber = ServerErrors.malformed("a chunk size is not a hexadecimal number")
    // A carriage return only just before the line feed.
    if line.count >= 2 && line[line.count - 2] == Self.carriageReturn { return notANumber }
    switch byte {
    case UInt8(ascii: ";"), Self.carriageReturn:
      if line.count == 1 { return notANumber }
      chunkExtensions = byte != Self.carriageReturn
    default:
      guard let digit = Self.hexValue(byte) else { return notANumber }
      chunkSize = chunkSize * 16 + digit
      if head.bodyBytes + chunkSize > limits.maxBodyBytes {
        return ServerErrors.tooLarge(limits.maxBodyBytes)
      }
    }
    return nil
  }

  /// Takes the line just ended: the refusal it earns, or `nil` and the
  /// part that follows.
  private mutating func endLine() -> HTTPResponse? {
    switch part {
    case .requestLine:
      // Empty lines before a request are allowed (RFC 9112 section 2.2).
      guard !line.isEmpty else { return nil }
      if let refusal = RequestLine.refusal(line, limits) { return refusal }
      head = Head()
      part = .header
    case .header where line.isEmpty:
      return endHead()
    case .header, .trailer:
      if line.isEmpty {
        part = .requestLine
        return nil
      }
      return headerLine()
    case .chunkSize:
      return chunkSizeLine()
    default:
      break
    }
    return nil
  }

  /// Checks and counts a header or trailer line.
  private mutating func headerLine() -> HTTPResponse? {
    head.lines += 1
    head.bytes += line.count + 2
    if head.lines > limits.maxHeaderCount { return ServerErrors.headersTooLarge(limits) }
    guard let field = HeaderField(line) else {
      return ServerErrors.malformed(
        "header line \(head.lines) is not a name, a colon and a value without control characters")
    }
    switch field.name {
    case "cookie":
      // libmicrohttpd keeps each cookie as a value of its own, in the
      // connection's memory: they are bounded as header lines are.
      head.cookies += 1 + field.value.count { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }
      if head.cookies > limits.maxHeaderCount { return ServerErrors.headersTooLarge(limits) }
    case "content-length":
      guard !field.value.isEmpty, field.value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        return ServerErrors.malformed("Content-Length is not a number")
      }
      var length = 0
      for digit in field.value {
        length = length * 10 + Int(digit - 0x30)
        if length > limits.maxBodyBytes { return ServerErrors.tooLarge(limits.maxBodyBytes) }
      }
      if let earlier = head.contentLength, earlier != length {
        return ServerErrors.malformed("two Content-Length headers disagree")
      }
      head.contentLength = length
    case "transfer-encoding":
      guard !head.chunked, field.value.lazy.map(Self.lowercased).elementsEqual("chunked".utf8)
      else {
        return ServerErrors.malformed("the only transfer coding read is chunked, once")
      }
      head.chunked = true
    default:
      break
    }
    return nil
  }

  /// The empty line after the headers: where the body starts, if any.
  private mutating func endHead() -> HTTPResponse? {
    if head.chunked {
      guard head.contentLength == nil else {
        return ServerErrors.malformed("a request has both Content-Length and Transfer-Encoding")
      }
      part = .chunkSize
    } else if let length = head.contentLength, length > 0 {
      part = .body(remaining: length)
    } else {
      part = .requestLine
    }
    return nil
  }

  /// The end of a chunk size line, whose digits `chunkSizeSoFar` read.
  private mutating func chunkSizeLine() -> HTTPResponse? {
    let extensions = line.drop { $0 != UInt8(ascii: ";") }
    guard !line.isEmpty, extensions.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) })
    else {
      return ServerErrors.malformed("a chunk size line is not a hexadecimal number")
    }
    head.bodyBytes += chunkSize
    part = chunkSize == 0 ? .trailer : .chunkData(remaining: chunkSize)
    chunkSize = 0
    chunkExtensions = false
    return nil
  }

  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")

  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30)
    case 0x41...0x46: Int(byte - 0x41 + 10)
    case 0x61...0x66: Int(byte - 0x61 + 10)
    default: nil
    }
  }
}
