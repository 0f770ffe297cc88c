import Foundation

/// The UTC offsets of zones, kept per thread as runs of instants with one
/// offset: a plan converts a few dozen instants of its days between local
/// and universal time, and each conversion asks ICU, behind one lock that
/// every thread takes. A run ends at the zone's next transition, as ICU
/// gives it; an instant outside the run asks ICU again.
final class ZoneOffsets {
  /// Seconds `[from, until)` over which a zone's offset is `offset`.
  private struct Run {
    var from: Int
    var until: Int
    var offset: Int
  }

  private var runs: [String: Run] = [:]

  /// The calling thread's offsets.
  static var forThisThread: ZoneOffsets { perThread.value }
  private static let perThread = PerThread { ZoneOffsets() }

  /// Seconds east of UTC in `zone` at `instant` (seconds since 1970 UTC).
  ///
  /// - Complexity: a hash look-up within the run last met; two ICU look-ups
  ///   outside it.
  func offset(in zone: TimeZone, at instant: Int) -> Int {
    let identifier = zone.identifier
    if let run = runs[identifier], run.from <= instant, instant < run.until { return run.offset }
    let date = Date(timeIntervalSince1970: TimeInterval(instant))
    let offset = zone.secondsFromGMT(for: date)
    let until = zone.nextDaylightSavingTimeTransition(after: date).map {
      Int($0.timeIntervalSince1970.rounded(.up))
    }
    // No transition between `instant` and the run's end: the run reaches back.
    if var run = runs[identifier], instant < run.from, (until ?? .max) == run.until,
      offset == run.offset
    {
      run.from = instant
      runs[identifier] = run
    } else {
      runs[identifier] = Run(from: instant, until: until ?? .max, offset: offset)
    }
    return offset
  }
}
