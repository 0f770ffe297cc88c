import ItineraryCore
import ItinerarySolver

extension PlanningPipeline {
  /// Chooses a trip: which places to visit around the request's start
  /// point, how many and in what order, one route a day within the hours.
  ///
  /// - Throws: as `plan` does; `.usage` also for a key of plans.
  /// - Complexity: that of the fetch and of `TripSolver`.
  public func explore(_ request: PlanRequest) throws(ItineraryError) -> PlanResponse {
    try request.validate(trip: true)
    // Without categories, every one but those asked for by name only.
    let words =
      request.categories.isEmpty
      ? CategoryVocabulary.standard.categories.filter { $0.onlyWhenAsked != true }.map(\.name)
      : request.categories
    var seen: Set<String> = []
    var categories = try CategoryWords.resolve(words).filter { seen.insert($0.name).inserted }
    let resolved = ResolvedRequest(
      request, timeLimit: Defaults.tripTimeLimit, cancellation: cancellation)
    let (mode, speedKmh) = (resolved.mode, resolved.speedKmh)
    let (origin, source, services) = try surroundings(of: request)
    let measure = try distances(request, source: source)
    var timed = request
    if let first = request.day?.first {
      timed.start = first.start
      timed.end = first.end
    }
    guard
      var time = try TimeStep.frame(
        for: timed, origin: origin, categories: categories, speedKmh: speedKmh, now: try now(),
        forTrip: true, notify: notify)
    else { throw ItineraryError(.usage, "a trip needs a start and an end") }
    let days = try TripStep.days(of: request, frame: time)
    time.end = days[0].end
    let shaping = TripStep.shaping(
      of: request, asked: categories.count, days: days, zone: time.timeZone)
    // A day owed a meal finds restaurants, whatever else was asked.
    if !shaping.mealCategories.isEmpty {
      let meals = try CategoryWords.resolve(shaping.mealCategories.sorted())
      categories += meals.filter { seen.insert($0.name).inserted }
    }
    let candidates = try source.candidates(
      categories, around: origin, radiusKm: resolved.radiusKm,
      request: request, services: services, everyCategory: false, notify: notify)
    warnUnreadableHours(candidates, among: candidates.places)
    let city = try source.cityPlaces() ?? candidates.places
    let avoided = try ShapeStep.avoided(request.avoid, in: city)
    var kept = candidates.places.filter { !avoided.contains($0.id) }
    var tripCategories = candidates.categories
    let must = try ShapeStep.must(
      request.must, in: city, avoided: avoided, places: &kept, categories: &tripCategories)
    var places = VisitLength.apply(to: kept, dwell: request.dwell)
    var end: Int?
    if let endAt = request.endAt {
      let point = try PlacePoint.resolve(endAt, key: "endAt") { () throws(ItineraryError) in city }
      end = places.count
      places.append(PinnedLayer.finishPlace(at: point.coordinate, name: point.name))
      tripCategories.append(PinnedLayer.finish)
    }
    if case .osrm = measure {
      throw ItineraryError(
        .usage, "a trip measures its legs straight or on the network: OSRM's tables are too small")
    }
    let (streets, roads) = try streetLegs(
      measure, origin: origin, places: places, resolved: resolved, source: source)
    let problem = Problem(
      origin: origin, categories: tripCategories, places: places,
      distanceWeight: resolved.distanceWeight, roundTrip: true,
      roads: roads, time: time,
      exploration: Exploration(
        days: days, maxPerCategory: request.maxPerCategory, shaping: shaping, must: must,
        end: end))
    let kind = ProblemKind.trip(problem)
    let run = try SolveStep.run(kind, options: resolved.options)
    if case .trip(let trip) = run.answer,
      case let missing = ShapeStep.missing(must, from: trip, in: problem), !missing.isEmpty
    {
      let proof = trip.optimal ? "no trip" : "no trip found"
      throw ItineraryError(
        .noPlan,
        "no plan: \(proof) visits every must place at a time it is open: "
          + "\(missing.joined(separator: ", ")) left out")
    }
    var response = try respond(
      kind, run, to: RequestEcho(explore: request), mode: mode, speedKmh: speedKmh,
      verify: request.verify == true, verifyTimeLimit: request.verifyTimeLimit,
      provider: candidates.provider)
    streets?.addPaths(to: &response)
    if request.photos == true {
      StopPhotos(services: services.get(), notify: notify).attach(to: &response)
    }
    return response
  }

  /// An instance that is a trip (`select` or `days`), with the overrides
  /// that mean something for one: the prices, the minutes at stops, unknown
  /// hours, and for a one-day trip its start and end. The keys of ranked
  /// plans (`top`, `diverse`, ...) do not apply and are left alone.
  func trip(_ instance: Problem, _ settings: SolveSettings) throws(ItineraryError) -> Problem {
    var problem = instance
    guard var trip = instance.exploration else { return instance }
    if settings.anytime == true {
      throw ItineraryError(.usage, "a trip happens in time: --anytime does not apply")
    }
    let moves = settings.start != nil || settings.end != nil || settings.tz != nil
    if moves && trip.days.count > 1 {
      throw ItineraryError(
        .usage, "--start, --end and --tz move a one-day trip; this one has \(trip.days.count) days")
    }
    problem.time = try TimeStep.frame(problem.time, overriddenBy: settings)
    if moves, let frame = problem.time {
      trip.days = [Exploration.Day(start: frame.start, end: frame.end)]
    }
    problem.exploration = trip
    return problem
  }
}
