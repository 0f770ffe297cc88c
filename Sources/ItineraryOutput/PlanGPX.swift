import Foundation
import ItineraryCore
import ItineraryPlanning

/// Plans as a GPX 1.1 file for GPS apps and devices: a waypoint per stop
/// (with the time its visit begins, when the plan has times) and a track of
/// the legs from the start through the stops, and back on a round trip.
///
/// A trip is one track with a segment per day (one journey, broken each
/// night); alternative plans are one track each, since a person walks one
/// of them, not all in a row. Waypoints come in the order of the tracks.
/// The track joins the stops in straight lines, as the GeoJSON of a plan
/// with straight distances does.
public enum PlanGPX {
  /// - Throws: `.data` for a local time the plan's zone skips.
  /// - Complexity: O(total length of the stops' text).
  public static func render(_ response: PlanResponse) throws(ItineraryError) -> Data {
    let zone = response.time.flatMap { TimeZone(identifier: $0.timeZone) }
    let routes = PlanVisits(response).routes
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text +=
      "<gpx version=\"1.1\" creator=\"itinerary\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
    text += "  <metadata>\n"
    text += "    <name>\(XMLText.escaped(response.categories.joined(separator: " > ")))</name>\n"
    text += "    <desc>\(XMLText.escaped(description(response)))</desc>\n"
    text += "  </metadata>\n"
    for route in routes {
      for (index, stop) in route.stops.enumerated() {
        text += try waypoint(stop, order: index + 1, route: route.label, zone: zone)
      }
    }
    if PlanVisits.isTrip(response) {
      text += "  <trk>\n    <name>trip</name>\n"
      for route in routes { text += segment(route, origin: response.origin) }
      text += "  </trk>\n"
    } else {
      for route in routes {
        text += "  <trk>\n    <name>\(XMLText.escaped(route.label))</name>\n"
        text += segment(route, origin: response.origin)
        text += "  </trk>\n"
      }
    }
    text += "</gpx>\n"
    return Data(text.utf8)
  }

  /// `plans from 60.1699, 24.9384 (walk), starting 2026-12-01T10:00 Europe/Helsinki`.
  private static func description(_ response: PlanResponse) -> String {
    var words =
      "\(PlanVisits.isTrip(response) ? "trip" : "plans") from "
      + "\(PlanVisits.degrees(response.origin.lat)), \(PlanVisits.degrees(response.origin.lon))"
      + " (\(response.mode.rawValue))"
    if let time = response.time { words += ", starting \(time.start) \(time.timeZone)" }
    return words
  }

  private static func waypoint(
    _ stop: PlanResponse.Stop, order: Int, route: String, zone: TimeZone?
  ) throws(ItineraryError) -> String {
    var text =
      "  <wpt lat=\"\(PlanVisits.degrees(stop.lat))\" lon=\"\(PlanVisits.degrees(stop.lon))\">\n"
    if let zone, let begin = stop.begin {
      let instant = try PlanVisits.instant(begin, in: zone, stop: stop)
      text += "    <time>\(PlanVisits.extendedUTC(instant))</time>\n"
    }
    var about = ["\(route), stop \(order): \(stop.category)"]
    if let address = stop.address { about.append(address) }
    if let begin = stop.begin, let leave = stop.leave { about.append("visit \(begin)–\(leave)") }
    if let hours = stop.openingHours, stop.hoursKnown != false { about.append("open \(hours)") }
    text += "    <name>\(XMLText.escaped(stop.name))</name>\n"
    text += "    <desc>\(XMLText.escaped(about.joined(separator: "; ")))</desc>\n"
    if let directions = stop.directions {
      text += "    <link href=\"\(XMLText.escaped(directions))\"><text>directions</text></link>\n"
    }
    text += "    <type>\(XMLText.escaped(stop.category))</type>\n"
    text += "  </wpt>\n"
    return text
  }

  /// A route's segment: the start, each stop, and the start again when it
  /// returns; along the streets with network distances.
  private static func segment(_ route: PlanVisits.Route, origin: Coordinate) -> String {
    let lines = route.points(from: origin).map {
      "      <trkpt lat=\"\(PlanVisits.degrees($0.lat))\" lon=\"\(PlanVisits.degrees($0.lon))\"/>\n"
    }
    return "    <trkseg>\n" + lines.joined() + "    </trkseg>\n"
  }
}
