import Foundation
import ItineraryCore
import Testing

/// Timelines computed by hand: waiting for an opening, a visit that must fit
/// one interval, opening times adjoining across midnight, deadlines, the way
/// back on a round trip, unknown hours, dwell minutes and the price of waiting.
@Suite struct TimingTests {
  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt
  static let origin = Coordinate(lat: 60.17, lon: 24.94)

  /// A problem with one stop at the origin itself (no travel), starting at
  /// `start` (local time in Helsinki), `dwell` minutes at the stop.
  static func problem(
    hours: String?, start: String, end: String? = nil, dwell: Double,
    unknownHours: UnknownHours = .open, waitWeight: Double = 0
  ) throws -> Problem {
    let place = Place(
      id: "a", name: "A", categories: ["museum"], coordinate: origin, score: 5,
      openingHours: hours)
    let frame = TimeFrame(
      start: try LocalDateTime(parsing: start).instant(in: helsinki), timeZone: helsinki,
      end: try end.map { try LocalDateTime(parsing: $0).instant(in: helsinki) },
      dwellMinutes: ["museum": dwell], unknownHours: unknownHours, waitWeight: waitWeight)
    return Problem(
      origin: origin, categories: ["museum"], places: [place], time: frame)
  }

  static let plan = Plan(places: [0])

  @Test func anEarlyArrivalWaitsForTheOpening() throws {
    let problem = try Self.problem(
      hours: "Mo-Fr 10:00-12:00", start: "2026-12-01T09:00", dwell: 30, waitWeight: 0.1)
    let timeline = try #require(problem.timeline(of: Self.plan))
    #expect(timeline.visits == [Timeline.Visit(arrive: 0, begin: 60, leave: 90)])
    #expect(timeline.totalWait == 60 && timeline.finish == 90 && timeline.isFeasible)
    #expect(abs(problem.objective(of: Self.plan) - (5 - 0.1 * 60)) < 1e-12)
  }

  @Test func aVisitMustFitInOneInterval() throws {
    let problem = try Self.problem(
      hours: "Mo-Fr 10:00-12:00,13:00-17:00", start: "2026-12-01T11:00", dwell: 90)
    let timeline = try #require(problem.timeline(of: Self.plan))
    #expect(timeline.visits.first?.begin == 120)
  }

  @Test func openingTimesAdjoiningAtMidnightAreOneInterval() throws {
    let problem = try Self.problem(
      hours: "Tu 20:00-24:00; We 00:00-02:00", start: "2026-12-01T23:00", dwell: 120)
    let timeline = try #require(problem.timeline(of: Self.plan))
    #expect(timeline.visits == [Timeline.Visit(arrive: 0, begin: 0, leave: 120)])
  }

  @Test func aVisitEndingAfterTheDeadlineDoesNotFit() throws {
    let late = try Self.problem(
      hours: "24/7", start: "2026-12-01T20:00", end: "2026-12-01T21:00", dwell: 61)
    #expect(late.timeline(of: Self.plan)?.isFeasible == false)
    #expect(!late.isFeasible(Self.plan))
    #expect(late.objective(of: Self.plan) == -.infinity)
    let onTime = try Self.problem(
      hours: "24/7", start: "2026-12-01T20:00", end: "2026-12-01T21:00", dwell: 60)
    #expect(onTime.timeline(of: Self.plan)?.isFeasible == true)
  }

  @Test func withoutADeadlineTheHorizonIsADay() throws {
    let problem = try Self.problem(hours: "We 18:00-20:00", start: "2026-12-01T19:00", dwell: 60)
    // Wednesday 18:00 is 23 hours after the start: within the day.
    let begin = try #require(problem.timeline(of: Self.plan)?.visits.first?.begin)
    #expect(abs(begin - 23 * 60) < 1e-9, "\(begin - 1380)")
    let tooLate = try Self.problem(
      hours: "We 20:00-22:00", start: "2026-12-01T19:00", dwell: 60)
    #expect(tooLate.timeline(of: Self.plan)?.isFeasible == false)
  }

  @Test func unknownHoursAreOpenOrLeftOut() throws {
    for hours in [nil, "\"by appointment\"", "Mo-Fr 10:00-"] {
      let open = try Self.problem(hours: hours, start: "2026-12-01T03:00", dwell: 30)
      #expect(open.timeline(of: Self.plan)?.isFeasible == true)
      #expect(Timing(open)?.hoursKnown(0) == false)
      let closed = try Self.problem(
        hours: hours, start: "2026-12-01T03:00", dwell: 30, unknownHours: .closed)
      #expect(closed.timeline(of: Self.plan)?.isFeasible == false)
    }
  }

