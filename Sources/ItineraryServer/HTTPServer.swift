import CMicroHTTPD
import Foundation
import ItineraryCore
import Synchronization

/// An HTTP/1.1 server on GNU libmicrohttpd: a thread per connection, so a
/// slow or idle client holds only its own thread until its idle timeout; a
/// capped body; every complete request handed to `handler`.
///
/// The server listens itself and relays each connection to libmicrohttpd
/// (`ConnectionRelay`), reading every request's framing on the way
/// (`RequestFraming`), so that what libmicrohttpd would refuse in HTML is
/// refused in the API's JSON first. libmicrohttpd parses HTTP; this type
/// only moves connections to it and requests and responses between it
/// and Swift.
public final class HTTPServer: Sendable {
  public typealias Handler = @Sendable (HTTPRequest, ClientConnection) -> HTTPResponse

  /// The port listened on (the one the system chose, when asked for 0).
  public var port: UInt16 { listener.port }
  private let daemon: Daemon
  private let listener: Listener
  private let relays: RelayCount
  private let context: Unmanaged<ServerContext>

  /// Starts listening on `host` (an IPv4 or IPv6 address) and `port`.
  ///
  /// - Throws: `.usage` for a host that is not an address, `.unavailable`
  ///   when the address cannot be bound (the port is taken).
  public init(host: String, port: UInt16, limits: HTTPLimits, handler: @escaping Handler)
    throws(ItineraryError)
  {
    let address = try SocketAddress(host: host, port: port)
    let context = Unmanaged.passRetained(ServerContext(limits: limits, handler: handler))
    let flags =
      MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL_INTERNAL_THREAD.rawValue
      | MHD_USE_ITC.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
    let started = itinerary_mhd_start(
      UInt32(flags), accessHandler, context.toOpaque(), requestCompleted, context.toOpaque(),
      connectionNotified, context.toOpaque(), UInt32(limits.maxConnections),
      UInt32(limits.idleTimeoutSeconds), HTTPLimits.connectionMemoryBytes, 0)
    guard let started else {
      context.takeUnretainedValue().watch.stop()
      context.release()
      throw ItineraryError(
        .unavailable, "cannot start the HTTP server: \(String(cString: strerror(errno)))")
    }
    let daemon = Daemon(pointer: started)
    do {
      listener = try Listener(address, description: "\(host):\(port)")
    } catch {
      _ = daemon.stop()
      context.takeUnretainedValue().watch.stop()
      context.release()
      throw error
    }
    self.daemon = daemon
    self.context = context
    let relays = RelayCount(limit: 2 * limits.maxConnections)
    self.relays = relays
    listener.start { client, address, length in
      Self.hand(client, address, length, to: daemon, limits: limits, relays)
    }
  }

  /// Hands a new client to libmicrohttpd through a socket pair and starts
  /// its relay; closes it at once when the relays are at their cap (twice
  /// libmicrohttpd's, which refuses the excess itself) or the pair cannot
  /// be made.
  private static func hand(
    _ client: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t,
    to daemon: Daemon, limits: HTTPLimits, _ relays: RelayCount
  ) {
    var pair: [Int32] = [-1, -1]
    guard relays.enter() else {
      close(client)
      return
    }
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0
    else {
      relays.leave()
      close(client)
      return
    }
    var on: Int32 = 1
    setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    // libmicrohttpd closes its end itself when it refuses it.
    guard MHD_add_connection(daemon.pointer, pair[1], address, length) == .YES else {
      relays.leave()
      close(pair[0])
      close(client)
      return
    }
    let server = pair[0]
    let thread = Thread {
      ConnectionRelay(client: client, server: server, limits: limits).run()
      relays.leave()
    }
    thread.stackSize = ConnectionRelay.stackBytes
    thread.start()
  }

  /// Stops accepting connections; those open are still served.
  public func stopAccepting() { listener.stop() }

  /// Closes every connection and stops the server's threads, once the
  /// relays have passed on the last answers (for `ConnectionRelay.lingerSeconds`
  /// and a second at most), so that a process exiting next does not cut them.
  public func stop() {
    listener.stop()
    guard daemon.stop() else { return }
    relays.waitUntilNone(seconds: ConnectionRelay.lingerSeconds + 1)
    context.takeUnretainedValue().watch.stop()
    context.release()
  }

  deinit { stop() }
}

/// The daemon handle, stopped once.
private final class Daemon: Sendable {
  nonisolated(unsafe) let pointer: OpaquePointer
  private let stopped = Atomic(false)

  init(pointer: OpaquePointer) { self.pointer = pointer }

  /// Stops the daemon; `true` the first time only.
  func stop() -> Bool {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return false }
    MHD_stop_daemon(pointer)
    return true
  }
}

/// The relays alive, at most `limit`.
private final class RelayCount: Sendable {
  let limit: Int
  private let count = Atomic(0)

  init(limit: Int) { self.limit = limit }

  /// Counts one more relay, or `false` when there are `limit` already.
  func enter() -> Bool {
    if count.add(1, ordering: .acquiringAndReleasing).newValue > limit {
      leave()
      return false
    }
    return true
  }

  func leave() { count.subtract(1, ordering: .acquiringAndReleasing) }

