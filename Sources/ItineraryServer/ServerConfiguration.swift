import Foundation

/// How `itinerary serve` runs: where it listens, how much it takes on, and
/// who may write.
public struct ServerConfiguration: Sendable {
  /// An IP address: loopback unless asked otherwise.
  public var host = "127.0.0.1"
  /// 0 lets the system choose.
  public var port: UInt16 = 8080
  /// Requests planned at once.
  public var threads = ProcessInfo.processInfo.activeProcessorCount
  /// Requests answered or waiting at once; past it, `503` with `Retry-After`.
  public var maxInFlight = 128
  /// The most seconds a request's solver may take, whatever it asks.
  public var deadline = 10.0
  public var limits = HTTPLimits()
  /// When set, every write (POST, PUT, DELETE) needs `Authorization: Bearer <token>`.
  public var token: String?
  /// Whether each plan answered is written to the store's history.
  public var recordsHistory = false
  /// API keys, `ITINERARY_*` settings, and the data directory of the store.
  public var environment: [String: String]

  public init(environment: [String: String]) {
    self.environment = environment
    token = environment["ITINERARY_SERVE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
  }
}
