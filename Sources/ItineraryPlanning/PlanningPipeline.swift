import Foundation
import ItineraryCore
import ItineraryPlaces
import ItinerarySolver

/// The one way from a request to a response, for every front end: start
/// point, candidates (the embedded city or a live provider), road distances,
/// the problem, the solver, the GLPK cross-check, and the response.
///
/// It never writes to a terminal: what a person should be told goes to
/// `notify`, and every failure is an `ItineraryError` with its exit code.
public struct PlanningPipeline: Sendable {
  /// API keys and `ITINERARY_*` settings.
  public let environment: [String: String]
  public let notify: @Sendable (Notice) -> Void
  /// Trips the solver from another thread (a server whose client left).
  public let cancellation: Cancellation?
  /// What time it is, for plans that start now; absent: `WallClock`.
  let clock: (@Sendable () -> Date)?
  /// The imported cities of the environment's data directory.
  let cities: ImportedCities

  public init(
    environment: [String: String], cancellation: Cancellation? = nil,
    notify: @escaping @Sendable (Notice) -> Void = { _ in },
    now: (@Sendable () -> Date)? = nil
  ) {
    self.environment = environment
    self.cancellation = cancellation
    self.clock = now
    self.notify = notify
    cities = ImportedCities(environment: environment)
  }

  /// Plans a request: the best plans around its start point.
  ///
  /// - Throws: `.usage` for a bad value, `.data` for an unknown category,
  ///   `.unavailable` when a service fails, `.noPlan` when no plan exists
  ///   (no candidate of a category within reach, or no plan at all).
  /// - Complexity: that of the fetch and of the solver chosen.
  public func plan(_ request: PlanRequest) throws(ItineraryError) -> PlanResponse {
    try request.validate()
    let resolved = ResolvedRequest(
      request, timeLimit: Defaults.timeLimit, cancellation: cancellation)
    let (mode, speedKmh) = (resolved.mode, resolved.speedKmh)
    let (origin, source, services) = try surroundings(of: request)
    let measure = try distances(request, source: source)
    // The city's places, read once and only when a word names a place.
    var city: [Place]??
    func cityPlaces() throws(ItineraryError) -> [Place]? {
      if let city { return city }
      let places = try source.cityPlaces()
      city = places
      return places
    }
    let stops = try StopWords.resolve(request.categories, city: cityPlaces)
    let categories = stops.compactMap { stop -> CanonicalCategory? in
      if case .category(let category) = stop { return category }
      return nil
    }
    let time = try TimeStep.frame(
      for: request, origin: origin, categories: categories, speedKmh: speedKmh, now: try now(),
      notify: notify)
    let candidates = try source.candidates(
      categories, around: origin, radiusKm: resolved.radiusKm, request: request, services: services,
      notify: notify)
    var finish: Place?
    if let endAt = request.endAt {
      let point = try PlacePoint.resolve(endAt, key: "endAt") { () throws(ItineraryError) in
        try cityPlaces() ?? []
      }
      finish = PinnedLayer.finishPlace(at: point.coordinate, name: point.name)
    }
    let shaped = try ShapeStep.layers(
      stops, candidates: candidates,
      avoided: ShapeStep.avoided(request.avoid, in: cityPlaces() ?? candidates.places),
      finish: finish)
    var places = VisitLength.apply(to: shaped.places, dwell: request.dwell)
    if time != nil { warnUnreadableHours(candidates, among: places) }
    let legs = try streetLegs(
      measure, origin: origin, places: places, resolved: resolved, source: source)
    var roads = legs.roads
    if case .osrm = measure {
      places = RoadStep.keepBest(
        places, categories: shaped.categories, limit: RoadStep.maxPoints - 1, notify: notify)
      roads = try RoadStep.table(
        origin: origin, places: places, mode: mode, services: services.get(), notify: notify)
    }
    let problem = Problem(
      origin: origin, categories: shaped.categories, places: places,
      distanceWeight: resolved.distanceWeight,
      roundTrip: request.roundTrip == true || (request.base != nil && request.endAt == nil),
      order: request.anyOrder == true ? .any : .given,
      roads: roads, time: time)
    let count = request.top ?? Defaults.top
    let kind = ProblemKind(problem, request.exact == true ? .top(count) : .diverse(count))
    let run = try SolveStep.run(kind, options: resolved.options)
    if case .plans(let solution) = run.answer, solution.plans.isEmpty {
      let reason = solution.reason ?? "no feasible plan"
      let later = time == nil ? "" : LaterStart.hint(problem, keepsLength: request.end != nil)
      throw ItineraryError(
        .noPlan, (reason.hasPrefix("no plan") ? reason : "no plan: \(reason)") + later)
    }
    var response = try respond(
      kind, run, to: RequestEcho(plan: request), mode: mode, speedKmh: speedKmh,
      verify: request.verify == true, verifyTimeLimit: request.verifyTimeLimit,
      provider: candidates.provider)
    legs.streets?.addPaths(to: &response)
    if request.photos == true {
      StopPhotos(services: services.get(), notify: notify).attach(to: &response)
    }
    return response
  }

