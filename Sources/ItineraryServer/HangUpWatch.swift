import Foundation
import ItineraryCore
import Synchronization

/// Trips a request's cancellation when its client hangs up while the
/// answer is computed, so the solver stops instead of working for no one.
///
/// One thread looks at every watched socket ten times a second, started
/// with the first request watched.
final class HangUpWatch: Sendable {
  static let shared = HangUpWatch()

  private struct Watched {
    var client: ClientConnection
    var cancellation: Cancellation
  }

  private let watched = Mutex<[ObjectIdentifier: Watched]>([:])
  private let started = Atomic(false)

  /// Runs `body` with a cancellation that trips when `client` hangs up.
  func run<T>(for client: ClientConnection, _ body: (Cancellation) throws(ItineraryError) -> T)
    throws(ItineraryError) -> T
  {
    let cancellation = Cancellation()
    let key = ObjectIdentifier(cancellation)
    watched.withLock { $0[key] = Watched(client: client, cancellation: cancellation) }
    defer { _ = watched.withLock { $0.removeValue(forKey: key) } }
    if !started.exchange(true, ordering: .acquiringAndReleasing) {
      Thread.detachNewThread { [self] in sweep() }
    }
    return try body(cancellation)
  }

  /// - Complexity: O(requests watched) every 100 ms.
  private func sweep() {
    while true {
      usleep(100_000)
      let now = watched.withLock { Array($0.values) }
      for entry in now where entry.client.hasHungUp { entry.cancellation.cancel() }
    }
  }
}
