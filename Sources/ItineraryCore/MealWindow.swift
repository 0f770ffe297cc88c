import Foundation

/// When a meal may begin on a day of a trip: lunch from 11:30 to 14:00 and
/// dinner from 17:30 to 20:30, local time, in minutes from the day's start.
public struct MealWindow: Sendable, Equatable {
  /// The earliest and the latest begin of the meal.
  public let begin: Double
  public let end: Double
  /// Whether the day's frame holds the whole window: only then does the day
  /// owe the person that meal.
  public let isCovered: Bool

  /// Lunch and dinner, as minutes of the local day.
  public static let times: [(begin: Int, end: Int)] = [(690, 840), (1050, 1230)]
  /// The most meal windows one day of a trip keeps (a label holds one bit each).
  public static let maximumPerDay = 8

  /// The meal windows that meet the span from `start` to `end` in `zone`,
  /// clipped to it, in order of time (at most `maximumPerDay`).
  ///
  /// - Complexity: O(days the span meets).
  public static func windows(from start: Date, to end: Date, in zone: TimeZone) -> [MealWindow] {
    let horizon = end.timeIntervalSince(start) / 60
    let first = LocalDateTime(start, in: zone).date
    let last = LocalDateTime(end, in: zone).date
    var windows: [MealWindow] = []
    var date = first
    while date <= last, windows.count < maximumPerDay {
      for time in times {
        guard
          let opens = try? LocalDateTime(date: date, minuteOfDay: time.begin).instant(in: zone),
          let closes = try? LocalDateTime(date: date, minuteOfDay: time.end).instant(in: zone)
        else { continue }
        let begin = opens.timeIntervalSince(start) / 60
        let end = closes.timeIntervalSince(start) / 60
        guard end >= 0, begin <= horizon, windows.count < maximumPerDay else { continue }
        windows.append(
          MealWindow(
            begin: max(begin, 0), end: min(end, horizon), isCovered: begin >= 0 && end <= horizon))
      }
      date = date.adding(days: 1)
    }
    return windows
  }
}
