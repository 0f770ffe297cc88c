import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryPlaces
import ItinerarySolver

/// `itinerary plan CATEGORY...`: the best plans around a start point.
enum PlanCommand {
  static let help = """
    usage: itinerary plan [options] CATEGORY...
           itinerary plan [options] "restaurant > park > art"

    Plans one stop per category, in the order given, around a start point, and
    shows diverse alternatives: each next plan shares fewer than half its places
    with every plan before it. See 'itinerary categories' for the vocabulary.

    options:
      --at LAT,LON             start point (default: the embedded city's centre)
    \(LiveStep.help)
      --top K                  how many plans (default 3)
      --exact                  the K best plans, however alike
      --round-trip             come back to the start
      --any-order              visit the categories in whatever order is best
      --mode walk|bike|drive   sets leg times and the price of a kilometre
      --speed KMH              travel speed (walk 4.8, bike 15, drive 30)
    \(RoadStep.help)
      --distance-weight W      score points one kilometre costs
                               (walk 0.5, bike 0.16, drive 0.08)
      --radius KM              candidates within KM of the start
                               (walk 3, bike 10, drive 25)
      --units metric|imperial  kilometres or miles in the table
      --format table|json|geojson
      -o, --output FILE        write the output to FILE (whole, or not at all)
    \(VerifyStep.help)
      -h, --help               show this help

    """

  static let options: [Arguments.Option] = [
    .value("at"), .value("top"), .flag("exact"), .flag("round-trip"), .flag("any-order"),
    .value("mode"),
    .value("speed"), .value("distance-weight"), .value("radius"), .value("units"),
    .value("format"), .value("output", short: "o"),
  ]

  static func run(
    _ arguments: [String], terminal: Terminal, environment: [String: String]
  ) throws(ItineraryError) -> Int32 {
    let arguments = try Arguments(
      arguments, options: options + VerifyStep.options + LiveStep.options + RoadStep.options,
      command: "plan")
    if arguments.has("help") {
      terminal.write(help)
      return 0
    }
    let categories = try resolveCategories(arguments.positionals)
    let count = try arguments.integer("top", default: 3)
    let mode = try arguments.choice("mode", default: TravelMode.walk)
    let units = try arguments.choice("units", default: DistanceUnit.metric)
    let format = try arguments.choice("format", default: OutputFormat.table)
    let speed = try arguments.number("speed", minimum: .leastNonzeroMagnitude)
    let weight = try arguments.number("distance-weight") ?? mode.defaultDistanceWeight
    let radius = try arguments.number("radius") ?? mode.defaultRadiusKm
    let distances = try RoadStep.distances(arguments)
    let client = try LiveStep.client(arguments)
    let requested = try LiveStep.providerName(arguments)

    // The live services, made on first use: the embedded city needs none.
    var made: PlaceServices?
    func services() throws(ItineraryError) -> PlaceServices {
      if let made { return made }
      let services = try LiveStep.services(
        arguments, client: client, environment: environment, terminal: terminal)
      made = services
      return services
    }

    let origin = try startPoint(
      arguments, requested: requested, services: services, terminal: terminal)
    let source = try candidates(
      categories, around: origin, radiusKm: radius, requested: requested, arguments: arguments,
      services: services, terminal: terminal)
    var places = source.places
    var roads: RoadTable?
    if distances == .osrm {
      places = RoadStep.keepBest(
        places, categories: source.categories, limit: RoadStep.maxPoints - 1, terminal: terminal)
      roads = try RoadStep.table(
        origin: origin, places: places, mode: mode, services: services(), terminal: terminal)
    }
    let problem = Problem(
      origin: origin, categories: source.categories, places: places, distanceWeight: weight,
      roundTrip: arguments.has("round-trip"), order: arguments.has("any-order") ? .any : .given,
      roads: roads)
    let selection: Selection = arguments.has("exact") ? .top(count) : .diverse(count)
    let (solution, millis) = try timed { () throws(ItineraryError) in
      try Planner.solve(problem, selection)
    }
    if solution.plans.isEmpty {
      throw ItineraryError(.failure, "no plan: \(solution.reason ?? "no feasible plan")")
    }
    let (verification, failure) = try VerifyStep.run(
      arguments, problem: problem, selection: selection, solution: solution, terminal: terminal)
    let report = PlanReport(
      problem: problem, solution: solution, millis: millis, verification: verification,
      mode: mode, speedKmh: speed, units: units, provider: source.provider)
    try format.emit(report, to: arguments.value("output"), terminal: terminal)
    if let failure { throw failure }
    return 0
  }

