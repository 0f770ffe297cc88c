import ItineraryCore

/// Turns a solved problem into a response: every stop with its place, leg
/// distance and leg time, and with a time frame its timeline; every plan
/// with its totals. A plan that does not fit in time is never shown.
struct ResponseBuilder {
  let problem: Problem
  let mode: TravelMode
  /// Speed for leg times when the problem has no road durations, in km/h.
  let speedKmh: Double

  func response(
    to request: RequestEcho, solution: Solution, millis: Double,
    verification: PlanResponse.VerifyReport?, provider: ProviderReport?
  ) -> PlanResponse {
    let timing = Timing(problem)
    let feasible = solution.plans.filter { timing?.timeline(of: $0.plan.stops).isFeasible != false }
    return PlanResponse(
      request: request, origin: problem.origin, categories: problem.categories,
      anyOrder: problem.order == .any, roundTrip: problem.roundTrip,
      distanceWeight: problem.distanceWeight, mode: mode, speedKmh: speedKmh,
      distances: problem.roads == nil ? .straight : .osrm,
      time: problem.time.map(Self.timeReport), provider: provider,
      plans: feasible.enumerated().map { plan($0.element, rank: $0.offset + 1, timing: timing) },
      reason: solution.reason,
      solver: PlanResponse.SolverReport(
        name: solution.solver.rawValue, millis: millis, optimal: solution.optimal,
        complete: solution.complete, work: solution.work),
      verify: verification)
  }

  private static func timeReport(_ frame: TimeFrame) -> PlanResponse.TimeReport {
    PlanResponse.TimeReport(
      start: LocalDateTime.format(frame.start, in: frame.timeZone),
      end: LocalDateTime.format(frame.end, in: frame.timeZone),
      timeZone: frame.timeZone.identifier, waitWeight: frame.waitWeight,
      unknownHours: frame.unknownHours)
  }

  /// - Complexity: O(k) for k stops.
  private func plan(_ ranked: Solution.Ranked, rank: Int, timing: Timing?) -> PlanResponse.Plan {
    let kilometres = problem.legsKm(of: ranked.plan)
    let minutes = problem.legsMinutes(of: ranked.plan) ?? kilometres.map { $0 / speedKmh * 60 }
    let timeline = timing?.timeline(of: ranked.plan.stops)
    let stops = ranked.plan.stops.enumerated().map { index, stop in
      let place = problem.places[stop.place]
      var result = PlanResponse.Stop(
        id: place.id, name: place.name, category: problem.categories[stop.category],
        lat: place.coordinate.lat, lon: place.coordinate.lon, score: Scoring.score(of: place),
        legKm: kilometres[index], legMinutes: minutes[index], address: place.address,
        openingHours: place.openingHours, photoURL: place.photoURL)
      if let timing, let visit = timeline?.visits[index] {
        result.arrive = timing.frame.localTime(atMinute: visit.arrive)
        result.begin = timing.frame.localTime(atMinute: visit.begin)
        result.leave = timing.frame.localTime(atMinute: visit.leave)
        result.waitMinutes = visit.wait
        result.hoursKnown = timing.hoursKnown(stop.place)
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
