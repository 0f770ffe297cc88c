import Foundation
import ItineraryCore
import ItinerarySolver

/// Turns a solved problem into a response: every stop with its place, leg
/// distance and leg time, and with a time frame its timeline; every plan
/// with its totals. A plan that does not fit in time is never shown.
struct ResponseBuilder {
  let problem: Problem
  let mode: TravelMode
  /// Speed for leg times when the problem has no road durations, in km/h.
  let speedKmh: Double

  /// How the problem's legs were measured.
  var distances: Distances {
    problem.roads.map { Distances(rawValue: $0.source) ?? .osrm } ?? .straight
  }

  /// The response to a planning problem's answer: its plans, or its trip's
  /// days (the benchmark files have `BenchmarkResponse`).
  ///
  /// - Complexity: O(k) for k stops, after the hours of the places visited.
  func response(
    to request: RequestEcho, answer: SolverAnswer, millis: Double,
    verification: PlanResponse.VerifyReport?, provider: ProviderReport?
  ) -> PlanResponse {
    var response: PlanResponse
    switch answer {
    case .trip(let trip):
      response = self.response(to: request, trip: trip, millis: millis, provider: provider)
    case .plans(let solution):
      response = self.response(to: request, solution: solution, millis: millis, provider: provider)
    case .tour, .orienteering:
      preconditionFailure("a benchmark file's answer is a BenchmarkResponse")
    }
    response.verify = verification
    return response
  }

  private func response(
    to request: RequestEcho, solution: Solution, millis: Double, provider: ProviderReport?
  ) -> PlanResponse {
    let timing = Timing(problem)
    let feasible = solution.plans.filter { timing?.timeline(of: $0.plan.stops).isFeasible != false }
    return PlanResponse(
      request: request, origin: problem.origin,
      categories: problem.categories.map { PinnedLayer.label($0, in: problem) },
      anyOrder: problem.order == .any, roundTrip: problem.roundTrip,
      distanceWeight: problem.distanceWeight, mode: mode, speedKmh: speedKmh,
      distances: distances,
      time: problem.time.map(Self.timeReport), provider: provider,
      plans: feasible.enumerated().map { plan($0.element, rank: $0.offset + 1, timing: timing) },
      days: nil, objective: nil, maxPerCategory: nil, reason: solution.reason,
      solver: PlanResponse.SolverReport(
        name: solution.solver.rawValue, millis: millis, optimal: solution.optimal,
        complete: solution.complete, work: solution.work),
      verify: nil)
  }

  /// The response of a trip: each day's route with its timeline.
  private func response(
    to request: RequestEcho, trip: TripSolver.Result, millis: Double,
    provider: ProviderReport?
  ) -> PlanResponse {
    var days: [PlanResponse.Day] = []
    for (index, stops) in trip.days.enumerated() {
      let day = problem.day(index)
      let builder = ResponseBuilder(problem: day, mode: mode, speedKmh: speedKmh)
      let timing = Timing(day)
      let (route, timeline) = Self.ending(stops, trip.timelines[index], in: problem)
      let objective = trip.dayObjectives[index]
      let plan = builder.plan(
        Solution.Ranked(plan: route, objective: objective), rank: index + 1, timing: timing,
        timeline: timeline)
      let span = problem.exploration?.days[index]
      let local = { (date: Date?) in
        date.map { LocalDateTime.format($0, in: day.time?.timeZone ?? .current) } ?? ""
      }
      days.append(
        PlanResponse.Day(
          start: local(span?.start), end: local(span?.end),
          stops: plan.stops, finish: plan.finish ?? "", distanceKm: plan.distanceKm,
          durationMinutes: plan.durationMinutes, returnKm: plan.returnKm ?? 0,
          returnMinutes: plan.returnMinutes ?? 0, waitMinutes: plan.waitMinutes ?? 0,
          objective: objective))
    }
    return PlanResponse(
      request: request, origin: problem.origin,
      categories: problem.categories.map { PinnedLayer.label($0, in: problem) },
      anyOrder: true, roundTrip: problem.exploration?.end == nil,
      distanceWeight: problem.distanceWeight, mode: mode,
      speedKmh: speedKmh, distances: distances, time: problem.time.map(Self.timeReport),
      provider: provider, plans: [], days: days, objective: trip.objective,
      maxPerCategory: problem.exploration?.maxPerCategory,
      reason: trip.days.allSatisfy(\.isEmpty) ? "no place can be visited in time" : nil,
      solver: PlanResponse.SolverReport(
        name: SolverID.tripLabelling.rawValue, millis: millis, optimal: trip.optimal,
        complete: trip.complete, work: trip.work),
      verify: nil, shaping: Self.shaping(problem.exploration?.shaping, trip))
  }

  /// A day's route and timeline, with the place the days end at as a last
  /// stop, reached when the day is over, as a plan shows its end point (a
  /// day without stops goes nowhere).
  private static func ending(_ stops: [Plan.Stop], _ timeline: Timeline, in problem: Problem)
    -> (Plan, Timeline)
  {
    guard let end = problem.exploration?.end, !stops.isEmpty,
      let category = problem.categories.firstIndex(of: PinnedLayer.finish)
    else { return (Plan(stops: stops), timeline) }
    var ended = timeline
    ended.visits.append(
      Timeline.Visit(arrive: timeline.finish, begin: timeline.finish, leave: timeline.finish))
    return (Plan(stops: stops + [Plan.Stop(category: category, place: end)]), ended)
  }

