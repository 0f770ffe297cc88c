/// How a solver may run: how long, with which seed, and a way to stop it.
public struct SolveOptions: Sendable {
  /// How long the solver may run; past it, it returns what it has proven or
  /// found (`Solution.complete` false).
  public var timeLimit: Duration
  /// The seed of every randomized part; the same seed gives the same answer
  /// whenever the time limit does not cut the search short.
  public var seed: UInt64
  /// Stops the solver early when tripped from another thread.
  public var cancellation: Cancellation?
  /// About how many bytes the solver's tables and queues may take; past it,
  /// it returns what it has (`Solution.complete` false) or a heuristic answer.
  public var memoryBudget: Int
  /// How many threads a solver may search on at once (the orienteering
  /// heuristic runs one search on each). 1 unless asked: a caller that
  /// solves many problems at once, like the batch runner and the server,
  /// already keeps every core busy.
  public var threads: Int

  /// The default time limit of every mode.
  public static let defaultTimeLimit = Duration.seconds(10)
  /// Longer limits are taken as this one: far beyond any run, and small
  /// enough that adding it to a clock reading cannot overflow.
  public static let longestTimeLimit = Duration.seconds(1 << 40)
  /// The default memory budget: 512 MB.
  public static let defaultMemoryBudget = 512 << 20

  public init(
    timeLimit: Duration = SolveOptions.defaultTimeLimit, seed: UInt64 = 0,
    cancellation: Cancellation? = nil, memoryBudget: Int = SolveOptions.defaultMemoryBudget,
    threads: Int = 1
  ) {
    self.timeLimit = timeLimit
    self.seed = seed
    self.cancellation = cancellation
    self.memoryBudget = memoryBudget
    self.threads = max(1, threads)
  }

  /// The deadline of a run starting now.
  public func deadline() -> Deadline {
    Deadline(after: timeLimit, cancellation: cancellation)
  }
}

/// When a solver must stop: a point on the continuous clock, or earlier when
/// its cancellation is tripped.
public struct Deadline: Sendable {
  public let instant: ContinuousClock.Instant
  public let cancellation: Cancellation?

  /// The deadline `duration` from now (a negative duration means now).
  public init(after duration: Duration, cancellation: Cancellation? = nil) {
    let bounded = min(max(duration, .zero), SolveOptions.longestTimeLimit)
    instant = ContinuousClock.now + bounded
    self.cancellation = cancellation
  }

  private init(instant: ContinuousClock.Instant, cancellation: Cancellation?) {
    self.instant = instant
    self.cancellation = cancellation
  }

  /// Whether the solver must stop now.
  public var hasPassed: Bool {
    cancellation?.isCancelled == true || ContinuousClock.now >= instant
  }

  /// The time left, zero once passed.
  public var remaining: Duration { max(.zero, instant - ContinuousClock.now) }

  /// The earlier of this deadline and `fraction` of the time left from now
  /// (a part of a run that must leave the rest of its time to another).
  public func fraction(_ fraction: Double) -> Deadline {
    Deadline(instant: ContinuousClock.now + remaining * fraction, cancellation: cancellation)
  }

  /// This deadline, also passed once the returned token is cancelled (a
  /// part of a run another part may stop early).
  public func stoppable() -> (deadline: Deadline, stop: Cancellation) {
    let stop = Cancellation(following: cancellation)
    return (Deadline(instant: instant, cancellation: stop), stop)
  }
}
