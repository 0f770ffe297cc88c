import Foundation
import ItineraryCore
import Testing

@testable import ItineraryServer

/// A server on 127.0.0.1 and a port the system chose, with a data
/// directory of its own, stopped when the test ends.
final class TestServer {
  let server: RunningServer
  let dataDirectory: URL
  var port: UInt16 { server.port }

  convenience init(_ change: (inout ServerConfiguration) -> Void = { _ in }) throws {
    try self.init(log: { _ in }, change)
  }

  /// A server whose log lines go to `log`.
  init(
    log: @escaping @Sendable (String) -> Void, _ change: (inout ServerConfiguration) -> Void
  ) throws {
    dataDirectory = FileManager.default.temporaryDirectory.appending(
      path: "itinerary-serve-\(UUID().uuidString)")
    // "Now" is a Monday morning, whenever the tests run: a plan without a
    // start finds places open.
    var configuration = ServerConfiguration(environment: [
      "ITINERARY_DATA_DIR": dataDirectory.path, "ITINERARY_CACHE_DIR": dataDirectory.path,
      "ITINERARY_NOW": "2026-12-07 08:00",
    ])
    configuration.port = 0
    change(&configuration)
    server = try RunningServer(configuration: configuration, log: log)
  }

  deinit {
    server.shutdown(grace: 5)
    try? FileManager.default.removeItem(at: dataDirectory)
  }
}

/// Instances whose solving takes a while: every category in any order,
/// which the solver cannot finish within a short time limit.
enum SlowInstance {
  /// `{"instance": ..., "timeLimit": seconds}` for 16 categories of 30 places.
  static func body(seconds: Double) -> String {
    var generator = SplitMix64(seed: 13)
    var places: [String] = []
    for category in 0..<16 {
      for index in 0..<30 {
        let lat = 60.15 + Double(generator.next() % 1000) / 20_000
        let lon = 24.90 + Double(generator.next() % 1000) / 10_000
        places.append(
          #"{"id": "p\#(category)-\#(index)", "categories": ["c\#(category)"], "lat": \#(lat), "lon": \#(lon), "score": \#(1 + Double(generator.next() % 400) / 100)}"#
        )
      }
    }
    let categories = (0..<16).map { "\"c\($0)\"" }.joined(separator: ", ")
    return """
      {"instance": {"version": 1, "origin": {"lat": 60.17, "lon": 24.94}, "categories": [\(categories)],
       "places": [\(places.joined(separator: ", "))]}, "anyOrder": true, "timeLimit": \(seconds)}
      """
  }
}
