/// One place per category, in visiting order.
public struct Plan: Hashable, Sendable {
  public struct Stop: Hashable, Sendable {
    /// Index into `Problem.categories`.
    public var category: Int
    /// Index into `Problem.places`.
    public var place: Int

    public init(category: Int, place: Int) {
      self.category = category
      self.place = place
    }
  }

  public var stops: [Stop]

  public init(stops: [Stop]) { self.stops = stops }

  /// An ordered-mode plan: stop `i` fills category `i`.
  public init(places: [Int]) {
    stops = places.enumerated().map { Stop(category: $0.offset, place: $0.element) }
  }

  public var places: [Int] { stops.map(\.place) }
}

extension Problem {
  /// The coordinate of a leg's end.
  public func coordinate(of waypoint: Waypoint) -> Coordinate {
    switch waypoint {
    case .origin: origin
    case .place(let index): places[index].coordinate
    }
  }

  /// The length of one leg in kilometres: on the road table when the problem
  /// has one, else on the great circle; `nil` when no road leads there.
  ///
  /// - Complexity: O(1).
  public func legKm(from: Waypoint, to: Waypoint) -> Double? {
    if let roads { return roads.distanceKm(from: from, to: to) }
    return GreatCircle.distanceKm(coordinate(of: from), coordinate(of: to))
  }

  /// The ends of every leg: the origin, each stop, and the origin again when
  /// `roundTrip`.
  public func waypoints(of plan: Plan) -> [Waypoint] {
    [.origin] + plan.stops.map { .place($0.place) } + (roundTrip ? [.origin] : [])
  }

  /// The length of every leg in kilometres: origin to stop 1, ..., to stop k,
  /// and the way back to the origin as a last leg when `roundTrip`; infinite
  /// for a leg with no road.
  ///
  /// - Complexity: O(k).
  public func legsKm(of plan: Plan) -> [Double] {
    let ends = waypoints(of: plan)
    return zip(ends, ends.dropFirst()).map { legKm(from: $0, to: $1) ?? .infinity }
  }

  /// The travel time of every leg in minutes, from the road table, or `nil`
  /// when the problem has none (times then follow from a speed); infinite for
  /// a leg with no road.
  ///
  /// - Complexity: O(k).
  public func legsMinutes(of plan: Plan) -> [Double]? {
    guard let roads else { return nil }
    let ends = waypoints(of: plan)
    return zip(ends, ends.dropFirst()).map { roads.minutes(from: $0, to: $1) ?? .infinity }
  }

  /// The total distance `D` of docs/reference.md, in kilometres (by road when the
  /// problem has a road table); infinite when a leg has no road.
  public func distanceKm(of plan: Plan) -> Double { legsKm(of: plan).reduce(0, +) }

  /// The documented objective: the sum of the stops' scores less
  /// `distanceWeight` times the distance, and with a time frame less
  /// `waitWeight` times the minutes spent waiting; minus infinity when a leg
  /// has no road or the plan does not fit in time.
  public func objective(of plan: Plan) -> Double {
    Timing(self)?.objective(of: plan) ?? timelessObjective(of: plan)
  }

  /// The objective without time: scores less `distanceWeight` times the
  /// distance; minus infinity when a leg has no road.
  public func timelessObjective(of plan: Plan) -> Double {
    let distance = distanceKm(of: plan)
    guard distance.isFinite else { return -.infinity }
    let scores = plan.stops.reduce(0) { $0 + Scoring.score(of: places[$1.place]) }
    return scores - distanceWeight * distance
  }

  /// The plan in time, or `nil` when the problem has no time frame.
  public func timeline(of plan: Plan) -> Timeline? { Timing(self)?.timeline(of: plan.stops) }

  /// Whether the plan fills every category once with distinct eligible
  /// places, with a road along every leg, and fits in time.
  public func isFeasible(_ plan: Plan) -> Bool {
    guard plan.stops.count == categories.count else { return false }
    let categoriesUsed = Set(plan.stops.map(\.category))
    guard categoriesUsed.count == categories.count, Set(plan.places).count == plan.stops.count
    else { return false }
    for (position, stop) in plan.stops.enumerated() {
      guard categories.indices.contains(stop.category), places.indices.contains(stop.place),
        places[stop.place].isEligible(for: categories[stop.category]),
        order == .any || stop.category == position
      else { return false }
    }
    return distanceKm(of: plan).isFinite && timeline(of: plan)?.isFeasible != false
  }
}
