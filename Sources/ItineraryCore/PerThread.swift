import Foundation

/// A value of its own for each thread that asks, made on the thread's first
/// call and kept for the thread's life.
///
/// For what every request reads and would otherwise share between cores:
/// two threads retaining the same object, or taking the same lock, make its
/// cache line travel between them at every use. Meant to live as long as
/// the process (a `static`): when it goes, the values of threads still
/// running are not released.
public final class PerThread<Value: AnyObject>: @unchecked Sendable {
  private let make: @Sendable () -> Value
  private var key = pthread_key_t()

  public init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
    pthread_key_create(&key) { value in
      if let value { Unmanaged<AnyObject>.fromOpaque(value).release() }
    }
  }

  /// The calling thread's value.
  ///
  /// - Complexity: O(1) after the thread's first call, that of `make` for
  ///   that one.
  public var value: Value {
    if let kept = pthread_getspecific(key) {
      return Unmanaged<Value>.fromOpaque(kept).takeUnretainedValue()
    }
    let value = make()
    pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
    return value
  }

  deinit { pthread_key_delete(key) }
}
