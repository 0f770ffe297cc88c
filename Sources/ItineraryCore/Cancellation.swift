import Synchronization

/// A flag one thread trips to stop a solver running on another (a server
/// dropping a request, say); solvers poll it with their deadline.
///
/// A cancellation may follow another: it is then tripped as well whenever
/// that one is (a part of a run stopped early, or with the whole).
public final class Cancellation: Sendable {
  private let flag = Atomic(false)
  private let parent: Cancellation?

  /// A cancellation of its own, also tripped whenever `parent` is.
  public init(following parent: Cancellation? = nil) { self.parent = parent }

  /// Asks every solver holding this token to stop soon.
  public func cancel() { flag.store(true, ordering: .relaxed) }

  public var isCancelled: Bool {
    flag.load(ordering: .relaxed) || parent?.isCancelled == true
  }
}
