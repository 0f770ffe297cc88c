import Foundation
import ItineraryCore
import ItineraryPlanning

/// The routes of a response that a calendar or a GPS track carries: a
/// trip's days, else its plans, each with a label and its way back.
struct PlanVisits {
  /// One route: a plan or a trip's day.
  struct Route {
    /// `plan 1`, `day 2`.
    var label: String
    var stops: [PlanResponse.Stop]
    /// Whether the route ends back at the start.
    var returns: Bool
    /// The way back's path along the streets, with network distances.
    var returnPath: [[Double]]?

    /// The route's points from `origin`: see `PlanVisits.line`.
    func points(from origin: Coordinate) -> [Coordinate] {
      PlanVisits.line(from: origin, stops, back: returns, returnPath: returnPath)
    }
  }

  var routes: [Route]

  /// The days of a trip, or every plan (best first).
  init(_ response: PlanResponse) {
    if let days = response.days, !days.isEmpty {
      routes = days.enumerated().map { index, day in
        Route(
          label: "day \(index + 1)", stops: day.stops, returns: true, returnPath: day.returnPath)
      }
    } else {
      routes = response.plans.map { plan in
        Route(
          label: "plan \(plan.rank)", stops: plan.stops, returns: response.roundTrip,
          returnPath: plan.returnPath)
      }
    }
  }

  /// A route's points: along each leg's path where it has one, else
  /// straight from stop to stop.
  static func line(
    from origin: Coordinate, _ stops: [PlanResponse.Stop], back: Bool, returnPath: [[Double]]?
  ) -> [Coordinate] {
    var line = [origin]
    func follow(_ path: [[Double]]?, to end: Coordinate) {
      for pair in path ?? [] where pair.count == 2 {
        let point = Coordinate(lat: pair[1], lon: pair[0])
        if point != line.last { line.append(point) }
      }
      if end != line.last { line.append(end) }
    }
    for stop in stops { follow(stop.legPath, to: stop.coordinate) }
    if back && !stops.isEmpty { follow(returnPath, to: origin) }
    return line
  }

  /// Whether the response is a trip of days.
  static func isTrip(_ response: PlanResponse) -> Bool { !(response.days ?? []).isEmpty }

  /// The instant a stop's local time (`2026-12-01T14:12`) happens in `zone`.
  static func instant(_ local: String, in zone: TimeZone, stop: PlanResponse.Stop)
    throws(ItineraryError) -> Date
  {
    do throws(ItineraryError) {
      return try LocalDateTime(parsing: local).instant(in: zone)
    } catch {
      throw ItineraryError(.data, "stop \"\(stop.id)\": \(error.message)")
    }
  }

  /// An instant in UTC, the basic form RFC 5545 writes: `20261201T121200Z`.
  static func basicUTC(_ instant: Date) -> String {
    let text = LocalDateTime(instant, in: utc).description
    return text.filter { $0 != "-" && $0 != ":" } + "00Z"
  }

  /// An instant in UTC as xsd:dateTime, as GPX writes it: `2026-12-01T12:12:00Z`.
  static func extendedUTC(_ instant: Date) -> String {
    LocalDateTime(instant, in: utc).description + ":00Z"
  }

  /// Degrees with seven decimals (about a centimetre) and no exponent, so
  /// that any reader of decimals takes them.
  static func degrees(_ value: Double) -> String {
    String(format: "%.7f", locale: nil, value)
  }

  private static let utc = TimeZone(identifier: "UTC") ?? TimeZone.current
}