  /// How a request's legs are measured: as asked, or by default on the
  /// streets of a city that has them, else on the great circle.
  ///
  /// - Throws: `.usage` for network distances where the source has no streets.
  func distances(_ request: PlanRequest, source: CandidateSource) throws(ItineraryError)
    -> LegMeasure
  {
    switch request.distances {
    case .straight: return .straight
    case .osrm: return .osrm
    case .network:
      guard let network = try source.streets() else {
        throw ItineraryError(
          .usage,
          "--distances network needs a city with streets (the embedded city, or one imported "
            + "with this version); \(source.name) has none: use straight or osrm")
      }
      return .network(network)
    case nil: return try source.streets().map(LegMeasure.network) ?? .straight
    }
  }

  /// What time it is, for plans that start now.
  func now() throws(ItineraryError) -> Date {
    if let clock { return clock() }
    return try WallClock.now(environment)
  }

  /// Where a request starts and where its candidates come from: the start
  /// point (geocoded when named), the source holding it, and the services
  /// the fetch may use.
  func surroundings(of request: PlanRequest) throws(ItineraryError) -> (
    origin: Coordinate, source: CandidateSource, services: LazyServices
  ) {
    let services = LazyServices(request: request, environment: environment, notify: notify)
    let origin = try StartPoint.resolve(
      request, services: services, cities: cities, notify: notify)
    let source = try CandidateSource.choose(request.provider, origin: origin, cities: cities)
    return (origin, source, services)
  }

  /// The response to a planning problem's answer, cross-checked with GLPK
  /// when `verify` says so.
  ///
  /// - Complexity: that of the cross-check, exponential in the worst case.
  func respond(
    _ kind: ProblemKind, _ run: (answer: SolverAnswer, millis: Double), to echo: RequestEcho,
    mode: TravelMode, speedKmh: Double, verify: Bool, verifyTimeLimit: Double?,
    provider: ProviderReport?
  ) throws(ItineraryError) -> PlanResponse {
    guard let problem = kind.problem else {
      preconditionFailure("a benchmark file's answer is a BenchmarkResponse")
    }
    let verification =
      verify
      ? try VerifyStep.run(kind, run.answer, timeLimit: verifyTimeLimit, notify: notify) : nil
    return ResponseBuilder(problem: problem, mode: mode, speedKmh: speedKmh).response(
      to: echo, answer: run.answer, millis: run.millis, verification: verification,
      provider: provider)
  }

  /// Solves an instance with the request's overrides: the documented
  /// offline, deterministic interface. No plan is an answer (`plans` empty,
  /// with a reason), not an error.
  ///
  /// - Complexity: that of the solver chosen.
  public func solve(_ request: SolveRequest) throws(ItineraryError) -> PlanResponse {
    let settings = request.settings
    try settings.validate()
    var problem = request.instance
    if settings.anyOrder == true { problem.order = .any }
    if settings.roundTrip == true { problem.roundTrip = true }
    if let weight = settings.distanceWeight { problem.distanceWeight = weight }
    let count = settings.top ?? Defaults.top
    let selection: Selection = settings.diverse == true ? .diverse(count) : .top(count)
    if problem.exploration != nil {
      problem = try trip(problem, settings)
    } else {
      problem.time = try TimeStep.frame(problem.time, overriddenBy: settings)
    }
    let kind = ProblemKind(problem, selection)
    let run = try SolveStep.run(
      kind,
      options: SolveOptions(
        timeLimit: settings.timeLimit, seed: settings.seed, memoryLimit: settings.memoryLimit,
        cancellation: cancellation))
    return try respond(
      kind, run, to: RequestEcho(solve: settings), mode: .walk,
      speedKmh: problem.time?.speedKmh ?? TravelMode.walk.defaultSpeedKmh,
      verify: settings.verify == true, verifyTimeLimit: settings.verifyTimeLimit, provider: nil)
  }
}
