import ItineraryCore

/// The heuristic for trips: iterated local search after Vansteenwegen et al.
/// (2009), with the objective's distance and waiting prices. Each round
/// fills the routes by insertions (a place, a day and a position that add
/// the most to the objective per minute, on time; every other round one of
/// the best three at random), drops every stop that costs
/// more than it gains, then shakes the routes: it removes a run of `size`
/// consecutive stops from each route, starting further along every round,
/// the run growing while no round improves on the best trip. A round that
/// beats the best trip first has each of its stops swapped for the place
/// not in the trip that adds the most in its stead, while one does (the
/// iterated local search's swap-in move, on the trip's own objective): a
/// day at its pace has no room to insert, only to swap. Every trip it
/// keeps is checked by `TripInstance.value(of:)`, so it never reports an
/// infeasible one.
///
/// - Complexity: O(n * d * k log m) per insertion for n places, d days, k
///   stops a route and m open intervals a place (each try O(log m) within
///   the route's slack, O(k log m) past it; see `TripRouteSchedule`), and
///   O(L * n * k log m) per pass of swaps for L stops in all; bounded by
///   `maxRounds` rounds and `patience` rounds without improvement, the
///   deadline a safety net.
public struct TripSearch {
  public struct Result: Sendable {
    public var routes: [[Int]]
    public var value: Double
    public var rounds: Int
  }

  let instance: TripInstance

  public init(instance: TripInstance) { self.instance = instance }

  /// The best trip found from `initial`, with `seed`, after `patience`
  /// rounds without improvement or `maxRounds` in all, or by `deadline`.
  public func solve(
    seed: UInt64, until deadline: Deadline, initial: [[Int]] = [], patience: Int = 200,
    maxRounds: Int = 800
  ) -> Result {
    var random = SplitMix64(seed: seed)
    var state = State(instance: instance, routes: initial)
    state.fill(random: &random, choices: 1, until: deadline)
    state.dropLosses()
    var best = (routes: state.routes, value: state.total)
    var size = 1
    var offset = 0
    var rounds = 0
    var idle = 0
    while idle < patience, rounds < maxRounds, !deadline.hasPassed {
      rounds += 1
      state.shake(size: size, offset: offset + random.below(2))
      offset += size
      state.fill(random: &random, choices: rounds % 2 == 0 ? 1 : 3, until: deadline)
      state.dropLosses()
      if state.total > best.value + 1e-9 {
        state.swapIn(until: deadline)
        state.fill(random: &random, choices: 1, until: deadline)
        state.dropLosses()
        best = (state.routes, state.total)
        size = 1
        idle = 0
      } else {
        idle += 1
        size = size >= max(1, state.longestRoute / 2) ? 1 : size + 1
        if idle % 50 == 0 { state = State(instance: instance, routes: best.routes) }
      }
    }
    let checked = instance.value(of: best.routes)
    return Result(
      routes: checked == nil ? [] : best.routes, value: checked ?? 0, rounds: rounds)
  }
}

/// A trip being improved: its routes, their values, what is visited.
private struct State {
  let instance: TripInstance
  var routes: [[Int]]
  var values: [Double]
  /// When each route is back home.
  var finishes: [Double]
  var visited: [Bool]
  /// Stops per category over the trip, for the category limit.
  var perCategory: [Int]

  init(instance: TripInstance, routes: [[Int]]) {
    self.instance = instance
    var routes = routes + Array(repeating: [], count: max(0, instance.dayCount - routes.count))
    if instance.value(of: routes) == nil { routes = Array(repeating: [], count: instance.dayCount) }
    self.routes = routes
    let evaluated = routes.enumerated().map { instance.evaluate($0.element, day: $0.offset) }
    values = evaluated.map { $0?.value ?? 0 }
    finishes = evaluated.map { $0?.finish ?? 0 }
    visited = Array(repeating: false, count: instance.vertexCount)
    perCategory = Array(repeating: 0, count: instance.categoryCount)
    for vertex in routes.joined() {
      visited[vertex] = true
      perCategory[instance.categories[vertex]] += 1
    }
  }

  /// The trip's objective: its routes' values.
  var total: Double { values.reduce(0, +) }
  var longestRoute: Int { routes.map(\.count).max() ?? 0 }

  func allowed(_ vertex: Int) -> Bool {
    !visited[vertex]
      && perCategory[instance.categories[vertex]] < (instance.maxPerCategory ?? Int.max)
  }

  mutating func insert(_ vertex: Int, day: Int, at position: Int) {
    routes[day].insert(vertex, at: position)
    let evaluated = instance.evaluate(routes[day], day: day)
    values[day] = evaluated?.value ?? 0
    finishes[day] = evaluated?.finish ?? 0
    visited[vertex] = true
    perCategory[instance.categories[vertex]] += 1
  }

  /// Removes a stop; the caller sets the route's value and finish.
  mutating func remove(day: Int, at position: Int) {
    let vertex = routes[day].remove(at: position)
    visited[vertex] = false
    perCategory[instance.categories[vertex]] -= 1
  }

