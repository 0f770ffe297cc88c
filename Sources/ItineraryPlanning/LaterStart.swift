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

  /// The most a suggested start's best plan waits in all, in minutes, when
  /// some start within `easyWindow` of the first that fits allows it: a
  /// person sent out at 05:30 to wait at three doors would rather start at
  /// 11:00 and wait at none.
  static let easyWait = 15.0
  static let easyWindow = 24

  /// The first start on the half hour after `problem`'s from which some plan
  /// fits and waits at most `easyWait` minutes, among the `easyWindow`
  /// starts from the first from which one fits at all (else that first),
  /// with the frame's length kept when `keepsLength` (the request gave an
  /// end) or else the default end of that start; `nil` when none fits
  /// within a week.
  ///
  /// - Complexity: up to `tries + easyWindow` feasibility checks, O(n * m)
  ///   each, and a solve of the best plan where the checks pass.
  static func find(_ problem: Problem, keepsLength: Bool) -> Date? {
    guard let frame = problem.time else { return nil }
    let all = problem.eligiblePlaces()
    let length = frame.end.timeIntervalSince(frame.start)
    var start = Date(
      timeIntervalSince1970: (frame.start.timeIntervalSince1970 / step).rounded(.down) * step)
    var first: (start: Date, tried: Int)?
    for tried in 0..<tries {
      if let first, tried - first.tried >= easyWindow { break }
      start += step
      var moved = problem
      moved.time?.start = start
      moved.time?.end =
        keepsLength ? start + length : TimeStep.defaultEnd(after: start, in: frame.timeZone)
      guard let timing = Timing(moved),
        timing.impossibleReason(timing.eligiblePlaces(among: all), among: all) == nil,
        let solution = try? Planner.solve(
          moved, .top(1), options: SolveOptions(timeLimit: .seconds(1))),
        let best = solution.plans.first
      else { continue }
      if timing.timeline(of: best.plan.stops).totalWait <= easyWait { return start }
      if first == nil { first = (start, tried) }
    }
    return first?.start
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
