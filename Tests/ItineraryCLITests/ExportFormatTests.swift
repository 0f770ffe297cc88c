import Foundation
import ItineraryCore
import ItineraryTestSupport
import Testing

/// `--format ics` and `--format gpx` read back by independent parsers (the
/// Python `icalendar` and `gpxpy` packages, see `ExportPeers`): one event
/// and one waypoint per visit, times equal to the JSON's, names that hold
/// commas, semicolons, line breaks, XML markup and non-ASCII letters kept
/// exactly, long lines folded, and the track through the stops in order.
@Suite(.enabled(if: ExportPeers.canRun, "PyPI is unreachable: icalendar and gpxpy are missing"))
struct ExportFormatTests {
  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

  static let icsReader = """
    import sys, json
    from icalendar import Calendar
    raw = open(sys.argv[1], 'rb').read()
    lines = raw.split(b'\\r\\n')
    calendar = Calendar.from_ical(raw)
    events = []
    for event in calendar.walk('VEVENT'):
        events.append({
            'uid': str(event['UID']), 'summary': str(event['SUMMARY']),
            'location': str(event['LOCATION']), 'description': str(event['DESCRIPTION']),
            'start': event['DTSTART'].dt.timestamp(), 'end': event['DTEND'].dt.timestamp(),
            'stamp': event['DTSTAMP'].dt.timestamp(),
            'geo': [event['GEO'].latitude, event['GEO'].longitude]})
    print(json.dumps({
        'version': str(calendar['VERSION']), 'prodid': str(calendar['PRODID']),
        'events': events, 'longest': max(len(line) for line in lines),
        'bareLineFeed': b'\\n' in raw.replace(b'\\r\\n', b''),
        'folded': sum(1 for line in lines if line.startswith(b' '))}))
    """

  static let gpxReader = """
    import sys, json, gpxpy
    import xml.etree.ElementTree as tree
    root = tree.parse(sys.argv[1]).getroot()
    gpx = gpxpy.parse(open(sys.argv[1], encoding='utf-8'))
    print(json.dumps({
        'root': root.tag, 'version': gpx.version, 'creator': gpx.creator, 'name': gpx.name,
        'waypoints': [{
            'name': point.name, 'desc': point.description, 'type': point.type,
            'lat': point.latitude, 'lon': point.longitude,
            'time': point.time.timestamp() if point.time else None} for point in gpx.waypoints],
        'tracks': [[[[point.latitude, point.longitude] for point in segment.points]
                    for segment in track.segments] for track in gpx.tracks]}))
    """

  /// Names a calendar and a track must keep as they are.
  static let names = [
    "Museum, of; \"Things\" & <Stuff> 'here'",
    "Café Ääkkönen\nsecond line \\ with a backslash",
    "Ravintola " + String(repeating: "Ääää Öööö Åååå ", count: 6) + "ja kahvila, pitkä nimi",
  ]

  /// An instance in time, a round trip through three places named as above.
  static func instance(timed: Bool) throws -> Data {
    var object: [String: Any] = [
      "version": 1, "origin": ["lat": 60.1699, "lon": 24.9384],
      "categories": ["museum", "cafe", "restaurant"], "roundTrip": true,
      "places": [
        [
          "id": "m1", "name": names[0], "categories": ["museum"], "lat": 60.1720, "lon": 24.9366,
          "openingHours": "Mo-Su 09:00-20:00",
        ],
        ["id": "c1", "name": names[1], "categories": ["cafe"], "lat": 60.1710, "lon": 24.9420],
        [
          "id": "r1", "name": names[2], "categories": ["restaurant"], "lat": 60.1680,
          "lon": 24.9450,
        ],
      ],
    ]
    if timed {
      object["start"] = "2026-12-01T10:00"
      object["timeZone"] = "Europe/Helsinki"
      object["dwellMinutes"] = ["*": 45]
    }
    return try JSONSerialization.data(withJSONObject: object)
  }