  /// Where the plans start: `--at`, `--near`, or the embedded city's centre.
  private static func startPoint(
    _ arguments: Arguments, requested: String?,
    services: () throws(ItineraryError) -> PlaceServices, terminal: Terminal
  ) throws(ItineraryError) -> Coordinate {
    if let at = arguments.value("at") {
      if arguments.value("near") != nil {
        throw ItineraryError(.usage, "plan: --at and --near exclude each other")
      }
      return try parseCoordinate(at)
    }
    if let near = arguments.value("near") {
      return try LiveStep.geocode(near, services: services(), terminal: terminal)
    }
    guard requested == nil || requested == "embedded" else {
      throw ItineraryError(
        .usage, "plan: a live provider needs a start point: --at LAT,LON or --near PLACE")
    }
    let city = EmbeddedCity.helsinki
    terminal.writeError(
      "starting at the centre of \(city.name) (\(city.centre)); use --at LAT,LON to start elsewhere\n"
    )
    return city.centre
  }

  /// The candidate places within reach, from the embedded city or fetched
  /// live, and the categories they fill (fewer than asked only with
  /// `--allow-partial`).
  private static func candidates(
    _ categories: [CanonicalCategory], around origin: Coordinate, radiusKm: Double,
    requested: String?, arguments: Arguments,
    services: () throws(ItineraryError) -> PlaceServices, terminal: Terminal
  ) throws(ItineraryError) -> (provider: String, places: [Place], categories: [String]) {
    let city = EmbeddedCity.helsinki
    let chosen = requested ?? (city.contains(origin) ? "embedded" : "overpass")
    let provider: String
    let pool: [Place]
    var names = categories.map(\.name)
    if chosen == "embedded" {
      guard city.contains(origin) else {
        throw ItineraryError(
          .failure,
          "plan: \(origin) is outside the embedded city (\(city.name)); "
            + "use --provider overpass, yelp or foursquare")
      }
      provider = "embedded city: \(city.name)"
      terminal.writeError(
        "places from the \(provider) (OpenStreetMap, \(city.places.count) places)\n")
      pool = city.places
    } else {
      terminal.writeError("places from \(chosen) around \(origin)\n")
      let fetched = try LiveStep.fetch(
        chosen, arguments: arguments, services: services(), origin: origin,
        categories: categories, radiusKm: radiusKm, terminal: terminal)
      provider = chosen
      pool = fetched.places
      names = fetched.categories.map(\.name)
    }
    let places = pool.filter { place in
      GreatCircle.distanceKm(origin, place.coordinate) <= radiusKm
        && names.contains { place.isEligible(for: $0) }
    }
    for name in names where !places.contains(where: { $0.isEligible(for: name) }) {
      throw ItineraryError(
        .failure,
        "no \(name) within reach of \(origin) (\(Int(radiusKm.rounded())) km, \(provider))")
    }
    return (provider, places, names)
  }

  /// Categories from the words given: several arguments, or one argument
  /// with `>`, `->` or `,` between them.
  static func resolveCategories(_ words: [String]) throws(ItineraryError) -> [CanonicalCategory] {
    let vocabulary = CategoryVocabulary.standard
    let names = words.flatMap { word in
      word.replacingOccurrences(of: "->", with: ">").replacingOccurrences(of: "→", with: ">")
        .split(whereSeparator: { $0 == ">" || $0 == "," })
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    if names.isEmpty {
      throw ItineraryError(
        .usage, "plan: no category given (for example: itinerary plan restaurant park art)")
    }
    var resolved: [CanonicalCategory] = []
    for name in names {
      guard let category = vocabulary.resolve(name) else {
        let known = vocabulary.categories.map(\.name).joined(separator: ", ")
        throw ItineraryError(.data, "plan: unknown category '\(name)' (known: \(known))")
      }
      resolved.append(category)
    }
    return resolved
  }

  /// `LAT,LON` in decimal degrees.
  static func parseCoordinate(_ text: String) throws(ItineraryError) -> Coordinate {
    let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else {
      throw ItineraryError(.usage, "plan: --at expects LAT,LON in degrees, got '\(text)'")
    }
    let coordinate = Coordinate(lat: lat, lon: lon)
    if let why = coordinate.invalidity { throw ItineraryError(.data, "plan: --at: \(why)") }
    return coordinate
  }
}

extension TravelMode {
  /// How far from the start candidates are looked for, by default.
  var defaultRadiusKm: Double {
    switch self {
    case .walk: 3
    case .bike: 10
    case .drive: 25
    }
  }
}
