import CMicroHTTPD
import Foundation
import ItineraryCore
import Synchronization

/// An HTTP/1.1 server on GNU libmicrohttpd: a thread per connection, so a
/// slow or idle client holds only its own thread until its idle timeout; a
/// capped body; every complete request handed to `handler`.
///
/// libmicrohttpd parses HTTP; this type only moves requests and responses
/// between it and Swift.
public final class HTTPServer: Sendable {
  public typealias Handler = @Sendable (HTTPRequest, ClientConnection) -> HTTPResponse

  /// The port listened on (the one the system chose, when asked for 0).
  public let port: UInt16
  private let daemon: Daemon
  private let context: Unmanaged<ServerContext>

  /// Starts listening on `host` (an IPv4 or IPv6 address) and `port`.
  ///
  /// - Throws: `.usage` for a host that is not an address, `.unavailable`
  ///   when the address cannot be bound (the port is taken).
  public init(host: String, port: UInt16, limits: HTTPLimits, handler: @escaping Handler)
    throws(ItineraryError)
  {
    let context = Unmanaged.passRetained(ServerContext(limits: limits, handler: handler))
    let flags =
      MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL_INTERNAL_THREAD.rawValue
      | MHD_USE_ITC.rawValue
    let started = try SocketAddress(host: host, port: port).withPointer { address, isIPv6 in
      itinerary_mhd_start(
        UInt32(flags) | (isIPv6 ? MHD_USE_IPv6.rawValue : 0), accessHandler,
        context.toOpaque(), requestCompleted, context.toOpaque(), connectionNotified,
        context.toOpaque(), address, UInt32(limits.maxConnections),
        UInt32(limits.idleTimeoutSeconds), HTTPLimits.connectionMemoryBytes, 0)
    }
    guard let started else {
      context.takeUnretainedValue().watch.stop()
      context.release()
      throw ItineraryError(
        .unavailable, "cannot listen on \(host):\(port): \(String(cString: strerror(errno)))")
    }
    self.daemon = Daemon(pointer: started)
    self.context = context
    self.port = itinerary_mhd_bound_port(started)
  }

  /// Stops accepting connections; those open are still served.
  public func stopAccepting() { _ = MHD_quiesce_daemon(daemon.pointer) }

  /// Closes every connection and stops the server's threads.
  public func stop() {
    guard daemon.stop() else { return }
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
  var tooLarge = false

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
    // A head over the server's own limits, which lie below what
    // libmicrohttpd holds, is refused here in JSON rather than by
    // libmicrohttpd in HTML.
    if let refusal = HeaderValues.headRefusal(connection, path: request.path, server.limits) {
      return send(refusal, on: connection, closing: true, server)
    }
    // RFC 9112 section 3.2: an HTTP/1.1 request without Host is answered 400.
    if version.map({ String(cString: $0) }) == "HTTP/1.1",
      HeaderValues.lookup(connection, "Host") == nil
    {
      return send(ServerErrors.missingHost, on: connection, closing: true, server)
    }
    let declared = HeaderValues.lookup(connection, "Content-Length").flatMap { Int($0) } ?? 0
    if declared > server.limits.maxBodyBytes {
      return send(
        ServerErrors.tooLarge(server.limits.maxBodyBytes), on: connection, closing: true, server)
    }
    requestContext.pointee = Unmanaged.passRetained(request).toOpaque()
    return .YES
  }
  let request = Unmanaged<PendingRequest>.fromOpaque(pending).takeUnretainedValue()
  if uploadSize.pointee > 0 {
    if !request.tooLarge, let uploadData {
      if request.body.count + uploadSize.pointee > server.limits.maxBodyBytes {
        request.tooLarge = true
        request.body = Data()
      } else {
        request.body.append(
          UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self),
          count: uploadSize.pointee)
      }
    }
    uploadSize.pointee = 0
    return .YES
  }
  if request.tooLarge {
    return send(
      ServerErrors.tooLarge(server.limits.maxBodyBytes), on: connection, closing: true, server)
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
  /// `414` when the request target (the path, as it came, and the query
  /// arguments) is longer than `limits.maxTargetBytes` or has more than
  /// `limits.maxHeaderCount` arguments; `431` when the
  /// header lines are more than `limits.maxHeaderCount` or take more than
  /// `limits.maxHeaderBytes`; `nil` for a head within the limits.
  static func headRefusal(_ connection: OpaquePointer, path: String, _ limits: HTTPLimits)
    -> HTTPResponse?
  {
    let query = measure(connection, .GET_ARGUMENT_KIND)
    // "?" and each "name=value" with its "&".
    let target = path.utf8.count + (query.count > 0 ? query.bytes + 2 * query.count : 0)
    if target > limits.maxTargetBytes || query.count > limits.maxHeaderCount {
      return ServerErrors.targetTooLong(bytes: target, arguments: query.count, limits: limits)
    }
    let headers = measure(connection, .HEADER_KIND)
    // "Name: value" and CRLF.
    let headerBytes = headers.bytes + 4 * headers.count
    if headers.count > limits.maxHeaderCount || headerBytes > limits.maxHeaderBytes {
      return ServerErrors.headersTooLarge(
        count: headers.count, bytes: headerBytes, limits: limits)
    }
    return nil
  }

  /// How many values of a kind the request has, and the bytes of their
  /// names and values, duplicates included.
  static func measure(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> (
    count: Int, bytes: Int
  ) {
    final class Tally {
      var count = 0
      var bytes = 0
    }
    let tally = Tally()
    _ = withExtendedLifetime(tally) {
      MHD_get_connection_values(
        connection, kind,
        { context, _, key, value in
          guard let context else { return .YES }
          let tally = Unmanaged<Tally>.fromOpaque(context).takeUnretainedValue()
          tally.count += 1
          tally.bytes += (key.map { strlen($0) } ?? 0) + (value.map { strlen($0) } ?? 0)
          return .YES
        }, Unmanaged.passUnretained(tally).toOpaque())
    }
    return (tally.count, tally.bytes)
  }

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
