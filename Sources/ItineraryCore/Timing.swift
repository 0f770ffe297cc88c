import Foundation

/// A problem's time frame at work: the open windows of every place, the
/// minutes of every leg and visit, and the timeline of a plan or of a prefix
/// of one, as docs/reference.md defines them.
///
/// A place's hours are measured from the start the first time a plan reaches
/// it, from spans evaluated once per process for the frame's days
/// (`OpenSpansCache`, read through `ThreadOpenSpans`). Hours that are
/// missing, do not parse or say nothing definite are unknown: always open,
/// or never, as the frame says. Not meant to be shared between threads: one
/// per solver run.
public final class Timing {
  public let problem: Problem
  public let frame: TimeFrame
  /// Minutes from the start to the deadline.
  public let horizon: Double
  /// Minutes at a stop of each category, before a place's own override.
  private let categoryDwell: [Double]
  // A timing is used from one thread and never holds two accesses to these
  // at once: no dynamic exclusivity checks on the search's every step.
  /// Each place's hours, as an index into `evaluatedHours`; -1 before its
  /// first use. Plain integers, so a timing is cheap to release.
  @exclusivity(unchecked) private var hoursIndex: [Int32]
  /// The hours of the places evaluated so far; the first, unknown hours,
  /// shared by every place whose hours are missing or unreadable.
  @exclusivity(unchecked) private var evaluatedHours: [Hours]
  /// Whether `evaluatedHours[1]` is daylight, the hours of outdoor places
  /// whose own are unknown.
  private let hasDaylight: Bool
  /// The index in `evaluatedHours` of each usual hours text evaluated so
  /// far (`TimeFrame.usualHours`).
  @exclusivity(unchecked) private var usualIndex: [String: Int32] = [:]
  /// Each place's `GreatCircle.cosLatitude`, NaN before its first use.
  @exclusivity(unchecked) private var cosLatitudes: [Double]
  private lazy var spans = ThreadOpenSpans.table(
    for: OpenSpansCache.Key(
      timeZone: frame.timeZone, holidays: frame.holidays,
      days: OpeningHours.days(from: frame.start, to: frame.end, in: frame.timeZone)))

  /// A place's open windows over the horizon, and whether its hours are known.
  private struct Hours {
    var windows: OpenWindows
    var isKnown: Bool
  }

  /// `nil` when the problem has no time frame.
  ///
  /// - Complexity: O(n + k); hours are evaluated later, on first use.
  public init?(_ problem: Problem) {
    guard let frame = problem.time else { return nil }
    self.problem = problem
    self.frame = frame
    horizon = frame.horizonMinutes
    categoryDwell = problem.categories.map(frame.dwell(forCategory:))
    hoursIndex = Array(repeating: -1, count: problem.places.count)
    cosLatitudes = Array(repeating: .nan, count: problem.places.count)
    let unknown =
      frame.unknownHours == .open
      ? OpenWindows.always(horizon: horizon) : OpenWindows([], horizon: horizon)
    evaluatedHours = [Hours(windows: unknown, isKnown: false)]
    hasDaylight = frame.unknownHours == .open && !frame.daylightCategories.isEmpty
    if hasDaylight {
      evaluatedHours.append(Hours(windows: Self.daylight(problem.origin, frame), isKnown: false))
    }
  }

  /// Daylight over the frame at `origin`: sunrise to civil dusk of every
  /// day the frame touches.
  ///
  /// - Complexity: O(d) for d days.
  private static func daylight(_ origin: Coordinate, _ frame: TimeFrame) -> OpenWindows {
    let first = LocalDateTime(frame.start, in: frame.timeZone).date.adding(days: -1)
    let last = LocalDateTime(frame.end, in: frame.timeZone).date.adding(days: 1)
    var intervals: [OpenWindows.Interval] = []
    var date = first
    while date <= last {
      if let day = SunTimes.daylight(on: date, at: origin) {
        intervals.append(
          OpenWindows.Interval(
            begin: day.start.timeIntervalSince(frame.start) / 60,
            end: day.end.timeIntervalSince(frame.start) / 60))
      }
      date = date.adding(days: 1)
    }
    return OpenWindows(intervals, horizon: frame.horizonMinutes)
  }

  /// When `place` is open during the plan; empty when its hours are unknown
  /// and unknown hours count as closed.
  ///
  /// - Complexity: O(1) after the first call for the place's hours.
  public func windows(of place: Int) -> OpenWindows { self.hours(of: place).windows }

  /// Whether the place's opening hours are known (not missing, readable and
  /// definite).
  public func hoursKnown(_ place: Int) -> Bool { self.hours(of: place).isKnown }

