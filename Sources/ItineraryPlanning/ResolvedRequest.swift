import ItineraryCore

/// The values of a plan or trip request that the pipeline's steps read,
/// each with its documented default applied here, once: how the person
/// moves, how far candidates may lie, the price of distance, and the
/// solver's options.
struct ResolvedRequest {
  let mode: TravelMode
  let speedKmh: Double
  let radiusKm: Double
  let distanceWeight: Double
  let options: SolveOptions

  /// - Parameter timeLimit: the kind's default time limit (plans and trips differ).
  init(_ request: PlanRequest, timeLimit: Double, cancellation: Cancellation?) {
    mode = request.mode ?? .walk
    speedKmh = request.speed ?? mode.defaultSpeedKmh
    radiusKm = request.radius ?? Defaults.radiusKm(mode)
    distanceWeight = request.distanceWeight ?? mode.defaultDistanceWeight
    options = SolveOptions(
      timeLimit: request.timeLimit, orElse: timeLimit, seed: request.seed,
      memoryLimit: request.memoryLimit, cancellation: cancellation)
  }
}
