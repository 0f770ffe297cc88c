import Dispatch
import ItineraryCore

/// An iterated local search for the (team) orienteering problem with time
/// windows, after Vansteenwegen et al. (2009) with a few more moves and the
/// route-pool recombination of the set-packing heuristics (Hu and Lim 2014).
///
/// Each iteration fills the routes by cheapest insertion (the unvisited
/// vertex of best score^2 / time taken, waiting included, with a little
/// noise, now and then a lot), then improves them: shorter routes by 2-opt
/// and moves within a route, visits moved to another route or swapped
/// between two when both get back earlier in all, and replacements of a
/// visit by an unvisited vertex (the visit moved to another route when one
/// has room, else dropped for a better vertex). A trip more than a small
/// share of the best score below the one before (threshold acceptance) is
/// dropped for that one. The search then shakes some routes (one at random
/// and each other one half the time): removes a run of `S` vertices from
/// position `P` of each (both growing each iteration), a few random ones,
/// or, with two routes or more, a whole route.
///
/// With two routes or more, every route of every local optimum goes into an
/// `OrienteeringRoutePool`; every 100 iterations, and before each restart,
/// the best trip of pooled routes (one a day, disjoint) is filled, improved
/// and kept when it is the best so far. After a stall the search goes back
/// to the best trip (or an as good one from the pool), every third time to
/// an empty trip.
///
/// Given a polish (`Polish`), the first search hands it each better best
/// trip before its next restart, from the polish's start on, and keeps the
/// polished trip when it scores more (the trip then depends on the clock,
/// whatever the threads).
///
/// With more than one thread, as many searches run side by side, each with
/// its own seed and pool, and share their best trip: every 100 iterations
/// and before each restart, a search that is behind takes it as its own
/// best (it restarts from it) and pools its routes.
///
/// Every trip it holds is feasible: insertions are checked in O(1) with each
/// visit's slack (how late it may start without breaking a later window),
/// every other move by its timeline (moves within a route and swaps from
/// the first visit they change on); a trip from the pool is checked whole
/// before it is kept.
///
/// - Complexity: one iteration is O(U * L) per insertion for U unvisited
///   vertices and L visits in all (each vertex's insertion cached per route),
///   plus O(L^3) for the local search.
public struct OrienteeringHeuristic: Sendable {
  public struct Result: Sendable {
    public var routes: [[Int]]
    public var score: Double
    public var iterations: Int
    public var secondsToBest: Double
  }

  /// A polish of the best trip (`OrienteeringRoutePolish`), run by the
  /// first search before each restart once `start` has passed, on each best
  /// trip once, until it returns `nil` (of no use on the instance).
  public struct Polish: Sendable {
    public var start: Deadline
    public var run: @Sendable ([[Int]]) -> [[Int]]?

    public init(start: Deadline, run: @escaping @Sendable ([[Int]]) -> [[Int]]?) {
      self.start = start
      self.run = run
    }
  }

  private let instance: OrienteeringInstance
  private let epsilon: Double

  public init(instance: OrienteeringInstance) {
    self.instance = instance
    epsilon = 1e-9 * max(1, instance.scores.reduce(0) { $0 + abs($1) })
  }

