/// A route's value on its day and when it is back home.
typealias RouteOutcome = (value: Double, end: Double)

/// Where a vertex goes in a route, what it adds to the route's value there,
/// and how much later it delays the rest of the route.
struct RouteInsertion {
  var at: Int
  var gain: Double
  var shift: Double
}

/// What the orienteering heuristic (`OrienteeringHeuristic`) needs of a
/// problem: routes one a day from a depot (vertex 0), each vertex at most
/// once, each route's value its own. The benchmark files
/// (`OrienteeringInstance`: integer times, a score a vertex) and the
/// trips of `explore` (`TripInstance`: prices, meals, variety, a pace) are
/// the two models; the heuristic's moves are the same for both.
protocol OrienteeringModel: Sendable {
  associatedtype Timeline: OrienteeringRoute where Timeline.Model == Self

  var vertexCount: Int { get }
  var dayCount: Int { get }
  /// A value difference below which two trips count as equal.
  var tolerance: Double { get }

  /// The route's value and end on `day`, or `nil` when it is not on time.
  func outcome(of route: [Int], day: Int) -> RouteOutcome?

  /// The trip's value, or `nil` when it is not a trip: a route not on time,
  /// a vertex twice, or a category over its limit.
  func value(of routes: [[Int]]) -> Double?

  /// The most `vertex` adds to a route it joins: the heuristic never
  /// inserts a vertex whose bound is not positive, and skips swaps the
  /// bounds rule out.
  func worthBound(_ vertex: Int) -> Double

  /// Whether each vertex adds exactly its bound to any route it is on (a
  /// benchmark file's scores): then what a swap adds is known before it is
  /// tried.
  var worthIsFixed: Bool { get }

  /// Whether every route has the same outcome on days `a` and `b`.
  func daysAlike(_ a: Int, _ b: Int) -> Bool

  /// The vertex's category and the most stops of one category in a trip.
  func category(of vertex: Int) -> Int
  var categoryCount: Int { get }
  var categoryLimit: Int { get }
}

/// A route of one day with what the heuristic's moves need to be worked
/// out without living through the whole route again.
protocol OrienteeringRoute {
  associatedtype Model
  /// What taking each visit out frees, for `mayFitWithout`.
  associatedtype Removals

  /// The route, which must be on time on `day`.
  init(_ model: Model, _ route: [Int], day: Int)

  var route: [Int] { get set }
  var day: Int { get }
  var value: Double { get }
  var end: Double { get }
  /// Whether `shorten` has found nothing to do since the last change.
  var shortened: Bool { get set }

  /// Works the times and value out again after a change of `route`, which
  /// must be on time.
  mutating func update(_ model: Model)

  /// The best place for `vertex` (the most gain squared per minute of
  /// shift), or `nil` when it fits nowhere with a gain.
  func insertion(of vertex: Int, _ model: Model) -> RouteInsertion?

  /// The outcome with the visits in `range` replaced, `order(k)` the visit
  /// at `range.lowerBound + k`, or `nil` when that is not on time.
  func reordering(_ range: ClosedRange<Int>, _ order: (Int) -> Int, _ model: Model)
    -> RouteOutcome?

  /// What taking each visit out frees, or `nil` when the model has no
  /// quick check.
  func removals(_ model: Model) -> Removals?

  /// Sets `fits[k]` to `false` when `vertex` cannot fit once visit `k` is out
  /// (a necessary condition).
  func mayFitWithout(
    _ vertex: Int, _ removals: Removals, _ model: Model, into fits: inout [Bool])
}
