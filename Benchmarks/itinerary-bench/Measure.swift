#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Takes a value so that the optimizer cannot prove the work that made it
/// useless and delete it.
///
/// `@inline(never)` alone is not enough inside one module: whole-module
/// optimization can still see that the body is empty, drop the argument and
/// then the computation behind it. `@_optimize(none)` keeps the body opaque.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// A reading of the clocks a sample is timed with, in seconds.
struct ClockReading {
  /// Monotonic wall time.
  var wall: Double
  /// CPU time of this process (every thread) plus that of its finished children.
  var cpu: Double

  static func now() -> ClockReading {
    var wall = timespec()
    var cpu = timespec()
    clock_gettime(CLOCK_MONOTONIC, &wall)
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
    var children = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_CHILDREN.rawValue, &children)
    #else
      getrusage(RUSAGE_CHILDREN, &children)
    #endif
    return ClockReading(
      wall: seconds(wall),
      cpu: seconds(cpu) + seconds(children.ru_utime) + seconds(children.ru_stime))
  }

  private static func seconds(_ time: timespec) -> Double {
    Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static func seconds(_ time: timeval) -> Double {
    Double(time.tv_sec) + Double(time.tv_usec) / 1e6
  }
}

/// Every sample of one measurement, in seconds per iteration.
struct Timing: Codable, Sendable {
  /// Runs of the body per sample: more than one when a single run is too
  /// short to time well.
  var iterations: Int
  var wall: [Double]
  var cpu: [Double]

  var min: Double { wall.min() ?? .nan }
  var median: Double { Timing.median(of: wall) }
  var max: Double { wall.max() ?? .nan }
  var cpuMedian: Double { Timing.median(of: cpu) }
  /// The least CPU time of the samples: other work on the machine only adds
  /// time, so this is the steadiest figure of the code's own speed.
  var cpuMin: Double { cpu.min() ?? .nan }

  static func median(of values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}

/// The measurement method: one warm-up run, then `samples` timed samples
/// (fewer past the budget), every result handed to `blackHole`.
struct Measure {
  var samples: Int
  /// Whether the first run is a warm-up, left out of the samples. A run of
  /// seconds that is a sample of its own (one seed of a heuristic) does
  /// without: the first run is then the first sample, never batched.
  var warmUp = true
  /// A sample shorter than this repeats the body until it is this long, so
  /// that clock resolution and call overhead stay negligible.
  var minimumSampleSeconds = 0.002
  /// The most runs one sample may batch.
  var maximumIterations = 100_000
  /// The longest all samples together should take, or `nil` for no limit:
  /// when the warm-up shows that `samples` samples would take longer, fewer
  /// are taken, at least one.
  var budgetSeconds: Double?

  /// Times `body` and returns the timing with the first run's result (the
  /// work is deterministic, so its counters are those of every run).
  func run<T>(_ body: () throws -> T) rethrows -> (timing: Timing, result: T) {
    let start = ClockReading.now()
    let result = try body()
    let end = ClockReading.now()
    let first = end.wall - start.wall
    blackHole(result)
    var timing = Timing(iterations: 1, wall: [], cpu: [])
    if !warmUp {
      timing.wall.append(first)
      timing.cpu.append(end.cpu - start.cpu)
    } else if first < minimumSampleSeconds {
      timing.iterations = Swift.min(
        maximumIterations, Int((minimumSampleSeconds / Swift.max(first, 1e-9)).rounded(.up)))
    }
    let iterations = timing.iterations
    var count = samples - timing.wall.count
    if let budgetSeconds {
      let fitting = budgetSeconds / Swift.max(first * Double(iterations), 1e-9)
      count = Swift.max(warmUp ? 1 : 0, Int(Swift.min(Double(count), fitting.rounded(.down))))
    }
    for _ in 0..<count {
      let before = ClockReading.now()
      for _ in 0..<iterations { blackHole(try body()) }
      let after = ClockReading.now()
      timing.wall.append((after.wall - before.wall) / Double(iterations))
      timing.cpu.append((after.cpu - before.cpu) / Double(iterations))
    }
    return (timing, result)
  }
}
