import ItineraryCore

/// A route of a trip lived through once, when each stop is reached and
/// begun, so that what inserting a place changes is worked out without
/// living through the whole route again.
///
/// From each stop on, it keeps the waiting left in the route and how much
/// later the stop may be reached with every later visit still begun in the
/// open interval it is begun in now (a meal: the interval of its meal
/// window) and the route back in time (Savelsbergh's forward time slack):
/// an insertion that delays the next stop by less is on time, leaves every
/// meal in its window, and delays the way back by what the waiting does not
/// absorb. Past that slack, when it brings the next stop forward, or when
/// the place inserted is a meal in a window a later meal uses, the later
/// stops are timed again one by one, with the meal windows used so far, as
/// far as their times and windows change.
///
/// The stepwise timing is `TripInstance.visit`'s arithmetic, in the same
/// order; the slack is kept a millionth of a minute clear of its edge, so
/// that an insertion it accepts is on time to the last bit too. Values are
/// the route's value plus the changes, equal to `evaluate`'s up to rounding;
/// a place inserted costs the variety penalty of the route's stops of its
/// category, and does not fit when the route has its day's most of them.
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
  /// `gains[i]`: what visit i adds (`TripInstance.visit`'s gain).
  private let gains: [Double]
  /// `before[i]`: the gains of the visits before stop i.
  private let before: [Double]
  /// `meals[i]`: the meal windows used before stop i (the last: by the whole route).
  private let meals: [UInt8]
  /// `mealWindow[i]`: the meal window stop i uses, or -1.
  private let mealWindow: [Int]
  /// `usedFrom[i]`: the meal windows stops i and after use.
  private let usedFrom: [UInt8]
  /// `slack[i]`: how much later stop i may be reached (the end for the
  /// way back) with the route on time and each visit in its interval.
  private let slack: [Double]
  /// `waiting[i]`: the minutes spent waiting from stop i on.
  private let waiting: [Double]
  /// The route's stops of each category (empty without a variety penalty
  /// or a daily limit).
  private let categoryStops: [Int]
  /// What the route's stops cost in variety.
  private let variety: Double
  /// How far inside the slack an insertion must stay to be taken on it.
  private static let margin = 1e-6

  /// The schedule of `route` on `day`; `nil` when it does not fit.
  init?(_ instance: TripInstance, route: [Int], day: Int) {
    var time = 0.0
    var at = 0
    var arrivals: [Double] = []
    var begins: [Double] = []
    var gains: [Double] = []
    var meals: [UInt8] = [0]
    var mealWindow: [Int] = []
    for vertex in route {
      let used = meals[meals.count - 1]
      guard let visit = instance.visit(vertex, from: at, leaving: time, day: day, meals: used)
      else { return nil }
      arrivals.append(time + instance.travel(at, vertex))
      begins.append(visit.begin)
      gains.append(visit.gain)
      mealWindow.append(visit.meal)
      meals.append(visit.meal >= 0 ? used | 1 << visit.meal : used)
      time = visit.leave
      at = vertex
    }
    let finish = time + instance.travel(at, 0)
    guard finish <= instance.horizons[day] else { return nil }
    var before = [0.0]
    for gain in gains { before.append(before[before.count - 1] + gain) }
    self.instance = instance
    self.day = day
    self.route = route
    self.arrivals = arrivals
    self.begins = begins
    self.gains = gains
    self.before = before
    self.meals = meals
    self.mealWindow = mealWindow
    var usedFrom = Array(repeating: UInt8(0), count: route.count + 1)
    for index in route.indices.reversed() {
      usedFrom[index] = usedFrom[index + 1] | (mealWindow[index] >= 0 ? 1 << mealWindow[index] : 0)
    }
    self.usedFrom = usedFrom
    var categoryStops = Array(
      repeating: 0,
      count: instance.varietyPenalty > 0 || instance.maxPerDay < .max ? instance.categoryCount : 0)
    if !categoryStops.isEmpty {
      for vertex in route { categoryStops[instance.categories[vertex]] += 1 }
    }
    self.categoryStops = categoryStops
    guard let variety = instance.varietyCost(of: route) else { return nil }
    self.variety = variety
    value = before[route.count] - instance.distanceWeight * instance.km(at, 0) - variety
    self.finish = finish
    var slack = Array(repeating: instance.horizons[day] - finish, count: route.count + 1)
    var waiting = Array(repeating: 0.0, count: route.count + 1)
    for index in route.indices.reversed() {
      let stop = route[index]
      // The interval the visit is begun in (it holds the visit's start).
      let open =
        mealWindow[index] >= 0
        ? instance.mealOpen[day][stop][mealWindow[index]] : instance.windows[day][stop]
      let end = open.interval(holding: begins[index])?.end ?? 0
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
  /// - Complexity: O(log m) within the slack; past it, O(log m) per stop
  ///   visited again (O(w log m) for a meal over w windows), from the
  ///   insertion to the first stop that begins as it did after the same meals.
  func inserting(_ vertex: Int, at position: Int) -> (value: Double, finish: Double)? {
    let previous = position == 0 ? 0 : route[position - 1]
    let leftAt = position == 0 ? 0 : begins[position - 1] + instance.dwell[previous]
    let used = meals[position]
    guard
      let visit = instance.visit(vertex, from: previous, leaving: leftAt, day: day, meals: used)
    else { return nil }
    let weight = instance.distanceWeight
    let made = categoryStops.isEmpty ? 0 : categoryStops[instance.categories[vertex]]
    guard made < instance.maxPerDay else { return nil }
    let penalty = instance.varietyPenalty * Double(made)
    let next = position < route.count ? route[position] : 0
    let takesAWindow = visit.meal >= 0 && usedFrom[position] & 1 << visit.meal != 0
    if position < route.count, !takesAWindow {
      let delay = visit.leave + instance.travel(vertex, next) - arrivals[position]
      if delay >= 0, delay <= slack[position] - Self.margin {
        var change = visit.gain + weight * instance.km(previous, next)
        change -= weight * instance.km(vertex, next)
        change += instance.waitWeight * min(delay, waiting[position])
        return (value + change - penalty, finish + max(0, delay - waiting[position]))
      }
    }
    var total = before[position] + visit.gain - variety - penalty
    var time = visit.leave
    var at = vertex
    var mealsUsed = visit.meal >= 0 ? used | 1 << visit.meal : used
    for index in position..<route.count {
      let stop = route[index]
      guard
        let moved = instance.visit(stop, from: at, leaving: time, day: day, meals: mealsUsed)
      else { return nil }
      if moved.meal >= 0 { mealsUsed |= 1 << moved.meal }
      total += moved.gain
      if moved.begin == begins[index], mealsUsed | meals[index + 1] == mealsUsed,
        mealsUsed & ~meals[index + 1] & usedFrom[index + 1] == 0
      {
        // The rest of the route is lived as before: each later meal's
        // window is still the first free one it fits.
        let rest = before[route.count] - before[index + 1]
        return (total + rest - weight * instance.km(route[route.count - 1], 0), finish)
      }
      time = moved.leave
      at = stop
    }
    let finish = time + instance.travel(at, 0)
    guard finish <= instance.horizons[day] else { return nil }
    return (total - weight * instance.km(at, 0), finish)
  }
}
