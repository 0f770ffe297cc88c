import Foundation
import ItineraryCore

/// An IPv4 or IPv6 address and port to listen on.
struct SocketAddress {
  private enum Storage {
    case v4(sockaddr_in)
    case v6(sockaddr_in6)
  }

  private let storage: Storage

  /// - Throws: `.usage` when `host` is not a numeric address.
  init(host: String, port: UInt16) throws(ItineraryError) {
    var v4 = sockaddr_in()
    if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      storage = .v4(v4)
      return
    }
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      storage = .v6(v6)
      return
    }
    throw ItineraryError(
      .usage, "serve: --host expects an IP address (127.0.0.1, ::1, 0.0.0.0), got '\(host)'")
  }

  /// Calls `body` with the address as a `sockaddr` and whether it is IPv6.
  func withPointer<T>(_ body: (UnsafePointer<sockaddr>, Bool) -> T) -> T {
    switch storage {
    case .v4(var address):
      withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, false) }
      }
    case .v6(var address):
      withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, true) }
      }
    }
  }
}
