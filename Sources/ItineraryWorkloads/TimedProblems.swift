import Foundation
import ItineraryCore

extension RandomProblems {
  /// Opening hours as mapped data writes them: weekday ranges, several ranges
  /// a day, ranges past midnight, month selectors, `PH`, `24/7`, a comment
  /// alone (hours unknown) and missing hours (`nil`).
  package static let openingHoursPool: [String?] = [
    "Tu 10:00-17:00; We-Fr 10:00-20:30; Sa 10:00-18:00; Su 10:00-17:00",
    "Tu, Fr 10:00-18:00; We-Th 10:00-20:00; Sa-Su 10:00-17:00",
    "Jun-Aug: Su-Sa 09:00-24:00; Sep-May: Su-Sa 09:00-18:00",
    "Th 20:00-03:00; Fr-Sa 20:00-04:00",
    "Mo 10:00-24:00; Tu-Th 10:00-01:00; Fr-Sa 10:00-03:00; Su 12:00-23:00",
    "Mo-Th 11:00-20:00, Fr 11:00-21:00; Sa 12:00-21:00; Su 12:00-18:00",
    "Su-Th 15-00; Fr-Sa 15-02",
    "Mo-Su 07:00-10:00,11:30-14:30,17:00-22:00",
    "Mo-Fr 08:00-20:00; Sa,Su 10:00-18:00; PH off",
    "Mo-Sa 12:00-00:00",
    "24/7",
    "Mo-Fr 11:00-14:00",
    "Nov-Mar Mo-Fr 10:00-16:00; Apr-Oct Mo-Su 09:00-21:00",
    "\"by appointment\"",
    nil,
    nil,
  ]

  /// `problem` with a time frame and opening hours drawn from `generator`:
  /// a start on one of a few dates (a Tuesday and a Saturday in December, a
  /// holiday Sunday, a summer Friday, the day the clocks go forward in
  /// Helsinki) at any hour, a deadline half the time, dwell minutes per
  /// category and for some places, unknown hours open or closed, and a price
  /// of waiting half the time.
  package static func timed<G: RandomNumberGenerator>(
    _ problem: Problem, using generator: inout G
  ) -> Problem {
    var problem = problem
    for index in problem.places.indices {
      problem.places[index].openingHours = openingHoursPool.randomElement(using: &generator) ?? nil
      if Double.random(in: 0..<1, using: &generator) < 0.2 {
        problem.places[index].dwellMinutes = Double(Int.random(in: 0...12, using: &generator) * 10)
      }
    }
    let zone = TimeZone(identifier: "Europe/Helsinki") ?? .gmt
    let days = [(12, 1), (12, 5), (12, 6), (7, 10), (3, 29)]
    let (month, day) = days.randomElement(using: &generator) ?? days[0]
    let minute = Int.random(in: 0..<(24 * 12), using: &generator) * 5
    let start = instant(year: 2026, month: month, day: day, minute: minute, in: zone)
    let hours = Double.random(in: 2...12, using: &generator)
    let end = Bool.random(using: &generator) ? start.addingTimeInterval(hours * 3600) : nil
    var dwell: [String: Double] = [:]
    for category in problem.categories where Bool.random(using: &generator) {
      dwell[category] = [0, 15, 30, 45, 75, 90].randomElement(using: &generator)
    }
    if Bool.random(using: &generator) { dwell[TimeFrame.anyCategory] = 30 }
    let holidays =
      Bool.random(using: &generator)
      ? Set([LocalDate(year: 2026, month: 12, day: 6)].compactMap { $0 }) : []
    problem.time = TimeFrame(
      start: start, timeZone: zone, end: end,
      speedKmh: Bool.random(using: &generator) ? 4.8 : 15, dwellMinutes: dwell,
      unknownHours: Bool.random(using: &generator) ? .open : .closed,
      waitWeight: Bool.random(using: &generator)
        ? 0 : Double.random(in: 0...0.3, using: &generator),
      holidays: holidays)
    return problem
  }

  /// `problem` with a cap on every single wait, drawn from `generator`
  /// among a few lengths (0, no wait at all, to two hours).
  package static func capped<G: RandomNumberGenerator>(
    _ problem: Problem, using generator: inout G
  ) -> Problem {
    var problem = problem
    problem.time?.maxWaitMinutes = [0, 10, 30, 45, 120].randomElement(using: &generator)
    return problem
  }

  /// The instant of a wall-clock time in `zone`; a time the clocks skip (the
  /// hour lost in spring) is taken an hour later.
  private static func instant(year: Int, month: Int, day: Int, minute: Int, in zone: TimeZone)
    -> Date
  {
    let date = LocalDate(year: year, month: month, day: day) ?? LocalDate(daysSinceEpoch: 0)
    let local = LocalDateTime(date: date, minuteOfDay: minute)
    let later = LocalDateTime(date: date, minuteOfDay: (minute + 60) % 1440)
    return (try? local.instant(in: zone)) ?? (try? later.instant(in: zone))
      ?? Date(timeIntervalSince1970: 0)
  }
}
