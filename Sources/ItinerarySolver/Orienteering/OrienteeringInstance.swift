/// One route of an orienteering trip: it leaves the depot at `start` and must
/// be back by `end` (a day of a multi-day trip).
public struct OrienteeringDay: Sendable, Equatable {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }
}

/// The orienteering problem with time windows, with one route per day: vertex
/// 0 is the depot; every other vertex has a score, a visit duration and a
/// window `[open, close]` for the *start* of its visit (arriving early means
/// waiting). A trip visits each vertex at most once over all its routes,
/// every route back at the depot by its day's end, and maximizes the total
/// score.
///
/// Times are integers in any unit (tenths of a minute for the benchmark
/// files, seconds for real places), so feasibility is exact.
public struct OrienteeringInstance: Sendable {
  public var name: String
  /// Scores, depot first (the depot's is ignored).
  public let scores: [Double]
  public let durations: [Int]
  public let opens: [Int]
  public let closes: [Int]
  public let days: [OrienteeringDay]
  private let travel: [Int]

  /// Vertices, the depot included.
  public var vertexCount: Int { scores.count }

  /// - Parameters:
  ///   - travel: row-major, `travel[i * n + j]` is the time from `i` to `j`.
  ///   - days: one route per day; at least one.
  /// - Returns: `nil` when the sizes disagree, a time is negative, a window
  ///   is empty or a day ends before it starts.
  /// - Complexity: O(n^2).
  public init?(
    name: String = "", scores: [Double], durations: [Int], opens: [Int], closes: [Int],
    travel: [Int], days: [OrienteeringDay]
  ) {
    let n = scores.count
    guard n >= 1, durations.count == n, opens.count == n, closes.count == n,
      travel.count == n * n, !days.isEmpty,
      days.allSatisfy({ $0.start >= 0 && $0.start <= $0.end }),
      durations.allSatisfy({ $0 >= 0 }), travel.allSatisfy({ $0 >= 0 }),
      zip(opens, closes).allSatisfy({ $0 >= 0 && $0 <= $1 }), scores.allSatisfy(\.isFinite)
    else { return nil }
    self.name = name
    self.scores = scores
    self.durations = durations
    self.opens = opens
    self.closes = closes
    self.travel = travel
    self.days = days
  }

  /// The time from `i` to `j`.
  @inline(__always)
  public func travel(_ i: Int, _ j: Int) -> Int { travel[i * scores.count + j] }

  /// The same places with other days.
  public func with(days: [OrienteeringDay]) -> OrienteeringInstance? {
    OrienteeringInstance(
      name: name, scores: scores, durations: durations, opens: opens, closes: closes,
      travel: travel, days: days)
  }

  /// The same trips, with the way back free from every vertex it can never
  /// make late: from a vertex whose visit, begun by its window's close, still
  /// leaves time to get back before any day ends, a route is on time
  /// whatever that leg takes. A trip is feasible here exactly when it is in
  /// `self`, with the same score; only the time a route takes to get back
  /// changes, so that the moves that shorten routes no longer pay for a way
  /// back that binds nothing (on the benchmark files, where every window
  /// closes early enough, every route becomes a path).
  ///
  /// - Complexity: O(n^2) to copy the times.
  public func withFreeReturns() -> OrienteeringInstance {
    let n = scores.count
    let earliestEnd = days.map(\.end).min() ?? 0
    var times = travel
    for vertex in 1..<n where closes[vertex] + durations[vertex] + travel(vertex, 0) <= earliestEnd
    {
      times[vertex * n] = 0
    }
    guard
      let free = OrienteeringInstance(
        name: name, scores: scores, durations: durations, opens: opens, closes: closes,
        travel: times, days: days)
    else { preconditionFailure("shorter times keep a valid instance valid") }
    return free
  }

  /// The depot and `vertices` alone, renumbered in that order (vertex `k` of
  /// the result is `vertices[k - 1]`), with `days` (by default the same).
  ///
  /// - Complexity: O(k^2) for k vertices.
  public func restricted(to vertices: [Int], days: [OrienteeringDay]? = nil)
    -> OrienteeringInstance
  {
    let kept = [0] + vertices
    let n = scores.count
    guard
      let sub = OrienteeringInstance(
        name: name, scores: kept.map { scores[$0] }, durations: kept.map { durations[$0] },
        opens: kept.map { opens[$0] }, closes: kept.map { closes[$0] },
        travel: kept.flatMap { i in kept.map { j in travel[i * n + j] } }, days: days ?? self.days)
    else { preconditionFailure("a part of a valid instance is valid") }
    return sub
  }

  /// The start time of each visit of `route` on `day`, each begun as early as
  /// it may, or `nil` when a visit misses its window, a vertex is not a
  /// customer, or the route is not back by the day's end.
  ///
  /// - Complexity: O(route length).
  public func visitStarts(of route: [Int], day: OrienteeringDay) -> [Int]? {
    var starts: [Int] = []
    starts.reserveCapacity(route.count)
    var time = day.start
    var at = 0
    for vertex in route {
      guard (1..<vertexCount).contains(vertex) else { return nil }
      let start = max(time + travel(at, vertex), opens[vertex])
      guard start <= closes[vertex] else { return nil }
      starts.append(start)
      time = start + durations[vertex]
      at = vertex
    }
    return time + travel(at, 0) <= day.end ? starts : nil
  }

  /// Whether `routes` is a feasible trip: one route per day at most, each
  /// vertex at most once over all of them, every route on time.
  ///
  /// - Complexity: O(n + total route length).
  public func isFeasible(_ routes: [[Int]]) -> Bool {
    guard routes.count <= days.count else { return false }
    var seen = Array(repeating: false, count: vertexCount)
    for (route, day) in zip(routes, days) {
      for vertex in route {
        guard (1..<vertexCount).contains(vertex), !seen[vertex] else { return false }
        seen[vertex] = true
      }
      guard visitStarts(of: route, day: day) != nil else { return false }
    }
    return true
  }

  /// The total score of the vertices of `routes`.
  public func score(_ routes: [[Int]]) -> Double {
    routes.joined().reduce(0) { $0 + scores[$1] }
  }
}

/// A trip found by an orienteering solver.
public struct OrienteeringTrip: Sendable, Equatable {
  /// One route per day, in visiting order, without the depot.
  public var routes: [[Int]]
  public var score: Double
  /// Whether `score` is proven to be the most possible.
  public var optimal: Bool

  public init(routes: [[Int]], score: Double, optimal: Bool) {
    self.routes = routes
    self.score = score
    self.optimal = optimal
  }
}
