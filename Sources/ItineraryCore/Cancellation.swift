import Synchronization

/// A flag one thread trips to stop a solver running on another (a server
/// dropping a request, say); solvers poll it with their deadline.
public final class Cancellation: Sendable {
  private let flag = Atomic(false)

  public init() {}

  /// Asks every solver holding this token to stop soon.
  public func cancel() { flag.store(true, ordering: .relaxed) }

  public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