  /// The best trip found until `deadline`, from `initial` when given, by
  /// `threads` searches side by side (the first with `seed`, the others with
  /// seeds drawn from it), each on its own thread.
  ///
  /// The searches share their best trip (`OrienteeringSharedBest`): every
  /// 100 iterations and before each restart, a search that is behind takes
  /// it as its own best and pools its routes, so it restarts from it and
  /// packs them with its own. One thread gives the same trip for the same
  /// seed whenever the time limit does not cut the search short.
  ///
  /// - Parameters:
  ///   - target: stop on reaching this score.
  ///   - patience: stop a search after this many iterations without a
  ///     better trip (the shared one taken counts as better).
  /// - Complexity: see the type; `threads` times the work in the same time
  ///   when there are as many cores.
  public func solve(
    seed: UInt64, until deadline: Deadline, initial: [[Int]]? = nil, target: Double? = nil,
    patience: Int? = nil, threads: Int = 1, polish: Polish? = nil
  ) -> Result {
    let begin = ContinuousClock.now
    var start = Array(repeating: [Int](), count: instance.days.count)
    if let initial, instance.isFeasible(initial) {
      for (index, route) in initial.enumerated() { start[index] = route }
    }
    let routes = start
    let shared = OrienteeringSharedBest(
      .init(routes: routes, score: instance.score(routes), seconds: 0))
    var mix = SplitMix64(seed: seed)
    let seeds = [seed] + (1..<max(1, threads)).map { _ in mix.next() }
    let group = DispatchGroup()
    for worker in seeds.indices.dropFirst() {
      DispatchQueue(label: "orienteering search \(worker)").async(group: group) {
        search(
          seed: seeds[worker], from: routes, until: deadline, target: target, patience: patience,
          begin: begin, shared: shared, polish: nil)
      }
    }
    search(
      seed: seed, from: routes, until: deadline, target: target, patience: patience, begin: begin,
      shared: shared, polish: polish)
    group.wait()
    let best = shared.best
    return Result(
      routes: best.routes, score: best.score, iterations: shared.iterations,
      secondsToBest: best.seconds)
  }

