import ItineraryCore

/// A route of a trip for the orienteering heuristic: its value and end, and
/// its schedule (`TripRouteSchedule`), with which an insertion is worked out
/// without living through the whole route again. Other moves live through
/// the changed route whole (`TripInstance.evaluate`): a day has few stops.
struct TripTimeline: OrienteeringRoute {
  var route: [Int]
  let day: Int
  private(set) var value = 0.0
  private(set) var end = 0.0
  var shortened = false
  /// `nil` when the day has its most stops: nothing more fits.
  private var schedule: TripRouteSchedule?

  /// The least gain an insertion must bring to be one.
  static let leastGain = 1e-9

  init(_ instance: TripInstance, _ route: [Int], day: Int) {
    self.route = route
    self.day = day
    update(instance)
  }

  /// - Complexity: O(k log m + k^2) for k stops and m open intervals a place.
  mutating func update(_ instance: TripInstance) {
    shortened = false
    let outcome = instance.evaluate(route, day: day)
    value = outcome?.value ?? -.infinity
    end = outcome?.finish ?? .infinity
    schedule =
      route.count < instance.maxStops[day]
      ? TripRouteSchedule(instance, route: route, day: day) : nil
  }

  /// The place of the most gain squared per minute the route is delayed.
  ///
  /// - Complexity: O(k) tries of `TripRouteSchedule.inserting`.
  func insertion(of vertex: Int, _ instance: TripInstance) -> RouteInsertion? {
    guard let schedule else { return nil }
    var best: RouteInsertion?
    var bestRank = -Double.infinity
    for position in 0...route.count {
      guard let (value, finish) = schedule.inserting(vertex, at: position) else { continue }
      let gain = value - self.value
      guard gain > Self.leastGain else { continue }
      let shift = finish - end
      let rank = gain * gain / max(shift, 1)
      if rank > bestRank {
        bestRank = rank
        best = RouteInsertion(at: position, gain: gain, shift: shift)
      }
    }
    return best
  }

  /// - Complexity: O(k log m + k^2).
  func reordering(_ range: ClosedRange<Int>, _ order: (Int) -> Int, _ instance: TripInstance)
    -> RouteOutcome?
  {
    var changed = route
    for k in 0..<range.count { changed[range.lowerBound + k] = order(k) }
    return instance.outcome(of: changed, day: day)
  }

  /// No quick check: every swap is worked out.
  func removals(_ instance: TripInstance) -> Never? { nil }

  func mayFitWithout(
    _ vertex: Int, _ removals: Never, _ instance: TripInstance, into fits: inout [Bool]
  ) {}
}

extension TripInstance: OrienteeringModel {
  typealias Timeline = TripTimeline

  var tolerance: Double { 1e-9 * max(1, scores.reduce(0) { $0 + abs($1) }) }
  var categoryLimit: Int { maxPerCategory ?? .max }

  func outcome(of route: [Int], day: Int) -> RouteOutcome? {
    evaluate(route, day: day).map { ($0.value, $0.finish) }
  }

  /// A place's worth and a meal's bonus: its legs, waiting and variety only
  /// take away (but for waiting it spares later stops, which the bound
  /// leaves to the other moves).
  func worthBound(_ vertex: Int) -> Double {
    scores[vertex] + (isMeal[vertex] ? mealBonus : 0)
  }
  var worthIsFixed: Bool { false }
  /// Days differ in hours, daylight and meals.
  func daysAlike(_ a: Int, _ b: Int) -> Bool { false }
  func category(of vertex: Int) -> Int { categories[vertex] }
}