  /// Inserts places while one adds to the objective: each time the
  /// insertion with the most gain per minute it adds to its day (squared
  /// gain, so that a big gain is not lost to a cheap small one), among the
  /// best few at random when `random` is given. Each insertion is worked out
  /// on the route's schedule (`TripRouteSchedule`) and kept until its day
  /// changes; the chosen one is lived through again. Stops at `deadline`,
  /// read before each place tried: a scan of long routes takes a while.
  mutating func fill(random: inout SplitMix64, choices: Int, until deadline: Deadline) {
    let n = instance.vertexCount
    // `insertions[day][vertex * slots[day] + position]`, for the days as they are.
    var insertions = Array(repeating: [(value: Double, finish: Double)?](), count: routes.count)
    var slots = Array(repeating: 0, count: routes.count)
    var stale = Array(repeating: true, count: routes.count)
    while true {
      for day in routes.indices where stale[day] {
        stale[day] = false
        slots[day] = routes[day].count + 1
        insertions[day] = Array(repeating: nil, count: n * slots[day])
        guard routes[day].count < instance.maxStops[day],
          let schedule = TripRouteSchedule(instance, route: routes[day], day: day)
        else { continue }
        for vertex in 1..<n where allowed(vertex) {
          if deadline.hasPassed { return }
          for position in 0..<slots[day] {
            insertions[day][vertex * slots[day] + position] = schedule.inserting(
              vertex, at: position)
          }
        }
      }
      var best: [(vertex: Int, day: Int, position: Int, rank: Double)] = []
      for vertex in 1..<n where allowed(vertex) {
        for day in routes.indices where routes[day].count < instance.maxStops[day] {
          for position in 0..<slots[day] {
            guard let (value, finish) = insertions[day][vertex * slots[day] + position] else {
              continue
            }
            let gain = value - values[day]
            guard gain > 1e-12 else { continue }
            let rank = gain * gain / max(finish - finishes[day], 1e-3)
            if best.count < choices || rank > best[best.count - 1].rank {
              if best.count == choices { best.removeLast() }
              let at = best.firstIndex { $0.rank < rank } ?? best.count
              best.insert((vertex, day, position, rank), at: at)
            }
          }
        }
      }
      guard !best.isEmpty else { return }
      let chosen = best[random.below(best.count)]
      insert(chosen.vertex, day: chosen.day, at: chosen.position)
      stale[chosen.day] = true
    }
  }

  /// Removes each stop whose trip is worth more without it (removing a stop
  /// never makes a route late: every later visit can only begin sooner; a
  /// meal after it may move to an earlier window, which `evaluate` checks).
  mutating func dropLosses() {
    for day in routes.indices {
      var position = 0
      while position < routes[day].count {
        var route = routes[day]
        route.remove(at: position)
        if let (value, finish) = instance.evaluate(route, day: day), value > values[day] + 1e-12 {
          remove(day: day, at: position)
          values[day] = value
          finishes[day] = finish
        } else {
          position += 1
        }
      }
    }
  }

  /// Replaces stops by places not in the trip while that adds to a day's
  /// value: for each stop in turn, the place that adds the most in its
  /// stead (a full day, at its pace, gains only this way).
  ///
  /// - Complexity: O(L * n * k log m) per pass for L stops in all, n places
  ///   and k stops a route.
  mutating func swapIn(until deadline: Deadline) {
    let limit = instance.maxPerCategory ?? Int.max
    var improved = true
    while improved, !deadline.hasPassed {
      improved = false
      for day in routes.indices {
        for position in routes[day].indices {
          let old = routes[day][position]
          let oldCategory = instance.categories[old]
          var route = routes[day]
          var best: (vertex: Int, value: Double, finish: Double)?
          for w in 1..<instance.vertexCount where !visited[w] {
            let category = instance.categories[w]
            guard perCategory[category] - (category == oldCategory ? 1 : 0) < limit else {
              continue
            }
            route[position] = w
            guard let (value, finish) = instance.evaluate(route, day: day),
              value > (best?.value ?? values[day]) + 1e-9
            else { continue }
            best = (w, value, finish)
          }
          guard let best else { continue }
          routes[day][position] = best.vertex
          visited[old] = false
          visited[best.vertex] = true
          perCategory[oldCategory] -= 1
          perCategory[instance.categories[best.vertex]] += 1
          values[day] = best.value
          finishes[day] = best.finish
          improved = true
        }
      }
    }
  }

  /// Removes `size` consecutive stops from each route, from `offset` on
  /// (wrapping around the route).
  mutating func shake(size: Int, offset: Int) {
    for day in routes.indices where !routes[day].isEmpty {
      let count = min(size, routes[day].count)
      let start = offset % routes[day].count
      for _ in 0..<count {
        remove(day: day, at: min(start, routes[day].count - 1))
      }
      if let (value, finish) = instance.evaluate(routes[day], day: day) {
        values[day] = value
        finishes[day] = finish
      } else {
        while !routes[day].isEmpty { remove(day: day, at: 0) }
        values[day] = 0
        finishes[day] = 0
      }
    }
  }
}
