import Foundation
import ItineraryCore
import ItinerarySolver

/// The days of a trip request and the solver run that chooses its places.
enum TripStep {
  /// The request's days: `day` one by one, or `days` consecutive dates
  /// (default 1) at the clock times of `frame`'s start and end, each with
  /// the stops its length allows at the request's pace (default normal).
  ///
  /// - Throws: `.data` for a day that does not exist, ends before it
  ///   starts, or starts before the day before it ends.
  static func days(of request: PlanRequest, frame: TimeFrame) throws(ItineraryError)
    -> [Exploration.Day]
  {
    let zone = frame.timeZone
    var days: [Exploration.Day] = []
    if let list = request.day {
      for (index, given) in list.enumerated() {
        do throws(ItineraryError) {
          let start = try LocalDateTime(parsing: given.start)
          let end = try LocalDateTime(parsing: given.end, on: start.date)
          days.append(
            Exploration.Day(start: try start.instant(in: zone), end: try end.instant(in: zone)))
        } catch {
          throw ItineraryError(error.kind, "day \(index + 1): \(error.message)")
        }
      }
    } else {
      let start = LocalDateTime(frame.start, in: zone)
      let end = LocalDateTime(frame.end, in: zone)
      for offset in 0..<(request.days ?? 1) {
        func moved(_ time: LocalDateTime) throws(ItineraryError) -> Date {
          try LocalDateTime(date: time.date.adding(days: offset), minuteOfDay: time.minuteOfDay)
            .instant(in: zone)
        }
        do throws(ItineraryError) {
          days.append(Exploration.Day(start: try moved(start), end: try moved(end)))
        } catch {
          throw ItineraryError(error.kind, "day \(offset + 1): \(error.message)")
        }
      }
    }
    let pace = request.pace ?? .normal
    for index in days.indices {
      days[index].maxStops = pace.maxStops(
        hours: days[index].end.timeIntervalSince(days[index].start) / 3600)
    }
    let trip = Exploration(days: days, maxPerCategory: request.maxPerCategory)
    try trip.validate()
    return days
  }

  /// How a request's trip is shaped: a person's day (`Shaping.personal`),
  /// with meals only when `meals` is not false and some day covers a meal
  /// window whole, and variety only when the person asked for more than one
  /// category (`asked`): a day of cafés is what `explore cafe` asks for.
  static func shaping(
    of request: PlanRequest, asked: Int, days: [Exploration.Day], zone: TimeZone
  ) -> Exploration.Shaping {
    var shaping = Exploration.Shaping.personal
    shaping.variety = asked > 1
    let owed = days.contains { day in
      MealWindow.windows(from: day.start, to: day.end, in: zone).contains(where: \.isCovered)
    }
    if request.meals == false || !owed { shaping.mealCategories = [] }
    return shaping
  }
}
