import Foundation
import Synchronization

/// A blocking call on a thread of its own, so that it starts at once
/// however busy the test runner's threads are.
final class Background<Value: Sendable>: Sendable {
  private let result = Mutex<Result<Value, any Error>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  init(_ body: @escaping @Sendable () throws -> Value) {
    Thread.detachNewThread { [self] in
      let outcome = Result { try body() }
      result.withLock { $0 = outcome }
      done.signal()
    }
  }

  /// Waits for the call and returns what it returned, or throws what it threw.
  func value() throws -> Value {
    done.wait()
    done.signal()
    guard let outcome = result.withLock({ $0 }) else { throw CancellationError() }
    return try outcome.get()
  }
}