  /// The shaping of a trip planned as a person's day, or `nil` for a plain one.
  private static func shaping(_ shaping: Exploration.Shaping?, _ trip: TripSolver.Result)
    -> PlanResponse.Shaping?
  {
    guard let shaping, shaping != Exploration.Shaping() else { return nil }
    return PlanResponse.Shaping(
      worthByTime: shaping.worthByTime, meals: trip.meals, mealBonus: trip.mealBonus,
      varietyPenalty: trip.varietyPenalty)
  }

  private static func timeReport(_ frame: TimeFrame) -> PlanResponse.TimeReport {
    PlanResponse.TimeReport(
      start: LocalDateTime.format(frame.start, in: frame.timeZone),
      end: LocalDateTime.format(frame.end, in: frame.timeZone),
      timeZone: frame.timeZone.identifier, waitWeight: frame.waitWeight,
      unknownHours: frame.unknownHours, maxWaitMinutes: frame.maxWaitMinutes)
  }

  /// Whether a stop is out of doors (its category's, as the vocabulary
  /// says) with no opening hours of its own, so daylight is its hours.
  private func isOutdoorWithoutHours(_ stop: Plan.Stop, _ timing: Timing) -> Bool {
    !timing.hoursKnown(stop.place)
      && CanonicalCategory.outdoorNames.contains(
        PinnedLayer.shown(problem.categories[stop.category], at: problem.places[stop.place]))
  }

  /// Whether any of a visit falls outside the daylight (sunrise to civil
  /// dusk) of the day it begins, at `point`: the start point, where the
  /// solvers reckon daylight, so that a visit they end at dusk is not
  /// called after dark by the seconds dusk differs a kilometre away.
  static func isAfterDark(from begin: Date, to leave: Date, at point: Coordinate, in zone: TimeZone)
    -> Bool
  {
    guard let day = SunTimes.daylight(on: LocalDateTime(begin, in: zone).date, at: point) else {
      return true
    }
    return !(day.start <= begin && leave <= day.end)
  }

  /// - Complexity: O(k) for k stops.
  /// A plan's stops with their legs and, with `timing`, their times: those
  /// of `timeline` when given (a trip's, as its solver lives it), else
  /// `timing`'s.
  private func plan(
    _ ranked: Solution.Ranked, rank: Int, timing: Timing?, timeline given: Timeline? = nil
  ) -> PlanResponse.Plan {
    let kilometres = problem.legsKm(of: ranked.plan)
    let minutes = problem.legsMinutes(of: ranked.plan) ?? kilometres.map { $0 / speedKmh * 60 }
    let timeline = timing == nil ? nil : given ?? timing?.timeline(of: ranked.plan.stops)
    let stops = ranked.plan.stops.enumerated().map { index, stop in
      let place = problem.places[stop.place]
      var result = PlanResponse.Stop(
        id: place.id, name: place.name,
        category: PinnedLayer.shown(problem.categories[stop.category], at: place),
        lat: place.coordinate.lat, lon: place.coordinate.lon, score: Scoring.score(of: place),
        scoreSource: place.scoreSource, kind: place.kind,
        legKm: kilometres[index], legMinutes: minutes[index], address: place.address,
        openingHours: place.openingHours, photoURL: place.photoURL)
      let previous =
        index == 0 ? problem.origin : problem.places[ranked.plan.stops[index - 1].place].coordinate
      result.directions = DirectionsLink.url(from: previous, to: place.coordinate, mode: mode)
      if let timing, let visit = timeline?.visits[index] {
        result.arrive = timing.frame.localTime(atMinute: visit.arrive)
        result.begin = timing.frame.localTime(atMinute: visit.begin)
        result.leave = timing.frame.localTime(atMinute: visit.leave)
        result.waitMinutes = visit.wait
        result.dwellMinutes = timing.dwell(stop)
        result.hoursKnown = timing.hoursKnown(stop.place)
        if isOutdoorWithoutHours(stop, timing),
          Self.isAfterDark(
            from: timing.frame.instant(atMinute: visit.begin),
            to: timing.frame.instant(atMinute: visit.leave), at: problem.origin,
            in: timing.frame.timeZone)
        {
          result.afterDark = true
        }
      }
      return result
    }
    var plan = PlanResponse.Plan(
      rank: rank, objective: ranked.objective, distanceKm: kilometres.reduce(0, +),
      durationMinutes: minutes.reduce(0, +), stops: stops,
      returnKm: problem.roundTrip ? kilometres.last : nil,
      returnMinutes: problem.roundTrip ? minutes.last : nil)
    if let timing, let timeline {
      plan.finish = timing.frame.localTime(atMinute: timeline.finish)
      plan.waitMinutes = timeline.totalWait
    }
    return plan
  }
}