  /// One search of `solve`, from `routes` (one a day, feasible), its best
  /// trips offered to `shared`.
  private func search(
    seed: UInt64, from routes: [[Int]], until deadline: Deadline, target: Double?,
    patience: Int?, begin: ContinuousClock.Instant, shared: OrienteeringSharedBest,
    polish: Polish?
  ) {
    let clock = ContinuousClock()
    var random = SplitMix64(seed: seed)
    let dayCount = instance.days.count
    var timelines = routes.indices.map {
      OrienteeringTimeline(instance, routes[$0], instance.days[$0])
    }
    var visited = Array(repeating: false, count: instance.vertexCount)
    for vertex in routes.joined() { visited[vertex] = true }
    var best = routes
    var bestScore = instance.score(routes)
    var iterations = 0
    var size = 1
    var position = 0
    var stall = 0
    var sinceBest = 0
    var restarts = 0
    let stallLimit = 40 + instance.vertexCount
    var pool = OrienteeringRoutePool(instance: instance)
    // Threshold acceptance, as a share of the best score: drawn again at
    // each restart from a few (measured on the larger TOPTW files: none at
    // all or 0.05% did worse, 2.5% too).
    let thresholds = [0.002, 0.005, 0.01]
    var acceptance = thresholds[1]
    var current = routes
    var currentScore = bestScore
    var packedAdditions = 0
    var settled = Settled()
    // Dropped once it says it is of no use.
    var polish = polish
    var polishedScore = -Double.infinity
    let packPeriod = 100
    defer { shared.report(iterations: iterations) }
    /// Keeps a better trip as the best and offers it to the other searches;
    /// whether it reaches the target.
    func keep(_ routes: [[Int]], _ score: Double) -> Bool {
      best = routes
      bestScore = score
      size = 1
      stall = 0
      sinceBest = 0
      shared.offer(
        .init(routes: routes, score: score, seconds: (clock.now - begin).seconds),
        epsilon: epsilon)
      guard let target, score >= target - epsilon else { return false }
      shared.stop()
      return true
    }
    while !deadline.hasPassed, !shared.isStopped, sinceBest <= patience ?? .max {
      iterations += 1
      // Mostly a little noise in the ratios, now and then a lot.
      let noise = iterations == 1 ? 0 : random.below(5) == 0 ? 2.0 : 0.2
      insertAll(&timelines, &visited, &random, noise: noise, &settled)
      improve(&timelines, &visited, &random, &settled)
      let score = timelines.reduce(0) { $0 + $1.score }
      if score > bestScore + epsilon {
        if keep(timelines.map(\.route), score) { break }
      } else {
        stall += 1
        sinceBest += 1
      }
      // Threshold acceptance: a trip much worse than the one before the
      // shake is dropped for that one.
      do {
        if score >= currentScore - acceptance * bestScore || score > bestScore - epsilon {
          current = timelines.map(\.route)
          currentScore = score
        } else {
          timelines = current.indices.map {
            OrienteeringTimeline(instance, current[$0], instance.days[$0])
          }
          visited = Array(repeating: false, count: instance.vertexCount)
          for vertex in current.joined() { visited[vertex] = true }
        }
      }
      if dayCount > 1 {
        for timeline in timelines where !timeline.route.isEmpty { pool.add(timeline.route) }
      }
      // Another search's better trip: this one's best from now on (it
      // restarts from it), its routes pooled.
      if stall > stallLimit || iterations % packPeriod == 0,
        let better = shared.better(than: bestScore, epsilon: epsilon)
      {
        (best, bestScore, sinceBest) = (better.routes, better.score, 0)
        for route in best where !route.isEmpty { pool.add(route) }
      }
      // Now and then, and before each restart, the best trip of the pooled
      // routes, filled and improved; it replaces the current trip when it
      // is the best so far.
      var packedTrip: [[Int]]?
      if dayCount > 1, pool.additions != packedAdditions,
        stall > stallLimit || iterations % packPeriod == 0
      {
        packedAdditions = pool.additions
        let packed = pool.bestTrip()
        var trial = packed.routes.indices.map {
          OrienteeringTimeline(instance, packed.routes[$0], instance.days[$0])
        }
        var marks = Array(repeating: false, count: instance.vertexCount)
        for vertex in packed.routes.joined() { marks[vertex] = true }
        insertAll(&trial, &marks, &random, noise: 0, &settled)
        improve(&trial, &marks, &random, &settled)
        let trialScore = trial.reduce(0) { $0 + $1.score }
        let routes = trial.map(\.route)
        if trialScore > bestScore + epsilon, instance.isFeasible(routes) {
          timelines = trial
          (current, currentScore) = (routes, trialScore)
          visited = marks
          if keep(routes, trialScore) { break }
        } else if trialScore >= bestScore - epsilon {
          packedTrip = routes
        }
      }
      // Before a restart, a best trip not yet polished, polished; it
      // replaces the best when it scores more.
      if stall > stallLimit, let active = polish, active.start.hasPassed,
        bestScore > polishedScore + epsilon
      {
        polishedScore = bestScore
        if let polished = active.run(best) {
          let score = instance.score(polished)
          if score > bestScore + epsilon, instance.isFeasible(polished) {
            polishedScore = score
            for route in polished where !route.isEmpty { pool.add(route) }
            if keep(polished, score) { break }
          }
        } else {
          polish = nil
        }
      }
      if stall > stallLimit {
        // Back to the best trip (or as good a one of pooled routes), every
        // third time to an empty one.
        stall = 0
        restarts += 1
        acceptance = thresholds[random.below(thresholds.count)]
        let from = restarts % 3 == 0 ? best.map { _ in [Int]() } : packedTrip ?? best
        timelines = from.indices.map { OrienteeringTimeline(instance, from[$0], instance.days[$0]) }
        (current, currentScore) = (from, instance.score(from))
        visited = Array(repeating: false, count: instance.vertexCount)
        for vertex in from.joined() { visited[vertex] = true }
      }
      // Shake one route at random and each other one half the time (all of
      // them at once did worse): a run of each (half the time), a few
      // visits at random, or one whole route (with one route, a few visits
      // instead: the whole would be a restart every fourth iteration).
      let longest = timelines.map(\.route.count).max() ?? 0
      let kind = random.below(4)
      let scatter = kind >= 2
      let cleared = kind == 3 && dayCount > 1 ? random.below(timelines.count) : -1
      let chosen = random.below(timelines.count)
      for day in timelines.indices where !timelines[day].route.isEmpty {
        guard day == chosen || day == cleared || random.below(2) == 0 else { continue }
        let route = timelines[day].route
        let count = route.count
        let doomed: [Int]
        if day == cleared {
          doomed = route
        } else if scatter {
          doomed = (0...random.below(max(1, count / 3))).map { _ in route[random.below(count)] }
        } else {
          doomed = (0..<min(size, count)).map { route[(position + $0) % count] }
        }
        remove(doomed, from: &timelines[day], &visited)
      }
      if !scatter {
        position += size
        size += 1
        if size > max(1, longest / 2) { size = 1 }
      }
    }
  }

