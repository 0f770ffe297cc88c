import Dispatch
import ItineraryCore

/// Trips a request's cancellation when its client hangs up while the
/// answer is computed, so the solver stops instead of working for no one.
enum HangUpWatch {
  /// How often the socket is looked at.
  static let interval = DispatchTimeInterval.milliseconds(100)

  /// Runs `body` with a cancellation that trips when `client` hangs up.
  static func run<T>(
    for client: ClientConnection, _ body: (Cancellation) throws(ItineraryError) -> T
  ) throws(ItineraryError) -> T {
    let cancellation = Cancellation()
    let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    timer.schedule(deadline: .now() + interval, repeating: interval)
    timer.setEventHandler {
      if client.hasHungUp {
        cancellation.cancel()
        timer.cancel()
      }
    }
    timer.resume()
    defer { timer.cancel() }
    return try body(cancellation)
  }
}