  /// The stops of the first plan, or of every day, of a JSON answer.
  static func stops(_ run: CommandRun) throws -> [[[String: Any]]] {
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    if let days = json["days"] as? [[String: Any]], !days.isEmpty {
      return days.map { $0["stops"] as? [[String: Any]] ?? [] }
    }
    let plans = try #require(json["plans"] as? [[String: Any]])
    return plans.map { $0["stops"] as? [[String: Any]] ?? [] }
  }

  static func instant(_ local: Any?) throws -> Double {
    try LocalDateTime(parsing: try #require(local as? String)).instant(in: helsinki)
      .timeIntervalSince1970
  }

  /// The timed instance written to `trip.json` in `directory`, and the
  /// stops of its best plan.
  static func timedTrip(in directory: URL) throws -> (file: URL, stops: [[String: Any]]) {
    let file = directory.appending(path: "trip.json")
    try instance(timed: true).write(to: file)
    let json = CommandRun(["solve", file.path, "--format", "json"])
    #expect(json.status == 0, "\(json.stderr)")
    return (file, try #require(try stops(json).first))
  }

  @Test func aCalendarHoldsEveryVisitAtItsTimesWithItsNameIntact() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (file, stops) = try Self.timedTrip(in: directory)
    #expect(stops.count == 3)

    let calendar = directory.appending(path: "trip.ics")
    let written = CommandRun(["solve", file.path, "-o", calendar.path])
    #expect(written.status == 0, "\(written.stderr)")
    let read = try ExportPeers.read(Self.icsReader, calendar)
    #expect(read["version"] as? String == "2.0")
    #expect((read["prodid"] as? String)?.isEmpty == false)
    #expect((read["longest"] as? Int ?? 99) <= 75, "a line is longer than 75 octets")
    #expect((read["folded"] as? Int ?? 0) > 0, "the long name was not folded")
    #expect(read["bareLineFeed"] as? Bool == false, "a line ends without CR")
    let events = try #require(read["events"] as? [[String: Any]])
    #expect(events.count == stops.count)
    for (event, stop) in zip(events, stops) {
      #expect(event["summary"] as? String == stop["name"] as? String)
      #expect(event["location"] as? String == (stop["address"] ?? stop["name"]) as? String)
      #expect(event["start"] as? Double == (try Self.instant(stop["begin"])))
      #expect(event["end"] as? Double == (try Self.instant(stop["leave"])))
      let category = try #require(stop["category"] as? String)
      #expect((event["description"] as? String)?.hasPrefix(category) == true)
      let geo = try #require(event["geo"] as? [Double])
      #expect(abs(geo[0] - (stop["lat"] as? Double ?? 0)) < 1e-6)
      #expect(abs(geo[1] - (stop["lon"] as? Double ?? 0)) < 1e-6)
    }
    #expect(Set(events.compactMap { $0["uid"] as? String }).count == events.count)
    #expect(
      Set(events.map { Self.names.firstIndex(of: $0["summary"] as? String ?? "") }).count == 3)

    // The escapes themselves, as RFC 5545 writes them: a lenient reader
    // would take an unescaped comma too.
    let raw = try String(contentsOf: calendar, encoding: .utf8)
      .replacingOccurrences(of: "\r\n ", with: "")
    #expect(raw.contains("SUMMARY:Museum\\, of\\; \"Things\" & <Stuff> 'here'\r\n"))
    #expect(raw.contains("SUMMARY:Café Ääkkönen\\nsecond line \\\\ with a backslash\r\n"))

    let again = CommandRun(["solve", file.path, "--format", "ics"])
    #expect(again.status == 0)
    #expect(Data(again.stdout.utf8) == (try Data(contentsOf: calendar)), "the same plan changed")
    #expect(again.stdout.hasPrefix("BEGIN:VCALENDAR\r\n"))
  }

