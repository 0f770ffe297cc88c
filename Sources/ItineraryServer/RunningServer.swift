import Foundation
import ItineraryCore

/// The API listening on a port: the service behind an `HTTPServer`.
/// Tests start one in-process; `itinerary serve` starts one and waits for
/// a signal.
public final class RunningServer: Sendable {
  public let service: ItineraryService
  private let server: HTTPServer

  /// The port listened on.
  public var port: UInt16 { server.port }

  /// Starts serving, with the process's heap set to give the memory of
  /// large requests back once they are answered (`HeapRelease`).
  ///
  /// - Throws: `.usage` for a host that is not an address, `.unavailable`
  ///   when the port is taken, or what opening the store throws.
  public init(
    configuration: ServerConfiguration, log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(ItineraryError) {
    HeapRelease.configure()
    let service = try ItineraryService(configuration: configuration, log: log)
    self.service = service
    server = try HTTPServer(
      host: configuration.host, port: configuration.port, limits: configuration.limits
    ) { request, client in service.respond(to: request, from: client) }
  }

  /// Stops accepting connections, lets the requests in flight finish (for
  /// at most `grace` seconds), then closes everything.
  ///
  /// - Complexity: O(grace) waiting, in steps of 10 ms.
  public func shutdown(grace: Double) {
    server.stopAccepting()
    let end = Date().addingTimeInterval(grace)
    while service.admission.current > 0 && Date() < end { usleep(10_000) }
    server.stop()
  }
}

/// `itinerary serve` itself: serves until SIGTERM or SIGINT, then finishes
/// the requests in flight and returns, so the process exits 0.
public enum ServerRunner {
  /// - Parameter announce: receives the line saying where the server listens.
  public static func run(
    _ configuration: ServerConfiguration, announce: @Sendable (String) -> Void,
    log: @escaping @Sendable (String) -> Void
  ) throws(ItineraryError) {
    signal(SIGPIPE, SIG_IGN)
    let stopping = DispatchSemaphore(value: 0)
    let sources = [SIGTERM, SIGINT].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { stopping.signal() }
      source.resume()
      return source
    }
    defer { sources.forEach { $0.cancel() } }
    let server = try RunningServer(configuration: configuration, log: log)
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    announce("listening on http://\(host):\(server.port)/")
    stopping.wait()
    log("stopping: finishing the requests in flight")
    server.shutdown(grace: configuration.deadline + 5)
  }
}