  @Test func theWayBackCountsOnARoundTrip() throws {
    // A stop 4.8 km away on foot: an hour each way.
    let far = Coordinate(lat: Self.origin.lat + 4.8 / 111.195, lon: Self.origin.lon)
    let hour = GreatCircle.distanceKm(Self.origin, far) / 4.8 * 60
    var problem = try Self.problem(
      hours: nil, start: "2026-12-01T12:00", end: "2026-12-01T14:00", dwell: 0)
    problem.places[0].coordinate = far
    problem.roundTrip = true
    let timeline = try #require(problem.timeline(of: Self.plan))
    #expect(abs(timeline.finish - 2 * hour) < 1e-9)
    #expect(timeline.isFeasible == (2 * hour <= 120))
    problem.places[0].dwellMinutes = 5
    #expect(problem.timeline(of: Self.plan)?.isFeasible == false)
  }

  @Test func dwellComesFromThePlaceThenTheCategoryThenTheDefault() throws {
    let place = Place(id: "a", name: "A", categories: ["x"], coordinate: Self.origin)
    let frame = TimeFrame(
      start: Date(timeIntervalSince1970: 0), timeZone: .gmt,
      dwellMinutes: ["Museum": 90, "*": 20])
    #expect(frame.dwell(at: place, as: "museum") == 90)
    #expect(frame.dwell(at: place, as: "cafe") == 20)
    var own = place
    own.dwellMinutes = 5
    #expect(frame.dwell(at: own, as: "museum") == 5)
    #expect(
      TimeFrame(start: Date(timeIntervalSince1970: 1_796_119_200), timeZone: .gmt).dwell(
        at: place, as: "cafe") == 0)
  }

  @Test func aProblemWithoutTimeIsTimeless() {
    let problem = Problem(
      origin: Self.origin, categories: ["museum"],
      places: [Place(id: "a", name: "A", categories: ["museum"], coordinate: Self.origin, score: 5)]
    )
    #expect(problem.timeline(of: Self.plan) == nil)
    #expect(problem.objective(of: Self.plan) == 5)
  }

  /// Extending a prefix one stop at a time, as the ordered search does,
  /// agrees exactly with walking it whole: the same prefixes fit, with the
  /// same wait and departure.
  @Test(arguments: [UInt64(1), 2, 3])
  func extendingAPrefixAgreesWithItsTimeline(seed: UInt64) throws {
    print("timing prefix seed \(seed)")
    var generator = SplitMix64(seed: seed)
    let hours = [nil, "Mo-Su 10:00-18:00", "Tu-Sa 12:00-14:00,17:00-23:00", "24/7", "Mo off"]
    let places = (0..<8).map { index in
      Place(
        id: "\(index)", name: "P\(index)", categories: ["museum"],
        coordinate: Coordinate(
          lat: 60.17 + Double.random(in: -0.03...0.03, using: &generator),
          lon: 24.94 + Double.random(in: -0.06...0.06, using: &generator)),
        score: 5, openingHours: hours.randomElement(using: &generator) ?? nil)
    }
    for _ in 0..<200 {
      let start = try LocalDateTime(parsing: "2026-12-01T09:00").instant(in: Self.helsinki)
        .addingTimeInterval(Double(Int.random(in: 0..<48, using: &generator)) * 1800)
      let frame = TimeFrame(
        start: start, timeZone: Self.helsinki,
        end: start.addingTimeInterval(Double(Int.random(in: 2...30, using: &generator)) * 3600),
        dwellMinutes: ["museum": Double(Int.random(in: 10...120, using: &generator))],
        unknownHours: Bool.random(using: &generator) ? .open : .closed, waitWeight: 0.02)
      let problem = Problem(
        origin: Self.origin, categories: ["museum"], places: places,
        roundTrip: Bool.random(using: &generator), time: frame)
      let timing = try #require(Timing(problem))
      let stops = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
        Plan.Stop(category: 0, place: Int.random(in: 0..<places.count, using: &generator))
      }
      var progress: Timing.Progress? = .start
      for length in 1...stops.count {
        let isComplete = length == stops.count
        progress = progress.flatMap {
          timing.progress(after: $0, visiting: stops[length - 1], isComplete: isComplete)
        }
        let timeline = timing.timeline(of: Array(stops.prefix(length)), isComplete: isComplete)
        #expect((progress != nil) == timeline.isFeasible)
        if let progress {
          #expect(progress.wait == timeline.totalWait)
          #expect(progress.departure == timeline.visits.last?.leave)
        }
      }
    }
  }

  @Test func badFramesAreRefused() throws {
    let start = Date(timeIntervalSince1970: 0)
    let cases = [
      TimeFrame(start: start, timeZone: .gmt, end: start),
      TimeFrame(start: start, timeZone: .gmt, speedKmh: 0),
      TimeFrame(start: start, timeZone: .gmt, dwellMinutes: ["cafe": -1]),
      TimeFrame(start: start, timeZone: .gmt, waitWeight: -0.5),
    ]
    for frame in cases {
      #expect(throws: ItineraryError.self) { try frame.validate() }
    }
  }
}

