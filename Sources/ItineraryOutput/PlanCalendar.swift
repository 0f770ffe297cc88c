import Foundation
import ItineraryCore
import ItineraryPlanning

/// A plan as an iCalendar file (RFC 5545) for any calendar app: one
/// `VEVENT` per visit, from its `begin` to its `leave`.
///
/// What it holds: a trip's visits on all of its days; for plans, the best
/// plan only, since alternatives happen at the same time and a calendar
/// holds the day that will be lived (`plans export` writes the saved one).
///
/// Times are written in UTC (`DTSTART:20261201T121200Z`) rather than with a
/// `TZID` and a `VTIMEZONE`: every calendar app reads a UTC time as the same
/// instant, while zone definitions are read differently (Google Calendar
/// ignores `VTIMEZONE` and trusts the `TZID` name, Outlook wants its own
/// names and rejects a rule set it does not know), and the app shows the
/// visit in the zone of the device, which is the plan's zone once the person
/// is there. The plan's zone is named in each event's description.
///
/// The file depends on the plan alone, so the same plan gives the same bytes
/// and importing it again updates its events instead of adding copies: each
/// `UID` is a hash of the plan's start, its stops and the stop, and
/// `DTSTAMP` is the plan's start rather than the clock.
public enum PlanCalendar {
  /// The calendar of `response`'s visits.
  ///
  /// - Throws: `.usage` for a timeless response (no start: no visit has a
  ///   time), `.data` for a local time the plan's zone skips.
  /// - Complexity: O(total length of the stops' text).
  public static func render(_ response: PlanResponse) throws(ItineraryError) -> Data {
    guard let time = response.time else { throw timeless }
    guard let zone = TimeZone(identifier: time.timeZone) else {
      throw ItineraryError(.data, "time zone \"\(time.timeZone)\" is not known")
    }
    var routes = PlanVisits(response).routes
    if !PlanVisits.isTrip(response) { routes = Array(routes.prefix(1)) }
    let start = try LocalDateTime(parsing: time.start).instant(in: zone)
    var text = ""
    text += ICalendarText.line("BEGIN", "VCALENDAR")
    text += ICalendarText.line("VERSION", "2.0")
    text += ICalendarText.line("PRODID", "-//itinerary//itinerary planner//EN")
    text += ICalendarText.line("CALSCALE", "GREGORIAN")
    text += ICalendarText.line("METHOD", "PUBLISH")
    for route in routes {
      let plan = time.start + "|" + route.stops.map(\.id).joined(separator: "|")
      for (index, stop) in route.stops.enumerated() {
        text += try event(
          stop, order: index + 1, route: route.label, plan: plan, stamp: start, zone: zone)
      }
    }
    text += ICalendarText.line("END", "VCALENDAR")
    return Data(text.utf8)
  }

  /// A calendar needs times: the error for a plan without them.
  public static let timeless = ItineraryError(
    .usage,
    "ics: the plan has no start time, so it cannot be a calendar (plan it with --start)")

  /// One visit's `VEVENT`.
  private static func event(
    _ stop: PlanResponse.Stop, order: Int, route: String, plan: String, stamp: Date,
    zone: TimeZone
  ) throws(ItineraryError) -> String {
    guard let begin = stop.begin, let leave = stop.leave else { throw timeless }
    let from = try PlanVisits.instant(begin, in: zone, stop: stop)
    let to = try PlanVisits.instant(leave, in: zone, stop: stop)
    var about = [stop.category]
    if let hours = stop.openingHours, stop.hoursKnown != false { about.append("open \(hours)") }
    about.append("\(route), stop \(order), \(begin)–\(leave) \(zone.identifier)")
    var text = ICalendarText.line("BEGIN", "VEVENT")
    text += ICalendarText.line(
      "UID", uid(plan + "|" + route + "|\(order)|" + stop.id + "|" + begin))
    text += ICalendarText.line("DTSTAMP", PlanVisits.basicUTC(stamp))
    text += ICalendarText.line("DTSTART", PlanVisits.basicUTC(from))
    text += ICalendarText.line("DTEND", PlanVisits.basicUTC(to))
    text += ICalendarText.line("SUMMARY", ICalendarText.escaped(stop.name))
    text += ICalendarText.line("LOCATION", ICalendarText.escaped(stop.address ?? stop.name))
    text += ICalendarText.line(
      "GEO", PlanVisits.degrees(stop.lat) + ";" + PlanVisits.degrees(stop.lon))
    text += ICalendarText.line(
      "DESCRIPTION", ICalendarText.escaped(about.joined(separator: "\n")))
    if let directions = stop.directions { text += ICalendarText.line("URL", directions) }
    text += ICalendarText.line("END", "VEVENT")
    return text
  }

  /// A stable, globally unique id: the 64-bit FNV-1a hash of `key` in hex.
  private static func uid(_ key: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + "@itinerary"
  }
}