  /// Most places have no hours, and most hours are a place's own: places
  /// share the unknown hours, and nothing else is shared but the spans.
  private func hours(of place: Int) -> Hours {
    if hoursIndex[place] >= 0 { return evaluatedHours[Int(hoursIndex[place])] }
    var index: Int32 = 0
    if let text = problem.places[place].openingHours, !text.isEmpty,
      let spans = spans.spans(of: text)
    {
      index = Int32(evaluatedHours.count)
      evaluatedHours.append(
        Hours(windows: OpenWindows(sorted: spans, from: frame.start, to: frame.end), isKnown: true))
    }
    if index == 0 && hasDaylight
      && problem.places[place].categories.contains(where: frame.daylightCategories.contains)
    {
      index = 1
    } else if index == 0 && frame.unknownHours == .open,
      let text = problem.places[place].categories.lazy.compactMap({ self.frame.usualHours[$0] })
        .first
    {
      index = usualHoursIndex(text)
    }
    hoursIndex[place] = index
    return evaluatedHours[Int(index)]
  }

  /// The index in `evaluatedHours` of usual hours, evaluated on first use;
  /// unknown hours (0) when the text says nothing definite.
  private func usualHoursIndex(_ text: String) -> Int32 {
    if let index = usualIndex[text] { return index }
    var index: Int32 = 0
    if let spans = spans.spans(of: text) {
      index = Int32(evaluatedHours.count)
      evaluatedHours.append(
        Hours(windows: OpenWindows(sorted: spans, from: frame.start, to: frame.end), isKnown: false)
      )
    }
    usualIndex[text] = index
    return index
  }

  /// Minutes spent at the stop.
  public func dwell(_ stop: Plan.Stop) -> Double {
    problem.places[stop.place].dwellMinutes ?? categoryDwell[stop.category]
  }

  /// The minutes of one leg: the road table's duration, else the distance at
  /// the frame's speed; infinite with no road.
  public func travelMinutes(from: Waypoint, to: Waypoint) -> Double {
    if let roads = problem.roads { return roads.minutes(from: from, to: to) ?? .infinity }
    let km = GreatCircle.distanceKm(
      problem.coordinate(of: from), cosLatitude: cosLatitude(of: from),
      problem.coordinate(of: to), cosLatitude: cosLatitude(of: to))
    return km * 60 / frame.speedKmh
  }

  /// The cosine of a waypoint's latitude (`GreatCircle.cosLatitude`), kept
  /// from its first use: the legs of a search meet the same places again
  /// and again.
  private func cosLatitude(of waypoint: Waypoint) -> Double {
    guard case .place(let place) = waypoint else { return cosOrigin }
    let kept = cosLatitudes[place]
    if !kept.isNaN { return kept }
    let cosine = GreatCircle.cosLatitude(problem.places[place].coordinate)
    cosLatitudes[place] = cosine
    return cosine
  }

  /// The timeline of `stops` visited in order from the start. Each visit
  /// begins as early as it fits; with a wait cap, as early as a schedule
  /// keeping every wait within the cap allows, which ends the plan as early
  /// as any such schedule (so with the least waiting in all). With
  /// `isComplete`, a round trip's way back counts in `finish` and must end by
  /// the horizon.
  ///
  /// - Complexity: O(k log m) for k stops and m open intervals a place;
  ///   with a wait cap, O(k * m).
  public func timeline(of stops: [Plan.Stop], isComplete: Bool = true) -> Timeline {
    var progress = Progress.start
    var begins: [[OpenWindows.Interval]] = []
    var visits: [Visit] = []
    for stop in stops {
      guard let (next, visit) = step(progress, stop) else {
        return Timeline(
          visits: scheduled(visits, stops, begins), finish: progress.departure, isFeasible: false)
      }
      visits.append(visit)
      if frame.maxWaitMinutes != nil { begins.append(next.departures.shifted(by: -dwell(stop))) }
      progress = next
    }
    let finish = finish(of: progress, isComplete: isComplete)
    return Timeline(
      visits: scheduled(visits, stops, begins), finish: finish, isFeasible: finish <= horizon)
  }

