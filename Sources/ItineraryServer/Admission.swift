import Dispatch
import ItineraryCore
import Synchronization

/// How much work the server takes on: at most `maxInFlight` requests
/// answered or waiting at once (past it, `503` at once instead of an
/// unbounded queue), of which at most `solvers` run the pipeline at once,
/// the others waiting their turn in the order they came.
///
/// Memory is admitted too: each request reserves an estimate of what
/// parsing and solving its body take (`estimate(bodyBytes:)`) from
/// `memoryBudget`, and one that does not fit beside those in flight is
/// refused (`503`, `Retry-After`) rather than run the server out of memory.
/// A request alone is always admitted: `--max-body` bounds it.
final class Admission: Sendable {
  let maxInFlight: Int
  /// Bytes the requests in flight may take together, by their estimates.
  let memoryBudget: Int
  private let inFlight = Atomic(0)
  private let reserved = Mutex(0)
  private let solvers: FairSlots

  /// What any request takes besides its body: buffers, the answer, a thread.
  static let baseBytes = 4 << 20
  /// What a request's body costs per byte while it is parsed and solved:
  /// 40 concurrent 1 MiB `/v1/solve` bodies peaked at 4.4 GB, about 105
  /// times each body.
  static let bytesPerBodyByte = 100

  /// The memory a request with a body of `bodyBytes` is expected to take.
  static func estimate(bodyBytes: Int) -> Int {
    baseBytes + bodyBytes.multipliedReportingOverflow(by: bytesPerBodyByte).partialValue
  }

  init(maxInFlight: Int, solvers: Int, memoryBudget: Int = Int.max) {
    self.maxInFlight = maxInFlight
    self.memoryBudget = memoryBudget
    self.solvers = FairSlots(solvers)
  }

  /// Reserves `bytes` of the memory budget, or `false` when they do not
  /// fit beside what the requests in flight reserved (a request alone
  /// always fits).
  func reserve(_ bytes: Int) -> Bool {
    reserved.withLock { reserved in
      guard reserved == 0 || bytes <= memoryBudget - reserved else { return false }
      reserved += bytes
      return true
    }
  }

  /// Gives back what `reserve` took.
  func release(_ bytes: Int) {
    reserved.withLock { $0 -= bytes }
  }

  /// The bytes reserved now.
  var reservedBytes: Int { reserved.withLock { $0 } }

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