  /// Takes `doomed` out of the route, each only when the route stays
  /// feasible without it (travel times need not obey the triangle inequality).
  private func remove(
    _ doomed: [Int], from timeline: inout OrienteeringTimeline, _ visited: inout [Bool]
  ) {
    for vertex in doomed {
      guard let at = timeline.route.firstIndex(of: vertex) else { continue }
      var route = timeline.route
      route.remove(at: at)
      guard OrienteeringTimeline.finish(of: route, day: timeline.day, instance) != nil else {
        continue
      }
      timeline.route = route
      visited[vertex] = false
    }
    timeline.update(instance)
  }

  // MARK: Insertion

  /// The routes as the last `insertAll` left them and, for each, the
  /// vertices it found fit nowhere in it: a route that is the same again is
  /// timed the same, so they need no check against it.
  private struct Settled {
    var routes: [[Int]] = []
    var misfits: [[Bool]] = []
  }

  /// Inserts unvisited vertices, best ratio first, until none fits.
  ///
  /// Each vertex's cheapest insertion into each route is kept and computed
  /// again only for the route that changed; a vertex that fits a route no
  /// more never will within the call (an insertion only takes slack away).
  /// A route unchanged since the last call is not checked again for the
  /// vertices that call found fit nowhere in it (`settled`).
  ///
  /// - Complexity: O(U * M * (log L + W)) to start for U unvisited vertices
  ///   and M routes, W places within a vertex's window, then O(U * M + U *
  ///   (log L + W)) per insertion.
  private func insertAll(
    _ timelines: inout [OrienteeringTimeline], _ visited: inout [Bool], _ random: inout SplitMix64,
    noise: Double, _ settled: inout Settled
  ) {
    let n = instance.vertexCount
    let days = timelines.count
    // misfits[day][vertex]: the vertex fits nowhere in the route as it is.
    var misfits = (0..<days).map { day in
      settled.routes.indices.contains(day) && settled.routes[day] == timelines[day].route
        ? settled.misfits[day] : Array(repeating: false, count: n)
    }
    var alive: [Int] = []
    var options = Array(repeating: OrienteeringTimeline.Insertion?.none, count: n * days)
    for vertex in 1..<n where !visited[vertex] && instance.scores[vertex] > 0 {
      var any = false
      for day in 0..<days where !misfits[day][vertex] {
        let option = timelines[day].cheapestInsertion(of: vertex, instance)
        options[vertex * days + day] = option
        if option != nil { any = true } else { misfits[day][vertex] = true }
      }
      if any { alive.append(vertex) }
    }
    while !alive.isEmpty {
      var bestRatio = -Double.infinity
      var choice: (index: Int, day: Int, at: Int)?
      for (index, vertex) in alive.enumerated() {
        let score = instance.scores[vertex]
        for day in 0..<days {
          guard let option = options[vertex * days + day] else { continue }
          var ratio = score * score / Double(max(option.shift, 1))
          if noise > 0 { ratio *= 1 + noise * Double(random.below(1000)) / 1000 }
          if ratio > bestRatio {
            bestRatio = ratio
            choice = (index, day, option.at)
          }
        }
      }
      guard let choice else { break }
      let vertex = alive[choice.index]
      timelines[choice.day].route.insert(vertex, at: choice.at)
      timelines[choice.day].update(instance)
      visited[vertex] = true
      alive.swapAt(choice.index, alive.count - 1)
      alive.removeLast()
      misfits[choice.day] = Array(repeating: false, count: n)
      var kept = 0
      for index in alive.indices {
        let other = alive[index]
        let slot = other * days + choice.day
        if options[slot] != nil {
          options[slot] = timelines[choice.day].cheapestInsertion(of: other, instance)
          if options[slot] == nil { misfits[choice.day][other] = true }
        }
        var any = false
        for day in 0..<days where options[other * days + day] != nil {
          any = true
          break
        }
        if any {
          alive[kept] = other
          kept += 1
        }
      }
      alive.removeLast(alive.count - kept)
    }
    settled = Settled(routes: timelines.map(\.route), misfits: misfits)
  }

  // MARK: Local search