/// Outdoor places whose hours are unknown, in a frame that keeps them to
/// daylight: open from sunrise to civil dusk only, and nothing else moved.
@Suite struct DaylightTimingTests {
  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt
  static let origin = Coordinate(lat: 60.17, lon: 24.94)

  static func timing(daylight: Set<String>, unknownHours: UnknownHours = .open) throws -> Timing? {
    let places = [
      Place(id: "p", name: "Park", categories: ["park"], coordinate: origin, score: 1),
      Place(id: "m", name: "Museum", categories: ["museum"], coordinate: origin, score: 1),
      Place(
        id: "g", name: "Garden", categories: ["park"], coordinate: origin, score: 1,
        openingHours: "Mo-Su 08:00-20:00"),
    ]
    var frame = TimeFrame(
      start: try LocalDateTime(parsing: "2026-12-21T06:00").instant(in: helsinki),
      timeZone: helsinki, unknownHours: unknownHours)
    frame.daylightCategories = daylight
    return Timing(
      Problem(origin: origin, categories: ["park", "museum"], places: places, time: frame))
  }

  @Test func anOutdoorPlaceOfUnknownHoursIsOpenByDaylightOnly() throws {
    let timing = try #require(try Self.timing(daylight: ["park"]))
    let park = timing.windows(of: 0).intervals
    // 06:00 start: sunrise near 09:24 (204 minutes), civil dusk near 16:11 (611).
    let first = try #require(park.first)
    #expect(abs(first.begin - 204) <= 3 && abs(first.end - 611) <= 3, "\(park)")
    #expect(park.count == 1, "the next daylight begins after the 24 hours: \(park)")
    #expect(timing.hoursKnown(0) == false)
    // A place of another category, or with hours of its own, is as before.
    #expect(timing.windows(of: 1) == OpenWindows.always(horizon: timing.horizon))
    #expect(timing.windows(of: 2).intervals.first?.begin == 120)
  }

  @Test func withoutTheRuleOrWithUnknownHoursClosedNothingChanges() throws {
    let plain = try #require(try Self.timing(daylight: []))
    #expect(plain.windows(of: 0) == OpenWindows.always(horizon: plain.horizon))
    let closed = try #require(try Self.timing(daylight: ["park"], unknownHours: .closed))
    #expect(closed.windows(of: 0).intervals.isEmpty)
  }
}

/// Places whose hours are unknown, in a frame that presumes their category's
/// usual hours: open then, in local time, and nothing else moved.
@Suite struct UsualHoursTimingTests {
  static func timing(usual: [String: String], unknownHours: UnknownHours = .open) throws
    -> Timing?
  {
    let origin = DaylightTimingTests.origin
    let places = [
      Place(id: "m", name: "Museum", categories: ["museum"], coordinate: origin, score: 1),
      Place(id: "b", name: "Bar", categories: ["bar", "nightlife"], coordinate: origin, score: 1),
      Place(
        id: "k", name: "Kiasma", categories: ["museum"], coordinate: origin, score: 1,
        openingHours: "Mo-Su 09:00-21:00"),
      Place(id: "c", name: "Cafe", categories: ["cafe"], coordinate: origin, score: 1),
    ]
    var frame = TimeFrame(
      start: try LocalDateTime(parsing: "2026-12-21T06:00").instant(
        in: DaylightTimingTests.helsinki),
      timeZone: DaylightTimingTests.helsinki, unknownHours: unknownHours)
    frame.usualHours = usual
    return Timing(
      Problem(
        origin: origin, categories: ["museum", "bar", "cafe"], places: places, time: frame))
  }

  @Test func aPlaceOfUnknownHoursKeepsItsCategorysUsualHours() throws {
    let timing = try #require(
      try Self.timing(usual: ["museum": "10:00-17:00", "bar": "17:00-02:00", "cafe": "nonsense"]))
    // 06:00 start: 10:00 is minute 240, 17:00 minute 660.
    #expect(timing.windows(of: 0).intervals.map(\.begin) == [240])
    #expect(timing.windows(of: 0).intervals.map(\.end) == [660])
    #expect(timing.hoursKnown(0) == false)
    // Past midnight: the bar is open until 02:00, and the horizon ends at 06:00.
    let bar = timing.windows(of: 1).intervals
    #expect(bar.map(\.begin) == [660] && bar.map(\.end) == [1200], "\(bar)")
    // Own hours win; usual hours that say nothing definite leave it unknown.
    #expect(timing.windows(of: 2).intervals.map(\.begin) == [180])
    #expect(timing.windows(of: 3) == OpenWindows.always(horizon: timing.horizon))
  }

  @Test func withoutTheRuleOrWithUnknownHoursClosedNothingChanges() throws {
    let plain = try #require(try Self.timing(usual: [:]))
    #expect(plain.windows(of: 0) == OpenWindows.always(horizon: plain.horizon))
    let closed = try #require(
      try Self.timing(usual: ["museum": "10:00-17:00"], unknownHours: .closed))
    #expect(closed.windows(of: 0).intervals.isEmpty)
  }
}
