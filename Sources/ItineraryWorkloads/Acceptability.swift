import Foundation
import ItineraryCore
import ItineraryPlanning

/// The rules a day a person would follow keeps, counted on answers: common
/// `plan` and `explore` requests on a city at every hour of a week, and for
/// each answer every broken rule. The benchmark harness runs them all; the
/// tests a seeded sample.
package enum Acceptability {
  /// A rule a plan may break.
  package enum Rule: String, CaseIterable, Sendable {
    /// A wait at a closed door longer than 45 minutes.
    case longWait = "wait over 45 min"
    /// A visit ending after the request's end (midnight unless asked).
    case pastEnd = "past the end"
    /// A stop whose own hours say it is closed during the visit.
    case closedDuringVisit = "closed during visit"
    /// In `explore`, an outdoor stop visited outside daylight.
    case outdoorAfterDark = "outdoor after dark"
    /// In `explore`, more stops in a day than 8 for 9 hours allows.
    case overPace = "over the pace"
    /// In `explore`, a day covering lunch (11:30-14:00) or dinner
    /// (17:30-20:30) with no restaurant visit beginning then.
    case missedMeal = "missed meal"
    /// In `explore`, more than two stops of one category in a day, meals
    /// (a restaurant begun in a meal window) aside.
    case repeatedCategory = "3+ of a category"
    /// A museum visited for under 45 minutes.
    case shortMuseum = "museum under 45 min"
  }

  /// One request of the set.
  package struct Case: Sendable {
    package var name: String
    package var explore: Bool
    package var request: PlanRequest
  }

  /// The requests of the set that start at `start` (`2026-12-07 10:00`):
  /// six plans and four explorations (an afternoon, a day, three days and a
  /// list of categories).
  package static func cases(at start: String, hour: Int) -> [Case] {
    func plan(_ categories: [String]) -> Case {
      var request = PlanRequest(categories: categories)
      request.start = start
      request.top = 3
      return Case(
        name: "plan " + categories.joined(separator: " > "), explore: false, request: request)
    }
    func explore(_ name: String, _ categories: [String], hours: Int, days: Int? = nil) -> Case {
      var request = PlanRequest(categories: categories)
      request.start = start
      if hour + hours < 24 { request.end = String(format: "%02d:00", hour + hours) }
      request.days = days
      return Case(name: "explore " + name, explore: true, request: request)
    }
    return [
      plan(["restaurant", "park", "art"]), plan(["museum", "cafe"]),
      plan(["cafe", "museum", "restaurant"]), plan(["bar"]), plan(["landmark", "restaurant"]),
      plan(["museum"]),
      explore("an afternoon", [], hours: 5), explore("a day", [], hours: 9),
      explore("three days", [], hours: 9, days: 3),
      explore("museum cafe art", ["museum", "cafe", "art"], hours: 5),
    ]
  }

  /// The rules `response` breaks, each as often as it breaks it.
  ///
  /// - Complexity: O(s) opening-hours evaluations for s stops.
  package static func breaks(of response: PlanResponse, explore: Bool) -> [Rule] {
    guard let time = response.time, let zone = TimeZone(identifier: time.timeZone) else {
      return []
    }
    var broken: [Rule] = []
    let routes: [(stops: [PlanResponse.Stop], start: String, end: String)] =
      explore
      ? (response.days ?? []).map { ($0.stops, $0.start, $0.end) }
      : response.plans.map { ($0.stops, time.start, time.end) }
    for route in routes {
      for stop in route.stops {
        broken += rules(broken: stop, end: route.end, zone: zone, explore: explore)
      }
      if explore {
        broken += dayRules(route.stops, start: route.start, end: route.end)
      }
    }
    return broken
  }

  private static func rules(
    broken stop: PlanResponse.Stop, end: String, zone: TimeZone, explore: Bool
  ) -> [Rule] {
    var broken: [Rule] = []
    if (stop.waitMinutes ?? 0) > 45 + 1e-6 { broken.append(.longWait) }
    guard let beginText = stop.begin, let leaveText = stop.leave else { return broken }
    if leaveText > end { broken.append(.pastEnd) }
    if explore && stop.afterDark == true { broken.append(.outdoorAfterDark) }
    guard let begin = try? LocalDateTime(parsing: beginText).instant(in: zone),
      let leave = try? LocalDateTime(parsing: leaveText).instant(in: zone)
    else { return broken }
    let minutes = leave.timeIntervalSince(begin) / 60
    if stop.category == "museum" && minutes < 45 { broken.append(.shortMuseum) }
    if stop.hoursKnown == true, let text = stop.openingHours, let hours = try? OpeningHours(text) {
      // Printed to the minute: half a minute either way.
      let windows = hours.openWindows(
        from: begin.addingTimeInterval(-60), to: leave.addingTimeInterval(60), in: zone)
      let fits = windows.intervals.contains { $0.begin <= 1.5 && minutes + 0.5 <= $0.end }
      if !fits { broken.append(.closedDuringVisit) }
    }
    return broken
  }

  /// Pace, meals and variety of one day of a trip.
  private static func dayRules(_ stops: [PlanResponse.Stop], start: String, end: String)
    -> [Rule]
  {
    guard let from = try? LocalDateTime(parsing: start), let to = try? LocalDateTime(parsing: end)
    else { return [] }
    var broken: [Rule] = []
    let hours = Double(to.minuteOfDay - from.minuteOfDay + (to.date > from.date ? 1440 : 0)) / 60
    if Double(stops.count) > (8 * hours / 9).rounded(.up) { broken.append(.overPace) }
    let meals = [(11 * 60 + 30, 14 * 60), (17 * 60 + 30, 20 * 60 + 30)]
    func isMeal(_ stop: PlanResponse.Stop, _ opens: Int, _ closes: Int) -> Bool {
      guard stop.category == "restaurant", let begin = stop.begin,
        let time = try? LocalDateTime(parsing: begin)
      else { return false }
      return (opens...closes).contains(time.minuteOfDay)
    }
    for (opens, closes) in meals
    where from.minuteOfDay <= opens && (to.date > from.date || to.minuteOfDay >= closes) {
      if !stops.contains(where: { isMeal($0, opens, closes) }) { broken.append(.missedMeal) }
    }
    let others = stops.filter { stop in !meals.contains { isMeal(stop, $0.0, $0.1) } }
    let counts = Dictionary(grouping: others, by: \.category).mapValues(\.count)
    broken += counts.values.filter { $0 > 2 }.map { _ in .repeatedCategory }
    return broken
  }
}