  /// Shortens routes and swaps in better vertices until neither helps.
  private func improve(
    _ timelines: inout [OrienteeringTimeline], _ visited: inout [Bool], _ random: inout SplitMix64,
    _ settled: inout Settled
  ) {
    var changed = true
    var rounds = 0
    while changed, rounds < 4 {
      rounds += 1
      changed = false
      for day in timelines.indices where shorten(&timelines[day]) { changed = true }
      if relocate(&timelines) { changed = true }
      if exchange(&timelines) { changed = true }
      if changed { insertAll(&timelines, &visited, &random, noise: 0, &settled) }
      if swapIn(&timelines, &visited) {
        changed = true
        insertAll(&timelines, &visited, &random, noise: 0, &settled)
      }
    }
  }

  /// 2-opt and moves of one visit within the route, each kept when the route
  /// gets back earlier: time freed for more visits.
  ///
  /// - Complexity: O(L^3) per pass for a route of L visits (each move timed
  ///   from the visit it first changes, in place).
  private func shorten(_ timeline: inout OrienteeringTimeline) -> Bool {
    guard !timeline.shortened else { return false }
    guard timeline.route.count >= 2 else { return false }
    var improved = false
    var again = true
    while again {
      again = false
      for i in 0..<timeline.route.count - 1 {
        for j in i + 1..<timeline.route.count {
          let route = timeline.route
          let length = j - i
          let orders: [(Int) -> Int] = [
            { route[j - $0] },
            { $0 < length ? route[i + 1 + $0] : route[i] },
            { $0 == 0 ? route[j] : route[i + $0 - 1] },
          ]
          for order in orders {
            guard let end = timeline.finish(reordering: i...j, order, instance),
              end < timeline.finish
            else { continue }
            timeline.route.replaceSubrange(i...j, with: (0...length).map(order))
            timeline.update(instance)
            (again, improved) = (true, true)
            break
          }
        }
      }
    }
    timeline.shortened = true
    return improved
  }

  /// Moves visits to other routes where that brings the two routes back
  /// earlier in all: time freed for more visits.
  ///
  /// - Complexity: O(L * M * L) per pass for L visits over M routes.
  private func relocate(_ timelines: inout [OrienteeringTimeline]) -> Bool {
    guard timelines.count > 1 else { return false }
    var changed = false
    for from in timelines.indices {
      var at = 0
      while at < timelines[from].route.count {
        let vertex = timelines[from].route[at]
        var shorter = timelines[from].route
        shorter.remove(at: at)
        guard
          let end = OrienteeringTimeline.finish(of: shorter, day: timelines[from].day, instance),
          case let saved = timelines[from].finish - end, saved > 0
        else {
          at += 1
          continue
        }
        var bestGain = 0
        var target: (day: Int, route: [Int])?
        for to in timelines.indices where to != from {
          guard let (place, shift) = timelines[to].cheapestInsertion(of: vertex, instance),
            shift < saved
          else { continue }
          var longer = timelines[to].route
          longer.insert(vertex, at: place)
          guard
            let later = OrienteeringTimeline.finish(of: longer, day: timelines[to].day, instance)
          else {
            continue
          }
          let gain = saved - (later - timelines[to].finish)
          if gain > bestGain { (bestGain, target) = (gain, (to, longer)) }
        }
        guard let target else {
          at += 1
          continue
        }
        timelines[from].route = shorter
        timelines[from].update(instance)
        timelines[target.day].route = target.route
        timelines[target.day].update(instance)
        changed = true
      }
    }
    return changed
  }

  /// Swaps two visits of different routes, each into the other's place,
  /// where that brings the two routes back earlier in all.
  ///
  /// - Complexity: O(L^2 * L) per pass for L visits in all.
  private func exchange(_ timelines: inout [OrienteeringTimeline]) -> Bool {
    var changed = false
    for from in timelines.indices {
      for to in timelines.indices where to > from {
        var a = 0
        while a < timelines[from].route.count {
          var b = 0
          while b < timelines[to].route.count {
            let u = timelines[from].route[a]
            let w = timelines[to].route[b]
            guard let first = timelines[from].finish(reordering: a...a, { _ in w }, instance),
              let second = timelines[to].finish(reordering: b...b, { _ in u }, instance),
              first + second < timelines[from].finish + timelines[to].finish
            else {
              b += 1
              continue
            }
            timelines[from].route[a] = w
            timelines[from].update(instance)
            timelines[to].route[b] = u
            timelines[to].update(instance)
            changed = true
            b += 1
          }
          a += 1
        }
      }
    }
    return changed
  }

