import Foundation
import Testing

/// A bare HTTP/1.1 client on a socket, so that tests control every byte:
/// one request with `Connection: close`, the whole answer read to the end.
struct RawHTTP {
  struct Answer {
    var status: Int
    /// Header values by lowercased name.
    var headers: [String: String]
    var body: Data

    var json: [String: Any]? {
      try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    }

    /// `error.exitCode` of an error body.
    var exitCode: Int? { (json?["error"] as? [String: Any])?["exitCode"] as? Int }
  }

  /// A connected socket to 127.0.0.1:`port`.
  static func connect(_ port: UInt16) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(connected == 0, "cannot connect to port \(port)")
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return socket
  }

  static func write(_ socket: Int32, _ data: Data) {
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let sent = send(socket, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        if sent <= 0 { return }
        offset += sent
      }
    }
  }

  /// Everything the server sends until it closes the connection.
  static func readAll(_ socket: Int32) -> Data {
    readToEnd(socket).data
  }

  /// What `socket` receives until it ends, and whether it ended because the
  /// peer closed it (rather than a receive timeout or another error).
  static func readToEnd(_ socket: Int32) -> (data: Data, closed: Bool) {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count == 0 { return (data, true) }
      if count < 0 { return (data, errno == ECONNRESET) }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  static func request(
    _ port: UInt16, _ method: String, _ path: String, body: Data? = nil,
    headers: [String: String] = [:]
  ) throws -> Answer {
    let socket = try connect(port)
    defer { close(socket) }
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
    write(socket, Data((head + "\r\n").utf8) + (body ?? Data()))
    return try parse(readAll(socket))
  }

  static func post(_ port: UInt16, _ path: String, _ json: String, headers: [String: String] = [:])
    throws -> Answer
  {
    try request(port, "POST", path, body: Data(json.utf8), headers: headers)
  }

  static func parse(_ data: Data) throws -> Answer {
    let separator = Data("\r\n\r\n".utf8)
    let end = try #require(data.range(of: separator), "no complete answer")
    let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    let status = try #require(statusLine.count >= 2 ? Int(statusLine[1]) : nil)
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return Answer(status: status, headers: headers, body: Data(data[end.upperBound...]))
  }
}
