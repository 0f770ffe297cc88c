import ItineraryCore
import ItineraryStreets

/// Network distances: the legs between the start and the candidates on the
/// city's streets, and each plan's path along them.
struct StreetStep {
  let legs: StreetLegs
  /// Each place's point index in `legs`, by id (the origin is point 0).
  private let points: [String: Int]

  /// Joins the start and the places to the streets of `mode` and measures
  /// every leg between them. Tells `notify` how many places lie off the
  /// streets (they are out of reach).
  ///
  /// - Throws: `.noPlan` when the start lies off every street of the mode.
  /// - Complexity: that of `StreetLegs.table`.
  static func run(
    origin: Coordinate, places: [Place], network: StreetNetwork, mode: TravelMode,
    speedKmh: Double, source: CandidateSource, notify: (Notice) -> Void
  ) throws(ItineraryError) -> (step: StreetStep, roads: RoadTable) {
    let legs: StreetLegs
    let roads: RoadTable
    if let table = try StreetTables.table(for: source, network: network, mode: mode),
      let kept = try table.legs(
        origin: origin, places: places.map { ($0.id, $0.coordinate) }, speedKmh: speedKmh)
    {
      (legs, roads) = kept
    } else {
      legs = StreetLegs(
        StreetGraph(network, mode: mode), points: [origin] + places.map(\.coordinate))
      roads = try legs.table(speedKmh: speedKmh)
    }
    let metres = Int(StreetLocator.maximumConnectorMetres)
    guard !legs.joins[0].isEmpty else {
      throw ItineraryError(
        .noPlan,
        "no plan: the start \(origin) lies more than \(metres) m from every street one may "
          + "\(mode.rawValue) on (--distances straight measures in straight lines)")
    }
    let off = legs.joins.dropFirst().count(where: \.isEmpty)
    if off > 0 {
      notify(
        .info(
          "\(off == 1 ? "1 place lies" : "\(off) places lie") more than \(metres) m from every "
            + "street one may \(mode.rawValue) on: out of reach"))
    }
    var points: [String: Int] = [:]
    for (index, place) in places.enumerated() where points[place.id] == nil {
      points[place.id] = index + 1
    }
    let cut = places.indices.count {
      !legs.joins[$0 + 1].isEmpty && roads.distanceKm(from: .origin, to: .place($0)) == nil
    }
    if cut > 0 {
      notify(
        .info(
          "\(cut == 1 ? "1 place has" : "\(cut) places have") no path from the start one may "
            + "\(mode.rawValue) (an island, a closed courtyard): out of reach"))
    }
    return (StreetStep(legs: legs, points: points), roads)
  }

  /// Adds each leg's path to `response`: to every stop, and back on a round
  /// trip. A leg that several plans share is searched once.
  ///
  /// - Complexity: one search per distinct leg.
  func addPaths(to response: inout PlanResponse) {
    var paths = Paths(legs: legs)
    for index in response.plans.indices {
      let plan = response.plans[index]
      let last = addPaths(to: &response.plans[index].stops, &paths)
      if response.roundTrip, !plan.stops.isEmpty {
        response.plans[index].returnPath = paths.path(from: last, to: 0)
      }
    }
    guard var days = response.days else { return }
    for index in days.indices {
      let last = addPaths(to: &days[index].stops, &paths)
      if !days[index].stops.isEmpty { days[index].returnPath = paths.path(from: last, to: 0) }
    }
    response.days = days
  }

  /// Adds the paths of a route's legs; returns its last point.
  private func addPaths(to stops: inout [PlanResponse.Stop], _ paths: inout Paths) -> Int {
    var from = 0
    for index in stops.indices {
      guard let to = points[stops[index].id] else { continue }
      stops[index].legPath = paths.path(from: from, to: to)
      from = to
    }
    return from
  }

  /// The legs' paths as `[lon, lat]` pairs, each searched when first asked.
  private struct Paths {
    let legs: StreetLegs
    var found: [Int: [[Double]]?] = [:]

    mutating func path(from: Int, to: Int) -> [[Double]]? {
      let key = from * legs.points.count + to
      if let known = found[key] { return known }
      let path = legs.path(from: from, to: to)?.map { [$0.lon, $0.lat] }
      found[key] = path
      return path
    }
  }
}
