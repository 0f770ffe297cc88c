import ItineraryCore

/// Turns a solved problem into a response: every stop with its place, leg
/// distance and leg time, every plan with its totals.
struct ResponseBuilder {
  let problem: Problem
  let mode: TravelMode
  /// Speed for leg times when the problem has no road durations, in km/h.
  let speedKmh: Double

  func response(
    to request: RequestEcho, solution: Solution, millis: Double,
    verification: PlanResponse.VerifyReport?, provider: ProviderReport?
  ) -> PlanResponse {
    PlanResponse(
      request: request, origin: problem.origin, categories: problem.categories,
      anyOrder: problem.order == .any, roundTrip: problem.roundTrip,
      distanceWeight: problem.distanceWeight, mode: mode, speedKmh: speedKmh,
      distances: problem.roads == nil ? .straight : .osrm, provider: provider,
      plans: solution.plans.enumerated().map { plan($0.element, rank: $0.offset + 1) },
      reason: solution.reason,
      solver: PlanResponse.SolverReport(
        name: solution.solver.rawValue, millis: millis, optimal: solution.optimal,
        complete: solution.complete, work: solution.work),
      verify: verification)
  }

  /// - Complexity: O(k) for k stops.
  private func plan(_ ranked: Solution.Ranked, rank: Int) -> PlanResponse.Plan {
    let kilometres = problem.legsKm(of: ranked.plan)
    let minutes = problem.legsMinutes(of: ranked.plan) ?? kilometres.map { $0 / speedKmh * 60 }
    let stops = ranked.plan.stops.enumerated().map { index, stop in
      let place = problem.places[stop.place]
      return PlanResponse.Stop(
        id: place.id, name: place.name, category: problem.categories[stop.category],
        lat: place.coordinate.lat, lon: place.coordinate.lon, score: Scoring.score(of: place),
        legKm: kilometres[index], legMinutes: minutes[index], address: place.address,
        openingHours: place.openingHours, photoURL: place.photoURL)
    }
    return PlanResponse.Plan(
      rank: rank, objective: ranked.objective, distanceKm: kilometres.reduce(0, +),
      durationMinutes: minutes.reduce(0, +), stops: stops,
      returnKm: problem.roundTrip ? kilometres.last : nil,
      returnMinutes: problem.roundTrip ? minutes.last : nil)
  }
}
