import CMicroHTTPD
import Foundation

/// The socket of the client a request came from, to tell whether it hung
/// up while its answer was being computed.
public struct ClientConnection: Sendable {
  let socket: Int32

  /// Whether the client closed its side or the connection broke. Reads
  /// nothing: a pipelined next request stays for the server.
  public var hasHungUp: Bool {
    guard socket >= 0 else { return false }
    var entry = pollfd(fd: socket, events: itinerary_poll_hang_up, revents: 0)
    guard poll(&entry, 1, 0) == 1 else { return false }
    return entry.revents & (itinerary_poll_hang_up | Int16(POLLHUP) | Int16(POLLERR)) != 0
  }

  /// For requests that come from no socket (tests calling routes directly).
  public static let none = ClientConnection(socket: -1)
}