  /// With a wait cap, the visits of the schedule that ends the last one
  /// earliest, read backwards from it: each visit begins at the least minute
  /// of its possible begins from which the next visit is reached with a wait
  /// within the cap. Without one, `visits` as they are.
  ///
  /// - Parameter begins: each stop's possible begins, from the forward pass.
  /// - Complexity: O(k * m).
  private func scheduled(
    _ visits: [Visit], _ stops: [Plan.Stop], _ begins: [[OpenWindows.Interval]]
  ) -> [Visit] {
    guard let cap = frame.maxWaitMinutes, !visits.isEmpty else { return visits }
    var begin = visits.map(\.begin)
    let dwell = stops.prefix(visits.count).map { self.dwell($0) }
    let travel = visits.indices.map { index in
      travelMinutes(
        from: index == 0 ? .origin : .place(stops[index - 1].place), to: .place(stops[index].place))
    }
    for index in stride(from: visits.count - 2, through: 0, by: -1) {
      // The next visit's arrival must lie within the cap before its begin;
      // a hair of slack keeps the printed wait within the cap after rounding.
      let latest = begin[index + 1] - dwell[index] - travel[index + 1]
      let earliest = latest - cap
      begin[index] =
        begins[index].least(atOrAfter: min(earliest + Self.slack, latest))
        ?? begins[index].least(atOrAfter: earliest) ?? begin[index]
    }
    var result: [Visit] = []
    for index in visits.indices {
      let arrive = (index == 0 ? 0 : result[index - 1].leave) + travel[index]
      // Within rounding of the arrival or of the cap, as the reckoning says.
      let start = min(max(begin[index], arrive), arrive + cap)
      result.append(Visit(arrive: arrive, begin: start, leave: start + dwell[index]))
    }
    return result
  }

  /// The visit of `stop` after `progress` and where the prefix then stands;
  /// `nil` when no opening holds the visit (with a wait cap, none reached
  /// within the cap). Without a cap the visit begins as early as it fits;
  /// with one, it is the visit of the schedule that ends it earliest, and
  /// the progress keeps every minute the prefix may leave the stop.
  private func step(_ progress: Progress, _ stop: Plan.Stop) -> (Progress, Visit)? {
    let travel = travelMinutes(from: progress.last, to: .place(stop.place))
    let arrive = progress.departure + travel
    let dwell = dwell(stop)
    guard arrive.isFinite else { return nil }
    if let cap = frame.maxWaitMinutes {
      let leaving =
        progress.departures.isEmpty
        ? [OpenWindows.Interval(begin: progress.departure, end: progress.departure)]
        : progress.departures
      guard
        let (first, departures) = windows(of: stop.place).departures(
          leaving: leaving, travel: travel, maxWait: cap, dwell: dwell)
      else { return nil }
      let visit = Visit(arrive: arrive, begin: first, leave: first + dwell)
      let next = Progress(
        departure: visit.leave, wait: progress.wait + visit.wait, last: .place(stop.place),
        departures: departures)
      return (next, visit)
    }
    guard let begin = windows(of: stop.place).earliestVisit(arrival: arrive, dwell: dwell)
    else { return nil }
    let visit = Visit(arrive: arrive, begin: begin, leave: begin + dwell)
    let next = Progress(
      departure: visit.leave, wait: progress.wait + visit.wait, last: .place(stop.place))
    return (next, visit)
  }

  /// The minute a prefix is over: when it leaves its last stop, and with
  /// `isComplete` on a round trip, back at the start.
  private func finish(of progress: Progress, isComplete: Bool) -> Double {
    guard isComplete && problem.roundTrip else { return progress.departure }
    return progress.departure + travelMinutes(from: progress.last, to: .origin)
  }

  private typealias Visit = Timeline.Visit

  /// Where a prefix of a plan stands in time, kept so that a search extends
  /// it one stop at a time rather than walking it again.
  public struct Progress: Sendable, Equatable {
    /// The minute it leaves its last stop (with a wait cap, the earliest
    /// such minute of any schedule within the cap).
    public var departure: Double
    /// Its minutes of waiting, summed in visiting order as
    /// `Timeline.totalWait` sums them.
    public var wait: Double
    /// Its last stop, or the start.
    public var last: Waypoint
    /// With a wait cap, every minute it may leave its last stop, sorted;
    /// empty without one (and at the start).
    public var departures: [OpenWindows.Interval] = []

    /// Before the first stop.
    public static let start = Progress(departure: 0, wait: 0, last: .origin)
  }

  /// `prefix` extended by `stop`, or `nil` when the visit does not fit (or,
  /// with `isComplete`, the plan is not over by the horizon). The wait only
  /// grows and the departure only moves later as a prefix is extended.
  ///
  /// - Complexity: O(log m) for m open intervals of the place.
  public func progress(after prefix: Progress, visiting stop: Plan.Stop, isComplete: Bool)
    -> Progress?
  {
    guard let (next, _) = step(prefix, stop), finish(of: next, isComplete: isComplete) <= horizon
    else { return nil }
    return next
  }

  /// Where a prefix of a plan stands in time, with the price of its waiting,
  /// or `nil` when a visit does not fit (or, complete, it is not over by the
  /// horizon).
  ///
  /// - Complexity: that of `timeline(of:isComplete:)`, keeping no visit.
  public func progress(of stops: [Plan.Stop], isComplete: Bool)
    -> (waitCost: Double, progress: Progress)?
  {
    var progress = Progress.start
    for (index, stop) in stops.enumerated() {
      guard
        let next = self.progress(
          after: progress, visiting: stop, isComplete: isComplete && index == stops.count - 1)
      else { return nil }
      progress = next
    }
    return (frame.waitWeight * progress.wait, progress)
  }

