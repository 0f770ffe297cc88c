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
  /// The length of every leg in kilometres: origin to stop 1, ..., to stop k,
  /// and the way back to the origin as a last leg when `roundTrip`.
  ///
  /// - Complexity: O(k).
  public func legsKm(of plan: Plan) -> [Double] {
    var points = [origin] + plan.stops.map { places[$0.place].coordinate }
    if roundTrip { points.append(origin) }
    return zip(points, points.dropFirst()).map { GreatCircle.distanceKm($0, $1) }
  }

  /// The total distance `D` of the contract, in kilometres.
  public func distanceKm(of plan: Plan) -> Double { legsKm(of: plan).reduce(0, +) }

  /// The contract's objective: the sum of the stops' scores less
  /// `distanceWeight` times the distance.
  public func objective(of plan: Plan) -> Double {
    let scores = plan.stops.reduce(0) { $0 + Scoring.score(of: places[$1.place]) }
    return scores - distanceWeight * distanceKm(of: plan)
  }

  /// Whether the plan fills every category once with distinct eligible places.
  public func isFeasible(_ plan: Plan) -> Bool {
    guard plan.stops.count == categories.count else { return false }
    let categoriesUsed = Set(plan.stops.map(\.category))
    guard categoriesUsed.count == categories.count, Set(plan.places).count == plan.stops.count
    else { return false }
    for (position, stop) in plan.stops.enumerated() {
      guard categories.indices.contains(stop.category), places.indices.contains(stop.place),
        places[stop.place].isEligible(for: categories[stop.category]),
        anyOrder || stop.category == position
      else { return false }
    }
    return true
  }
}
