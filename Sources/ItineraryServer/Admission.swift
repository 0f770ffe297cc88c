import Dispatch
import ItineraryCore
import Synchronization

/// How much work the server takes on: at most `maxInFlight` requests
/// answered or waiting at once (past it, `503` at once instead of an
/// unbounded queue), of which at most `solvers` run the pipeline at once.
final class Admission: Sendable {
  let maxInFlight: Int
  private let inFlight = Atomic(0)
  private let solvers: DispatchSemaphore

  init(maxInFlight: Int, solvers: Int) {
    self.maxInFlight = maxInFlight
    self.solvers = DispatchSemaphore(value: solvers)
  }

  /// Takes a place in flight, or `false` when the server is full.
  func enter() -> Bool {
    if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > maxInFlight {
      leave()
      return false
    }
    return true
  }

  func leave() { inFlight.subtract(1, ordering: .acquiringAndReleasing) }

  /// Requests in flight now.
  var current: Int { inFlight.load(ordering: .acquiring) }

  /// Runs `body` once a solver is free.
  func solving<T>(_ body: () throws(ItineraryError) -> T) throws(ItineraryError) -> T {
    solvers.wait()
    defer { solvers.signal() }
    return try body()
  }
}