  /// Waits until no relay is alive, or `seconds` have passed.
  ///
  /// - Complexity: O(seconds) waiting, in steps of 10 ms.
  func waitUntilNone(seconds: Double) {
    let end = Date().addingTimeInterval(seconds)
    while count.load(ordering: .acquiring) > 0 && Date() < end { usleep(10_000) }
  }
}

/// What the C callbacks need, reached through their context pointer.
final class ServerContext: Sendable {
  let limits: HTTPLimits
  let handler: HTTPServer.Handler
  let watch: ConnectionWatch

  init(limits: HTTPLimits, handler: @escaping HTTPServer.Handler) {
    self.limits = limits
    self.handler = handler
    watch = ConnectionWatch(limits: limits)
  }
}

/// One request while its body arrives.
final class PendingRequest {
  let method: String
  let path: String
  var body = Data()

  init(method: String, path: String) {
    self.method = method
    self.path = path
  }
}

/// Called by libmicrohttpd when the headers have arrived, for each piece of
/// the body, and once more when the body is complete.
private let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, version, uploadData, uploadSize, requestContext in
  guard let context, let connection, let uploadSize, let requestContext else { return .NO }
  let server = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue()
  guard let pending = requestContext.pointee else {
    let request = PendingRequest(
      method: method.map { String(cString: $0) } ?? "GET",
      path: url.map { String(cString: $0) } ?? "/")
    // RFC 9112 section 3.2: an HTTP/1.1 request without Host is answered 400.
    if version.map({ String(cString: $0) }) == "HTTP/1.1",
      HeaderValues.lookup(connection, "Host") == nil
    {
      return send(ServerErrors.missingHost, on: connection, closing: true, server)
    }
    requestContext.pointee = Unmanaged.passRetained(request).toOpaque()
    return .YES
  }
  let request = Unmanaged<PendingRequest>.fromOpaque(pending).takeUnretainedValue()
  if uploadSize.pointee > 0 {
    // The relay's framing has kept the body within `maxBodyBytes`.
    if let uploadData {
      request.body.append(
        UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee)
    }
    uploadSize.pointee = 0
    return .YES
  }
  // The request is in whole: from here on it is answered, not timed.
  server.watch.answering(itinerary_mhd_connection_socket(connection))
  let complete = HTTPRequest(
    method: request.method, path: request.path,
    query: HeaderValues.all(connection, .GET_ARGUMENT_KIND),
    headers: HeaderValues.all(connection, .HEADER_KIND), body: request.body)
  let client = ClientConnection(socket: itinerary_mhd_connection_socket(connection))
  return send(server.handler(complete, client), on: connection, closing: false, server)
}

/// Frees a request's state when it ends, however it ends; the connection
/// may then receive its next request, timed from now.
private let requestCompleted: MHD_RequestCompletedCallback = {
  context, connection, requestContext, _ in
  if let context, let connection {
    Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue().watch.answered(
      itinerary_mhd_connection_socket(connection))
  }
  guard let requestContext, let pending = requestContext.pointee else { return }
  Unmanaged<PendingRequest>.fromOpaque(pending).release()
  requestContext.pointee = nil
}

/// Tells the connection watch when each connection opens and closes.
private let connectionNotified: MHD_NotifyConnectionCallback = {
  context, connection, _, event in
  guard let context, let connection else { return }
  let watch = Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue().watch
  let socket = itinerary_mhd_connection_socket(connection)
  switch event {
  case .CONNECTION_NOTIFY_STARTED: watch.opened(socket)
  case .CONNECTION_NOTIFY_CLOSED: watch.closed(socket)
  default: break
  }
}

/// Queues `response` on the connection, which is answering from now on.
private func send(
  _ response: HTTPResponse, on connection: OpaquePointer, closing: Bool, _ server: ServerContext
) -> MHD_Result {
  server.watch.answering(itinerary_mhd_connection_socket(connection))
  let made = response.body.withUnsafeBytes { bytes in
    MHD_create_response_from_buffer(
      bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
  }
  guard let made else { return .NO }
  defer { MHD_destroy_response(made) }
  for header in response.headers {
    _ = MHD_add_response_header(made, header.name, header.value)
  }
  if closing { _ = MHD_add_response_header(made, "Connection", "close") }
  return MHD_queue_response(connection, UInt32(response.status), made)
}

/// Reading headers and query arguments off a connection.
enum HeaderValues {
  static func lookup(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
  }

  /// Every value of a kind, by name (lowercased for headers, decoded for
  /// query arguments); the last wins.
  static func all(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
    final class Box { var values: [String: String] = [:] }
    let box = Box()
    let lowercase = kind == .HEADER_KIND
    _ = withExtendedLifetime(box) {
      MHD_get_connection_values(
        connection, kind,
        { context, _, key, value in
          guard let context, let key else { return .YES }
          let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
          box.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
          return .YES
        }, Unmanaged.passUnretained(box).toOpaque())
    }
    guard lowercase else {
      return Dictionary(
        box.values.compactMap { key, value in
          URLText.queryValue(key).flatMap { name in URLText.queryValue(value).map { (name, $0) } }
        }
      ) { _, last in last }
    }
    return Dictionary(box.values.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
  }
}