  /// Replaces a visit by an unvisited vertex, in the same place or the
  /// cheapest one of that route, when the route stays feasible: the visit
  /// moves to the cheapest place of another route where it fits, or, when
  /// none has room, leaves the trip for a vertex of a higher score. A
  /// necessary condition in O(1) (`OrienteeringTimeline.mayFitWithout`)
  /// spares the exact check of almost every pair.
  ///
  /// - Complexity: O(U * L * L) for U unvisited vertices and L visits; O(U *
  ///   L) but for the few pairs that pass the condition.
  private func swapIn(_ timelines: inout [OrienteeringTimeline], _ visited: inout [Bool]) -> Bool {
    let n = instance.vertexCount
    var changed = false
    // Each route without each of its visits (nil when that is late), made
    // when first asked for since the route last changed.
    var without = Array(repeating: [OrienteeringTimeline?](), count: timelines.count)
    var made = Array(repeating: [Bool](), count: timelines.count)
    var removals = Array(repeating: OrienteeringTimeline.Removals?.none, count: timelines.count)
    var stale = Array(repeating: true, count: timelines.count)
    var mayFit: [Bool] = []
    // Where each visit fits in another route (day and place), made again
    // for every route after any change.
    var moves = movesAcross(timelines)
    for vertex in 1..<n where !visited[vertex] {
      let score = instance.scores[vertex]
      var bestGain = epsilon
      var choice: (day: Int, route: [Int], removed: Int, at: Int)?
      for day in timelines.indices {
        let route = timelines[day].route
        func gain(_ at: Int) -> Double {
          moves[day][at] != nil ? score : score - instance.scores[route[at]]
        }
        guard route.indices.contains(where: { gain($0) > bestGain }) else { continue }
        if stale[day] {
          stale[day] = false
          without[day] = Array(repeating: nil, count: route.count)
          made[day] = Array(repeating: false, count: route.count)
          removals[day] = timelines[day].removals(instance)
        }
        guard let removals = removals[day] else { continue }
        timelines[day].mayFitWithout(vertex, removals, instance, into: &mayFit)
        for (at, old) in route.enumerated() {
          let gain = gain(at)
          guard gain > bestGain, mayFit[at] else { continue }
          if !made[day][at] {
            made[day][at] = true
            var shorter = route
            shorter.remove(at: at)
            let times = timelines[day].day
            if OrienteeringTimeline.finish(of: shorter, day: times, instance) != nil {
              without[day][at] = OrienteeringTimeline(instance, shorter, times)
            }
          }
          guard let candidate = without[day][at],
            let (place, _) = candidate.cheapestInsertion(of: vertex, instance)
          else { continue }
          var longer = candidate.route
          longer.insert(vertex, at: place)
          bestGain = gain
          choice = (day, longer, old, at)
        }
      }
      guard let choice else { continue }
      timelines[choice.day].route = choice.route
      timelines[choice.day].update(instance)
      stale[choice.day] = true
      visited[vertex] = true
      if let move = moves[choice.day][choice.at] {
        timelines[move.day].route.insert(choice.removed, at: move.at)
        timelines[move.day].update(instance)
        stale[move.day] = true
      } else {
        visited[choice.removed] = false
      }
      moves = movesAcross(timelines)
      changed = true
    }
    return changed
  }

  /// `moves[d][i]`: the cheapest place of another route for visit `i` of
  /// route `d`, as that route's index and place, or `nil` when none has room.
  ///
  /// - Complexity: O(M * L * L) for L visits over M routes.
  private func movesAcross(_ timelines: [OrienteeringTimeline]) -> [[(day: Int, at: Int)?]] {
    timelines.indices.map { day in
      timelines[day].route.map { vertex in
        var best: (day: Int, at: Int, shift: Int)?
        for other in timelines.indices where other != day {
          guard let option = timelines[other].cheapestInsertion(of: vertex, instance),
            best.map({ option.shift < $0.shift }) ?? true
          else { continue }
          best = (other, option.at, option.shift)
        }
        return best.map { ($0.day, $0.at) }
      }
    }
  }
}
