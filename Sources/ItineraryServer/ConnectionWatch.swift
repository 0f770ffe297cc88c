import CMicroHTTPD
import Dispatch
import Foundation
import ItineraryPlanning
import Synchronization

/// Bounds the time a client may take to send a whole request, and keeps
/// connection slots free for new clients.
///
/// libmicrohttpd's idle timeout counts only silence: a client sending a
/// byte every few seconds would hold its connection, and its thread,
/// forever, and enough of them would fill the connection cap so that even
/// `/healthz` is refused. So each connection is timed while it receives a
/// request (from its accept, or from the end of its last answer, until the
/// request's head and body are in): past `limits.requestTimeoutSeconds` it
/// gets `408` and is closed. And when the open connections come within
/// `reserve` of the cap, those receiving longest (for a second at least)
/// are closed the same way, so that a new client always finds a slot.
final class ConnectionWatch: Sendable {
  let timeout: Double
  let maxConnections: Int
  /// Connection slots kept free for new clients.
  let reserve: Int

  private struct State {
    /// The sockets of the open connections, less those being closed.
    var open: Set<Int32> = []
    /// The connections receiving a request, with the uptime (seconds) they
    /// started at.
    var receiving: [Int32: Double] = [:]
  }

  private let state = Mutex(State())
  /// Sweeps the connections; a dispatch source is safe to use from any thread.
  private nonisolated(unsafe) let timer: any DispatchSourceTimer

  init(limits: HTTPLimits) {
    timeout = limits.requestTimeoutSeconds
    maxConnections = limits.maxConnections
    reserve = min(max(1, limits.maxConnections / 32), max(0, limits.maxConnections - 1))
    timer = DispatchSource.makeTimerSource(queue: .global())
    let interval = min(1, max(0.05, timeout / 4))
    timer.schedule(deadline: .now() + interval, repeating: interval)
    timer.setEventHandler { [weak self] in self?.sweep() }
    timer.resume()
  }

  /// Stops the sweeps.
  func stop() { timer.cancel() }

  deinit { timer.cancel() }

  static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  /// A connection was accepted: it starts receiving.
  func opened(_ socket: Int32) {
    guard socket >= 0 else { return }
    state.withLock { state in
      state.open.insert(socket)
      state.receiving[socket] = Self.now
      makeRoom(&state)
    }
  }

  /// A connection is closing.
  func closed(_ socket: Int32) {
    state.withLock { state in
      state.open.remove(socket)
      state.receiving[socket] = nil
    }
  }

  /// A request is in whole (or refused): its answer is not timed.
  func answering(_ socket: Int32) {
    _ = state.withLock { $0.receiving.removeValue(forKey: socket) }
  }

  /// An answer was sent: the connection may receive its next request.
  func answered(_ socket: Int32) {
    state.withLock { state in
      if state.open.contains(socket) { state.receiving[socket] = Self.now }
    }
  }

  /// Closes the connections past their time, then makes room.
  private func sweep() {
    state.withLock { state in
      let now = Self.now
      for (socket, since) in state.receiving where now - since > timeout {
        Self.refuse(socket, &state)
      }
      makeRoom(&state)
    }
  }

  /// Within `reserve` of the cap, closes the connections that have been
  /// receiving longest (a second at least, so that a burst of new clients
  /// does not close each other).
  private func makeRoom(_ state: inout State) {
    let excess = state.open.count - (maxConnections - reserve) + 1
    guard excess > 0 else { return }
    let now = Self.now
    let oldest = state.receiving.filter { now - $0.value >= 1 }.sorted { $0.value < $1.value }
    for (socket, _) in oldest.prefix(excess) { Self.refuse(socket, &state) }
  }

  /// The answer a connection past its time gets before it is closed.
  static let timedOut = ServerErrors.requestTimeout.closingBytes

  /// Says `408` (if the socket takes it at once) and shuts the connection
  /// down; libmicrohttpd's thread then sees it end and closes it. Called
  /// with the lock held, so that the socket is not closed and its number
  /// reused meanwhile.
  private static func refuse(_ socket: Int32, _ state: inout State) {
    timedOut.withUnsafeBytes { bytes in
      _ = send(socket, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
    }
    shutdown(socket, Int32(SHUT_RDWR))
    state.receiving[socket] = nil
    state.open.remove(socket)
  }
}
