import Dispatch
import ItineraryCore
import Synchronization

/// How much work the server takes on: at most `maxInFlight` requests
/// answered or waiting at once (past it, `503` at once instead of an
/// unbounded queue), of which at most `solvers` run the pipeline at once,
/// the others waiting their turn in the order they came.
final class Admission: Sendable {
  let maxInFlight: Int
  private let inFlight = Atomic(0)
  private let solvers: FairSlots

  init(maxInFlight: Int, solvers: Int) {
    self.maxInFlight = maxInFlight
    self.solvers = FairSlots(solvers)
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
    solvers.acquire()
    defer { solvers.release() }
    return try body()
  }
}

/// A counting semaphore that hands a freed slot to the longest waiter, so
/// that under load every request waits about as long as the others (a
/// plain semaphore wakes whichever thread it likes, and the unlucky wait
/// many turns).
final class FairSlots: Sendable {
  private struct State {
    var free: Int
    var waiting: [DispatchSemaphore] = []
  }

  private let state: Mutex<State>

  init(_ count: Int) { state = Mutex(State(free: count)) }

  /// - Complexity: O(1), then the wait.
  func acquire() {
    let turn: DispatchSemaphore? = state.withLock { state in
      if state.free > 0 {
        state.free -= 1
        return nil
      }
      let turn = DispatchSemaphore(value: 0)
      state.waiting.append(turn)
      return turn
    }
    turn?.wait()
  }

  /// - Complexity: O(waiters), to take the first.
  func release() {
    state.withLock { state in
      if state.waiting.isEmpty {
        state.free += 1
      } else {
        state.waiting.removeFirst().signal()
      }
    }
  }
}