  @Test func aTrackHasAWaypointPerStopAndTheLegsInOrder() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (file, stops) = try Self.timedTrip(in: directory)
    let track = directory.appending(path: "trip.gpx")
    #expect(CommandRun(["solve", file.path, "-o", track.path]).status == 0)
    let read = try ExportPeers.read(Self.gpxReader, track)
    #expect(read["root"] as? String == "{http://www.topografix.com/GPX/1/1}gpx")
    #expect(read["version"] as? String == "1.1")
    #expect(read["creator"] as? String == "itinerary")
    let waypoints = try #require(read["waypoints"] as? [[String: Any]])
    #expect(waypoints.count == stops.count)
    for (point, stop) in zip(waypoints, stops) {
      #expect(point["name"] as? String == stop["name"] as? String)
      #expect(point["type"] as? String == stop["category"] as? String)
      #expect(point["time"] as? Double == (try Self.instant(stop["begin"])))
      #expect(abs((point["lat"] as? Double ?? 0) - (stop["lat"] as? Double ?? 1)) < 1e-6)
    }
    let tracks = try #require(read["tracks"] as? [[[[Double]]]])
    #expect(tracks.count == 1)
    let points = try #require(tracks.first?.first)
    let expected =
      [[60.1699, 24.9384]] + stops.map { [$0["lat"] as? Double ?? 0, $0["lon"] as? Double ?? 0] }
      + [[60.1699, 24.9384]]
    #expect(points.count == expected.count)
    for (point, want) in zip(points, expected) {
      #expect(abs(point[0] - want[0]) < 1e-6 && abs(point[1] - want[1]) < 1e-6, "\(point)")
    }
  }

  @Test func aTimelessPlanIsNoCalendarButIsATrack() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "timeless.json")
    try Self.instance(timed: false).write(to: file)
    let calendar = directory.appending(path: "plan.ics")
    let run = CommandRun(["solve", file.path, "-o", calendar.path])
    #expect(run.status == 64)
    #expect(run.errorLine?.contains("no start time") == true, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: calendar.path))
    let track = directory.appending(path: "plan.gpx")
    #expect(CommandRun(["solve", file.path, "-o", track.path]).status == 0)
    let read = try ExportPeers.read(Self.gpxReader, track)
    let waypoints = try #require(read["waypoints"] as? [[String: Any]])
    #expect(waypoints.count == 3)
    #expect(waypoints.allSatisfy { $0["time"] is NSNull })
    #expect(Set(waypoints.compactMap { $0["name"] as? String }) == Set(Self.names))
  }
}

extension ExportFormatTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test func aTripGivesEveryDaysVisits() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let trip = [
        "explore", "--day", "2026-12-01", "10:00", "15:00", "--day", "2026-12-02", "10:00", "15:00",
        "museum", "cafe",
      ]
      let json = CommandRun(trip + ["--format", "json"])
      #expect(json.status == 0, "\(json.stderr)")
      let days = try ExportFormatTests.stops(json)
      #expect(days.count == 2)
      let calendar = directory.appending(path: "trip.ics")
      #expect(CommandRun(trip + ["--format", "ics", "-o", calendar.path]).status == 0)
      let events = try #require(
        try ExportPeers.read(ExportFormatTests.icsReader, calendar)["events"] as? [[String: Any]])
      let visits = days.joined()
      #expect(events.count == visits.count)
      #expect(
        events.map { $0["start"] as? Double }
          == (try visits.map { try ExportFormatTests.instant($0["begin"]) }))
      let track = directory.appending(path: "trip.gpx")
      #expect(CommandRun(trip + ["-o", track.path]).status == 0)
      let read = try ExportPeers.read(ExportFormatTests.gpxReader, track)
      #expect((read["waypoints"] as? [Any])?.count == visits.count)
      let tracks = try #require(read["tracks"] as? [[[[Double]]]])
      #expect(tracks.count == 1)
      let segments = try #require(tracks.first)
      #expect(segments.count == days.count)
      // Each day's segment runs along the streets through every stop of the day.
      for (segment, stops) in zip(segments, days) {
        #expect(segment.count >= stops.count + 2)
        for stop in stops {
          let (lat, lon) = (stop["lat"] as? Double ?? 0, stop["lon"] as? Double ?? 0)
          #expect(segment.contains { abs($0[0] - lat) < 1e-6 && abs($0[1] - lon) < 1e-6 })
        }
      }
    }
  }
}
