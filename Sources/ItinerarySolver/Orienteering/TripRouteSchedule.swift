import ItineraryCore

/// A route of a trip lived through once, when each stop is reached and
/// begun, so that what inserting a place changes is worked out without
/// living through the whole route again.
///
/// From each stop on, it keeps the waiting left in the route and how much
/// later the stop may be reached with every later visit still begun in the
/// open interval it is begun in now and the route back in time (Savelsbergh's
/// forward time slack): an insertion that delays the next stop by less is
/// on time, and delays the way back by what the waiting does not absorb.
/// Past that slack, or when it brings the next stop forward, the later stops
/// are timed again one by one, as far as their times move.
///
/// The stepwise timing is `TripInstance.visit`'s arithmetic, in the same
/// order; the slack is kept a millionth of a minute clear of its edge, so
/// that an insertion it accepts is on time to the last bit too. Values are
/// the route's value plus the changes, equal to `evaluate`'s up to rounding.
///
/// - Complexity: O(k log m) to build for k stops and m open intervals a
///   place; see `inserting` for an insertion.
struct TripRouteSchedule {
  let value: Double
  let finish: Double
  private let instance: TripInstance
  private let day: Int
  private let route: [Int]
  private let arrivals: [Double]
  private let begins: [Double]
  /// `slack[i]`: how much later stop i may be reached (the end for the
  /// way back) with the route on time and each visit in its interval.
  private let slack: [Double]
  /// `waiting[i]`: the minutes spent waiting from stop i on.
  private let waiting: [Double]
  /// How far inside the slack an insertion must stay to be taken on it.
  private static let margin = 1e-6

  /// The schedule of `route` on `day`; `nil` when it does not fit.
  init?(_ instance: TripInstance, route: [Int], day: Int) {
    var time = 0.0
    var at = 0
    var total = 0.0
    var arrivals: [Double] = []
    var begins: [Double] = []
    arrivals.reserveCapacity(route.count)
    begins.reserveCapacity(route.count)
    for vertex in route {
      guard let visit = instance.visit(vertex, from: at, leaving: time, day: day) else {
        return nil
      }
      arrivals.append(time + instance.travel(at, vertex))
      begins.append(visit.begin)
      total += visit.gain
      time = visit.leave
      at = vertex
    }
    let finish = time + instance.travel(at, 0)
    guard finish <= instance.horizons[day] else { return nil }
    self.instance = instance
    self.day = day
    self.route = route
    self.arrivals = arrivals
    self.begins = begins
    value = total - instance.distanceWeight * instance.km(at, 0)
    self.finish = finish
    var slack = Array(repeating: instance.horizons[day] - finish, count: route.count + 1)
    var waiting = Array(repeating: 0.0, count: route.count + 1)
    for index in route.indices.reversed() {
      let stop = route[index]
      // The interval the visit is begun in (it holds the visit's start).
      let end = instance.windows[day][stop].interval(holding: begins[index])?.end ?? 0
      let room = max(0, end - instance.dwell[stop] - begins[index])
      let wait = begins[index] - arrivals[index]
      slack[index] = wait + min(room, slack[index + 1])
      waiting[index] = wait + waiting[index + 1]
    }
    self.slack = slack
    self.waiting = waiting
  }

  /// The route's value and finish with `vertex` inserted before the stop at
  /// `position` (at the end when `position` is the route's length); `nil`
  /// when a visit does not fit or the route is back too late.
  ///
  /// - Complexity: O(log m) per stop visited again, from the insertion to
  ///   the first stop that begins as it did.
  func inserting(_ vertex: Int, at position: Int) -> (value: Double, finish: Double)? {
    let previous = position == 0 ? 0 : route[position - 1]
    let leftAt = position == 0 ? 0 : begins[position - 1] + instance.dwell[previous]
    guard let visit = instance.visit(vertex, from: previous, leaving: leftAt, day: day) else {
      return nil
    }
    let weight = instance.distanceWeight
    let next = position < route.count ? route[position] : 0
    var change = visit.gain + weight * instance.km(previous, next)
    if position < route.count {
      let delay = visit.leave + instance.travel(vertex, next) - arrivals[position]
      if delay >= 0, delay <= slack[position] - Self.margin {
        change -= weight * instance.km(vertex, next)
        change += instance.waitWeight * min(delay, waiting[position])
        return (value + change, finish + max(0, delay - waiting[position]))
      }
    }
    var time = visit.leave
    var at = vertex
    for index in position..<route.count {
      let stop = route[index]
      guard let moved = instance.visit(stop, from: at, leaving: time, day: day) else {
        return nil
      }
      let wasWaiting = begins[index] - arrivals[index]
      let arrival = time + instance.travel(at, stop)
      change -= instance.waitWeight * ((moved.begin - arrival) - wasWaiting)
      if at == vertex { change -= weight * instance.km(vertex, stop) }
      if moved.begin == begins[index] { return (value + change, finish) }
      time = moved.leave
      at = stop
    }
    if position == route.count { change -= weight * instance.km(vertex, 0) }
    let finish = time + instance.travel(at, 0)
    guard finish <= instance.horizons[day] else { return nil }
    return (value + change, finish)
  }
}
