import Foundation
import ItineraryCore
import ItinerarySolver

/// When no plan fits a request's time, the first later start from which the
/// same plan would: a person told "nothing fits tonight" wants to know when
/// it would.
enum LaterStart {
  /// Starts tried: every half hour, for a week.
  static let step: TimeInterval = 30 * 60
  static let tries = 7 * 48

  /// The most a suggested start's best plan waits in all, in minutes: a
  /// person sent out at 05:30 to wait at three doors would rather start at
  /// 08:00 and wait at none.
  static let easyWait = 15.0
  /// How many times a start is moved later by its plan's waiting.
  static let easyTries = 3

  /// The first start on the half hour after `problem`'s from which some plan
  /// fits, then, while its best plan waits more than `easyWait` minutes in
  /// all, that start moved later by the waiting (on the half hour, at most
  /// `easyTries` times, kept when the plan there waits less), with the
  /// frame's length kept when `keepsLength` (the request gave an end) or
  /// else the default end of that start; `nil` when none fits within a week.
  ///
  /// - Complexity: up to `tries + easyTries` feasibility checks, O(n * m)
  ///   each, and a solve of the best plan where the checks pass.
  static func find(_ problem: Problem, keepsLength: Bool) -> Date? {
    guard let frame = problem.time else { return nil }
    let all = problem.eligiblePlaces()
    let length = frame.end.timeIntervalSince(frame.start)
    /// The best plan's waiting from `start`, or `nil` when no plan fits.
    func waiting(from start: Date) -> Double? {
      var moved = problem
      moved.time?.start = start
      moved.time?.end =
        keepsLength ? start + length : TimeStep.defaultEnd(after: start, in: frame.timeZone)
      guard let timing = Timing(moved),
        timing.impossibleReason(timing.eligiblePlaces(among: all), among: all) == nil,
        let solution = try? Planner.solve(
          moved, .top(1), options: SolveOptions(timeLimit: .seconds(1))),
        let best = solution.plans.first
      else { return nil }
      return timing.timeline(of: best.plan.stops).totalWait
    }
    var start = Date(
      timeIntervalSince1970: (frame.start.timeIntervalSince1970 / step).rounded(.down) * step)
    for _ in 0..<tries {
      start += step
      guard var wait = waiting(from: start) else { continue }
      for _ in 0..<easyTries where wait > easyWait {
        let later = start + (wait * 60 / step).rounded(.up) * step
        guard let less = waiting(from: later), less < wait else { break }
        (start, wait) = (later, less)
      }
      return start
    }
    return nil
  }

  /// `; the same plan works from Su 10:00: --start "2026-12-06 10:00"`, or
  /// an empty string when no later start works within a week.
  static func hint(_ problem: Problem, keepsLength: Bool) -> String {
    guard let frame = problem.time, let start = find(problem, keepsLength: keepsLength) else {
      return ""
    }
    let local = LocalDateTime(start, in: frame.timeZone)
    let clock = String(local.description.suffix(5))
    let day =
      local.date == LocalDateTime(frame.start, in: frame.timeZone).date
      ? "" : "\(LocalDate.weekdayNames[local.date.weekday]) "
    return "; the same plan works from \(day)\(clock): --start \"\(local.date) \(clock)\""
  }
}
