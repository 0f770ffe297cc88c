import CMicroHTTPD
import Dispatch
import Foundation
import ItineraryCore
import Synchronization

/// The server's listening socket, and the thread that accepts its clients
/// and hands each to `accepted`.
///
/// The server listens itself, rather than letting libmicrohttpd, so that a
/// `ConnectionRelay` stands between each client and libmicrohttpd.
final class Listener: Sendable {
  let socket: Int32
  /// The port listened on (the one the system chose, when asked for 0).
  let port: UInt16
  private let stopped = Atomic(false)
  /// Entered while the accepting thread runs.
  private let running = DispatchGroup()

  /// Binds `address` and listens, with a backlog of 1,024 and, for IPv6,
  /// IPv6 only, as libmicrohttpd would.
  ///
  /// - Throws: `.unavailable` when the address cannot be bound.
  init(_ address: SocketAddress, description: String) throws(ItineraryError) {
    let bound = address.withPointer { pointer, isIPv6 -> (Int32, UInt16)? in
      let socket = Glibc.socket(
        isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard socket >= 0 else { return nil }
      var on: Int32 = 1
      setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
      if isIPv6 {
        setsockopt(
          socket, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
      }
      let length = socklen_t(
        isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
      guard bind(socket, pointer, length) == 0, listen(socket, 1024) == 0 else {
        let failure = errno
        close(socket)
        errno = failure
        return nil
      }
      var name = sockaddr_storage()
      var nameLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
      _ = withUnsafeMutablePointer(to: &name) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(socket, $0, &nameLength)
        }
      }
      let port = withUnsafeBytes(of: &name) { bytes in
        // The port lies at the same offset in either family's address.
        UInt16(bigEndian: bytes.load(fromByteOffset: 2, as: UInt16.self))
      }
      return (socket, port)
    }
    guard let bound else {
      throw ItineraryError(
        .unavailable, "cannot listen on \(description): \(String(cString: strerror(errno)))")
    }
    (socket, port) = bound
  }

  /// Accepts clients on a thread of its own until `stop`, handing each
  /// connected socket and its address to `accepted`.
  func start(_ accepted: @escaping @Sendable (Int32, UnsafePointer<sockaddr>, socklen_t) -> Void) {
    running.enter()
    Thread.detachNewThread { [self] in
      defer { running.leave() }
      var address = sockaddr_storage()
      while !stopped.load(ordering: .acquiring) {
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client = withUnsafeMutablePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            accept(socket, $0, &length)
          }
        }
        guard client >= 0 else {
          // Out of descriptors: wait for some to close rather than spin.
          if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
            usleep(10_000)
          }
          continue
        }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accepted(client, $0, length) }
        }
      }
    }
  }

  /// Stops accepting, waits until the accepting thread has ended (a call
  /// to `accepted` under way finishes first), and closes the socket.
  ///
  /// The socket is closed only then, and only by the first call: closed
  /// while the thread or another call could still use its number, the
  /// number could meanwhile name another socket of the process.
  func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else {
      running.wait()
      return
    }
    // Wakes the thread from `accept`, which then fails.
    shutdown(socket, Int32(SHUT_RDWR))
    running.wait()
    close(socket)
  }
}
