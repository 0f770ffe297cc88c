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
    if let v4 = Self.parse(
      host, port, as: sockaddr_in(), family: AF_INET, \.sin_addr, \.sin_family, \.sin_port)
    {
      storage = .v4(v4)
    } else if let v6 = Self.parse(
      host, port, as: sockaddr_in6(), family: AF_INET6, \.sin6_addr, \.sin6_family, \.sin6_port)
    {
      storage = .v6(v6)
    } else {
      throw ItineraryError(
        .usage, "serve: --host expects an IP address (127.0.0.1, ::1, 0.0.0.0), got '\(host)'")
    }
  }

  /// `host` and `port` as a socket address of `family`, or `nil` when
  /// `host` is no numeric address of that family.
  private static func parse<Address, Bytes>(
    _ host: String, _ port: UInt16, as empty: Address, family: Int32,
    _ bytes: WritableKeyPath<Address, Bytes>, _ familyField: WritableKeyPath<Address, sa_family_t>,
    _ portField: WritableKeyPath<Address, in_port_t>
  ) -> Address? {
    var address = empty
    let parsed = withUnsafeMutableBytes(of: &address[keyPath: bytes]) {
      inet_pton(family, host, $0.baseAddress)
    }
    guard parsed == 1 else { return nil }
    address[keyPath: familyField] = sa_family_t(family)
    address[keyPath: portField] = port.bigEndian
    return address
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
