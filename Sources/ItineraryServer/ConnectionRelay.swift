import Foundation

/// Carries one client's connection, on a thread of its own, between the
/// client's socket and one end of a socket pair whose other end
/// libmicrohttpd serves: every byte the client sends is read by
/// `RequestFraming` before libmicrohttpd sees it, and libmicrohttpd's
/// answers go back as they are.
///
/// When the framing refuses what the client sends, the bytes before the
/// refusal still go on, and libmicrohttpd is told that the client has
/// finished sending: it answers the requests it has whole, then closes its
/// end. Then the client gets the refusal, in JSON, and the connection is
/// closed. So a malformed request is refused the same way whether it is a
/// connection's first or comes after others on it, pipelined or not.
///
/// libmicrohttpd keeps its timeouts, on its end: when it closes it, for
/// silence or through `ConnectionWatch`, the relay ends too. The relay's
/// own wait is bounded only where libmicrohttpd cannot see it: a client
/// that does not take its answer for `idleTimeout` seconds is dropped.
final class ConnectionRelay {
  private let client: Int32
  /// The relay's end of the pair.
  private let server: Int32
  private var framing: RequestFraming
  /// Milliseconds a client may leave an answer untaken.
  private let idleTimeout: Int32
  /// What the client sent that may go on, not yet taken by libmicrohttpd.
  private var upstream = Pending()
  /// What libmicrohttpd answered, not yet taken by the client.
  private var downstream = Pending()
  private var refusal: HTTPResponse?
  /// The client closed its sending side.
  private var clientEnded = false
  /// libmicrohttpd was told the client has finished sending.
  private var serverShut = false
  /// libmicrohttpd closed its end.
  private var serverEnded = false

  /// Bytes read from a socket at once.
  static let bufferBytes = 16 * 1024
  /// The stack of a relay's thread, which holds little.
  static let stackBytes = 256 * 1024
  /// How long a closed connection's last bytes from the client are read
  /// and dropped, so that closing with them unread does not reset the
  /// connection before the client reads its answer: until the client is
  /// silent for `lingerQuietMilliseconds`, at most `lingerSeconds`.
  static let lingerSeconds = 2.0
  static let lingerQuietMilliseconds: Int32 = 250

  init(client: Int32, server: Int32, limits: HTTPLimits) {
    self.client = client
    self.server = server
    framing = RequestFraming(limits: limits)
    idleTimeout = Int32(clamping: limits.idleTimeoutSeconds * 1000)
  }

  /// Carries bytes both ways until libmicrohttpd closes its end and the
  /// client has taken everything, then closes both sockets.
  ///
  /// - Complexity: O(bytes carried).
  func run() {
    defer { close(server) }
    while !(serverEnded && downstream.isEmpty) {
      guard step() else {
        close(client)
        return
      }
    }
    if let refusal, !answer(refusal.closingBytes) {
      close(client)
      return
    }
    closeClient()
  }

  /// Waits for either socket and moves what it can; `false` when the
  /// client broke off or left its answer untaken too long.
  private func step() -> Bool {
    let readsClient = !clientEnded && refusal == nil && upstream.isEmpty
    let readsServer = !serverEnded && downstream.isEmpty
    let clientEvents = (readsClient ? POLLIN : 0) | (downstream.isEmpty ? 0 : POLLOUT)
    let serverEvents = (readsServer ? POLLIN : 0) | (upstream.isEmpty || serverEnded ? 0 : POLLOUT)
    // A socket with nothing to wait for is left out, so that its hang-up
    // does not wake the wait again and again.
    var sockets = [
      pollfd(fd: clientEvents == 0 ? -1 : client, events: Int16(clientEvents), revents: 0),
      pollfd(fd: serverEvents == 0 ? -1 : server, events: Int16(serverEvents), revents: 0),
    ]
    let ready = poll(&sockets, 2, downstream.isEmpty ? -1 : idleTimeout)
    if ready < 0 { return errno == EINTR }
    if ready == 0 { return false }
    let (clientReady, serverReady) = (sockets[0].revents, sockets[1].revents)
    if readsClient && clientReady != 0 {
      guard readClient() else { return false }
    }
    if serverReady & Int16(POLLOUT | POLLERR | POLLHUP) != 0 && !upstream.isEmpty {
      if !upstream.flush(to: server) {
        upstream = Pending()
        serverShut = true
      }
    }
    if readsServer && serverReady != 0 {
      let count = downstream.fill(from: server)
      if count == 0 || (count < 0 && !Pending.wouldBlock) { serverEnded = true }
    }
    if clientReady & Int16(POLLOUT | POLLERR | POLLHUP) != 0 && !downstream.isEmpty {
      guard downstream.flush(to: client) else { return false }
    }
    if (clientEnded || refusal != nil) && upstream.isEmpty && !serverShut {
      shutdown(server, Int32(SHUT_WR))
      serverShut = true
    }
    return true
  }

  /// Reads what the client sent and keeps what the framing passes;
  /// `false` when the connection broke.
  private func readClient() -> Bool {
    let count = upstream.fill(from: client)
    if count < 0 { return Pending.wouldBlock }
    if count == 0 {
      clientEnded = true
      return true
    }
    let (passed, refused) = upstream.withFilled { framing.read($0) }
    upstream.keep(passed)
    refusal = refused
    return true
  }

  /// Writes `bytes` to the client, waiting for it at most `idleTimeout`
  /// each time it takes nothing; `false` when it does not take them all.
  private func answer(_ bytes: Data) -> Bool {
    var rest = Pending(bytes)
    while !rest.isEmpty {
      var entry = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
      guard poll(&entry, 1, idleTimeout) == 1, rest.flush(to: client) else { return false }
    }
    return true
  }

  /// Says the server has finished, drops what the client still sends
  /// for a while (`lingerSeconds`), and closes the client's socket.
  private func closeClient() {
    shutdown(client, Int32(SHUT_WR))
    let end = Date().addingTimeInterval(Self.lingerSeconds)
    var scratch = Pending()
    while !clientEnded && Date() < end {
      var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
      if poll(&entry, 1, Self.lingerQuietMilliseconds) != 1 || scratch.fill(from: client) <= 0 {
        break
      }
    }
    close(client)
  }
}

/// Bytes read from one socket, waiting to be written to another.
private struct Pending {
  private var bytes: [UInt8]
  private var start = 0
  private var end = 0

  init() { bytes = [UInt8](repeating: 0, count: ConnectionRelay.bufferBytes) }

  init(_ data: Data) {
    bytes = Array(data)
    end = bytes.count
  }

  var isEmpty: Bool { start == end }

  /// Whether the last failed call only found the socket not ready.
  static var wouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }

  /// Reads what `socket` has into the buffer, which is empty: the count
  /// read, `0` at the end of its stream, `-1` on an error (`errno`).
  mutating func fill(from socket: Int32) -> Int {
    let count = bytes.withUnsafeMutableBytes {
      recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
    }
    start = 0
    end = max(0, count)
    return count
  }

  /// Calls `body` with the bytes read.
  func withFilled<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
    bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
  }

  /// Keeps the first `count` bytes read, dropping the others.
  mutating func keep(_ count: Int) { end = start + count }

  /// Writes what `socket` takes now; `false` when it takes nothing more
  /// (closed or broken).
  mutating func flush(to socket: Int32) -> Bool {
    let sent = bytes.withUnsafeBytes {
      send(
        socket, UnsafeRawBufferPointer(rebasing: $0[start..<end]).baseAddress, end - start,
        Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
    }
    if sent < 0 { return Self.wouldBlock }
    start += sent
    return true
  }
}
