import Foundation
import ItineraryCore
import ItineraryPlanning

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
  /// Bytes the requests in flight may take together, by the estimate of
  /// `Admission`; past it, `503` with `Retry-After`.
  public var memoryBudget = 1 << 30
  /// The most seconds a request's solver may take, whatever it asks.
  public var deadline = 10.0
  public var limits = HTTPLimits()
  /// When set, every write (POST, PUT, DELETE) needs `Authorization: Bearer <token>`.
  public var token: String?
  /// Whether each plan answered is written to the store's history.
  public var recordsHistory = false
  /// The tile server the map page draws from; `nil` for the city's basemap.
  public var tiles: TileServer?
  /// API keys, `ITINERARY_*` settings, and the data directory of the store.
  public var environment: [String: String]

  public init(environment: [String: String]) {
    self.environment = environment
    token = environment["ITINERARY_SERVE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Checks `ITINERARY_SERVE_TOKEN` before the server starts.
  ///
  /// - Throws: `.usage` when the variable is set but empty or blank: an
  ///   empty token would otherwise turn write protection off without a word,
  ///   the opposite of what setting it asks for.
  public static func validateToken(in environment: [String: String]) throws(ItineraryError) {
    guard let token = environment["ITINERARY_SERVE_TOKEN"] else { return }
    guard !token.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ItineraryError(
        .usage,
        "serve: ITINERARY_SERVE_TOKEN is set but empty; give it a token to protect writes, or unset it"
      )
    }
  }
}