  /// The documented objective with time: the timeless objective less
  /// `waitWeight` times the total wait; minus infinity when the plan does not
  /// fit in time.
  public func objective(of plan: Plan) -> Double {
    let timeline = timeline(of: plan.stops)
    guard timeline.isFeasible else { return -.infinity }
    return problem.timelessObjective(of: plan) - frame.waitWeight * timeline.totalWait
  }

  /// For each category, the eligible places that some plan could visit in
  /// time: open long enough for the dwell after the earliest possible arrival
  /// (on the great circle, no sooner than straight from the start) and, on a
  /// round trip, with time to get back. A pruning only: every place it drops
  /// the timelines would refuse anyway.
  ///
  /// - Parameter all: the problem's `eligiblePlaces()`.
  /// - Complexity: O(n) evaluations of hours, shared between equal texts.
  public func eligiblePlaces(among all: [[Int]]) -> [[Int]] {
    all.enumerated().map { category, places in
      places.filter { canEverVisit($0, as: category) }
    }
  }

  /// Why no plan fits in time, when that is plain before any search: some
  /// category has no place left that could be visited, or the shortest
  /// visit of every stop together is longer than the frame. Else `nil`.
  /// Each category without a place says why: every place closed throughout,
  /// open but never long enough for the visit, or out of reach in time.
  ///
  /// - Parameter all: the problem's `eligiblePlaces()`.
  /// - Complexity: O(sum n_i * m) for m open intervals a place.
  public func impossibleReason(_ eligible: [[Int]], among all: [[Int]]) -> String? {
    guard eligible.contains(where: \.isEmpty) else { return overlongReason(eligible) }
    var reasons: [String] = []
    for (category, places) in eligible.enumerated() where places.isEmpty && !all[category].isEmpty {
      reasons.append(whyNone(of: category, among: all[category]))
    }
    guard !reasons.isEmpty else { return nil }
    return "no plan fits \(frame.windowWords): " + reasons.joined(separator: "; ")
  }

  /// Why no place of `category` can be visited in the frame.
  private func whyNone(of category: Int, among places: [Int]) -> String {
    let name = problem.categories[category]
    let open = places.filter { !windows(of: $0).intervals.isEmpty }
    if open.isEmpty && frame.unknownHours == .closed && !places.contains(where: hoursKnown) {
      return "no \(name) has known opening hours, and places with unknown hours are left out"
    }
    if open.isEmpty { return "every \(name) is closed" }
    // The longest opening left once the person could be there.
    var longest = 0.0
    var dwell = Double.infinity
    for place in open {
      let stop = Plan.Stop(category: category, place: place)
      let soonest = max(0, travelMinutes(from: .origin, to: .place(place)))
      dwell = min(dwell, self.dwell(stop))
      for interval in windows(of: place).intervals where interval.end > soonest {
        longest = max(longest, interval.end - max(interval.begin, soonest))
      }
    }
    if longest < dwell {
      return "no \(name) is open for the \(Int(dwell.rounded())) minutes a visit takes "
        + "(the longest opening left is \(Int(longest.rounded(.down))) minutes)"
    }
    return "no \(name) can be reached and visited in time"
  }

  /// Why the visits alone cannot fit in the frame, or `nil`.
  private func overlongReason(_ eligible: [[Int]]) -> String? {
    var shortest = 0.0
    for (category, places) in eligible.enumerated() {
      shortest += places.map { dwell(Plan.Stop(category: category, place: $0)) }.min() ?? 0
    }
    guard shortest > horizon else { return nil }
    let stops = eligible.count == 1 ? "its stop takes" : "its \(eligible.count) stops take"
    return "no plan fits \(frame.windowWords): \(stops) at least "
      + "\(Int(shortest.rounded(.up))) minutes of visits"
  }

  /// Why no plan was found when every category has a place that could be visited.
  public var noPlanReason: String {
    "no plan fits \(frame.windowWords) with every stop open for its visit"
  }

  /// How much sooner than straight from the start a stop may be reached:
  /// rounding in the great-circle distances, never a real shortcut.
  private static let slack = 1e-6

  private lazy var cosOrigin = GreatCircle.cosLatitude(problem.origin)

  private func canEverVisit(_ place: Int, as category: Int) -> Bool {
    let onSphere = problem.roads == nil
    let soonest =
      onSphere ? max(0, travelMinutes(from: .origin, to: .place(place)) - Self.slack) : 0
    let dwell = dwell(Plan.Stop(category: category, place: place))
    guard let begin = windows(of: place).earliestVisit(arrival: soonest, dwell: dwell) else {
      return false
    }
    guard onSphere && problem.roundTrip else { return true }
    return begin + dwell + travelMinutes(from: .place(place), to: .origin) - Self.slack <= horizon
  }
}
