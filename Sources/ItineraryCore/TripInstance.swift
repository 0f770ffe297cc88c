/// An exploration as its solvers see it: vertex 0 is the origin, every other
/// vertex a place worth visiting (a positive score, open long enough on some
/// day), with its score, minutes of visit, stop category and open windows on
/// each day, and the minutes and kilometres between every two vertices.
///
/// A route of a day is lived through as docs/reference.md says: each visit
/// begins at the earliest time at or after arrival from which it fits in one
/// opening interval, and the route is back at the origin by the day's end.
/// The arithmetic is that of `Timing`, so a route feasible here is feasible
/// in the response, to the last bit.
public struct TripInstance: Sendable {
  /// Index into the problem's places of each vertex (the origin's is -1).
  public let places: [Int]
  /// Index into the problem's categories of each vertex's stops (-1 for the origin).
  public let categories: [Int]
  public let scores: [Double]
  public let dwell: [Double]
  /// `windows[day][vertex]`, minutes from the day's start.
  public let windows: [[OpenWindows]]
  /// Minutes from each day's start to its end.
  public let horizons: [Double]
  public let maxPerCategory: Int?
  /// The most stops of each day (`Int.max`: no limit).
  public let maxStops: [Int]
  public let categoryCount: Int
  public let distanceWeight: Double
  public let waitWeight: Double
  @usableFromInline let minutes: [Double]
  @usableFromInline let kilometres: [Double]

  @inlinable public var vertexCount: Int { scores.count }
  public var dayCount: Int { horizons.count }

  /// The instance of an exploring problem: its places worth visiting.
  ///
  /// - Returns: `nil` when the problem has no time frame or no exploration.
  /// - Complexity: O(n^2) for n places worth visiting, after O(N) hours
  ///   evaluations over the N places per day.
  public init?(_ problem: Problem) {
    guard let exploration = problem.exploration, problem.time != nil else { return nil }
    let days = exploration.days.indices.map { problem.day($0) }
    let timings = days.compactMap(Timing.init)
    let stopCategory = problem.tripCategories()
    var places = [-1]
    var categories = [-1]
    for (place, category) in stopCategory.enumerated() {
      guard let category, Scoring.score(of: problem.places[place]) > 0 else { continue }
      let stop = Plan.Stop(category: category, place: place)
      let visitable = timings.contains { timing in
        let soonest = timing.travelMinutes(from: .origin, to: .place(place))
        guard soonest.isFinite,
          let begin = timing.windows(of: place).earliestVisit(
            arrival: soonest, dwell: timing.dwell(stop))
        else { return false }
        return begin + timing.dwell(stop) + timing.travelMinutes(from: .place(place), to: .origin)
          <= timing.horizon
      }
      guard visitable else { continue }
      places.append(place)
      categories.append(category)
    }
    let waypoints = places.map { $0 < 0 ? Waypoint.origin : .place($0) }
    let first = timings[0]
    self.places = places
    self.categories = categories
    scores = places.map { $0 < 0 ? 0 : Scoring.score(of: problem.places[$0]) }
    dwell = zip(places, categories).map { place, category in
      place < 0 ? 0 : first.dwell(Plan.Stop(category: category, place: place))
    }
    windows = timings.map { timing in
      places.map { $0 < 0 ? OpenWindows.always(horizon: timing.horizon) : timing.windows(of: $0) }
    }
    horizons = timings.map(\.horizon)
    maxPerCategory = exploration.maxPerCategory
    maxStops = exploration.days.map { $0.maxStops ?? .max }
    categoryCount = problem.categories.count
    distanceWeight = problem.distanceWeight
    waitWeight = problem.time?.waitWeight ?? 0
    minutes = waypoints.flatMap { from in waypoints.map { first.travelMinutes(from: from, to: $0) }
    }
    kilometres = waypoints.flatMap { from in
      waypoints.map { problem.legKm(from: from, to: $0) ?? .infinity }
    }
  }

  /// Minutes from `i` to `j`.
  @inlinable
  public func travel(_ i: Int, _ j: Int) -> Double { minutes[i * vertexCount + j] }

  /// Kilometres from `i` to `j`.
  @inlinable
  public func km(_ i: Int, _ j: Int) -> Double { kilometres[i * vertexCount + j] }

  /// One visit of `vertex` reached from `from`, leaving it at `time` on `day`:
  /// when it begins and ends, and what it adds to the objective (its score,
  /// less the leg's distance and the wait at their prices); `nil` when it does
  /// not fit.
  ///
  /// - Complexity: O(log m) for m open intervals.
  @inlinable
  public func visit(_ vertex: Int, from: Int, leaving time: Double, day: Int)
    -> (begin: Double, leave: Double, gain: Double)?
  {
    let arrive = time + travel(from, vertex)
    guard arrive.isFinite,
      let begin = windows[day][vertex].earliestVisit(arrival: arrive, dwell: dwell[vertex])
    else { return nil }
    let gain =
      scores[vertex] - distanceWeight * km(from, vertex) - waitWeight * (begin - arrive)
    return (begin, begin + dwell[vertex], gain)
  }

  /// What a route adds to the objective on `day`, way home included, and
  /// when it is back home; `nil` when a visit does not fit or it is not back
  /// by the day's end. The empty route adds 0 and is back at 0.
  ///
  /// - Complexity: O(k log m) for k stops.
  public func evaluate(_ route: [Int], day: Int) -> (value: Double, finish: Double)? {
    guard !route.isEmpty else { return (0, 0) }
    guard route.count <= maxStops[day] else { return nil }
    var time = 0.0
    var at = 0
    var total = 0.0
    for vertex in route {
      guard (1..<vertexCount).contains(vertex),
        let visit = visit(vertex, from: at, leaving: time, day: day)
      else { return nil }
      total += visit.gain
      time = visit.leave
      at = vertex
    }
    let finish = time + travel(at, 0)
    guard finish <= horizons[day] else { return nil }
    return (total - distanceWeight * km(at, 0), finish)
  }

  /// What a route adds to the objective on `day` (see `evaluate`).
  public func value(of route: [Int], day: Int) -> Double? { evaluate(route, day: day)?.value }

  /// The objective of a trip, one route a day, or `nil` when it is not a
  /// trip: a route does not fit, a vertex repeats, or a category has more
  /// stops than allowed.
  ///
  /// - Complexity: O(n + total route length * log m).
  public func value(of routes: [[Int]]) -> Double? {
    guard routes.count <= dayCount else { return nil }
    var seen = Array(repeating: false, count: vertexCount)
    var perCategory = Array(repeating: 0, count: categoryCount)
    var total = 0.0
    for (day, route) in routes.enumerated() {
      for vertex in route {
        guard (1..<vertexCount).contains(vertex), !seen[vertex] else { return nil }
        seen[vertex] = true
        perCategory[categories[vertex]] += 1
        if let limit = maxPerCategory, perCategory[categories[vertex]] > limit { return nil }
      }
      guard let value = value(of: route, day: day) else { return nil }
      total += value
    }
    return total
  }
}
