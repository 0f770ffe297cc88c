import Dispatch
import ItineraryCore

/// An iterated local search for the (team) orienteering problem with time
/// windows, after Vansteenwegen et al. (2009) with a few more moves and the
/// route-pool recombination of the set-packing heuristics (Hu and Lim 2014),
/// for every model of the problem (`OrienteeringModel`): the benchmark
/// files and the trips of `explore` run the same search.
///
/// A move is better when it adds to the trip's value or, at the same value,
/// brings its routes back earlier (time freed for more visits); in the
/// benchmark files, where a vertex's score is its value wherever it goes,
/// only the second happens. Each iteration fills the routes by insertion
/// (the vertex of best gain^2 / time taken, waiting included, with a little
/// noise, now and then a lot), then improves them: better routes by 2-opt
/// and moves within a route, visits moved to another route or swapped
/// between two when that is better for both in all, and replacements of a
/// visit by a vertex not in the trip (the visit moved to another route when
/// one has room, else dropped for one of a higher gain). A trip more than a
/// small share of the best value below the one before (threshold
/// acceptance) is dropped for that one. The search then shakes some routes (one at random
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
/// Given a polish (`OrienteeringPolish`), the first search hands it each better best
/// trip before its next restart, from the polish's start on, and keeps the
/// polished trip when it scores more (the trip then depends on the clock,
/// whatever the threads).
///
/// With more than one thread, as many searches run side by side, each with
/// its own seed and pool, and share their best trip: every 100 iterations
/// and before each restart, a search that is behind takes it as its own
/// best (it restarts from it) and pools its routes.
///
/// Every trip it holds is feasible: insertions are checked with each
/// route's slack (`OrienteeringRoute.insertion`), every other move by its
/// route's timeline (moves within a route and swaps from the first visit
/// they change on); a trip from the pool is checked whole before it is
/// kept. It keeps the model's limit on stops of one category.
///
/// - Complexity: one iteration is O(U * L) per insertion for U unvisited
///   vertices and L visits in all (each vertex's insertion cached per route),
///   plus O(L^3) for the local search; bounded by `maxIterations` or the
///   deadline.
struct OrienteeringHeuristic<Model: OrienteeringModel>: Sendable {
  typealias Result = OrienteeringHeuristicResult
  typealias Timeline = Model.Timeline

  private let instance: Model
  private let epsilon: Double

  init(instance: Model) {
    self.instance = instance
    epsilon = instance.tolerance
  }

  /// The best trip found until `deadline` or after `maxIterations` in all,
  /// from `initial` when given, by `threads` searches side by side (the
  /// first with `seed`, the others with seeds drawn from it), each on its
  /// own thread.
  ///
  /// The searches share their best trip (`OrienteeringSharedBest`): every
  /// 100 iterations and before each restart, a search that is behind takes
  /// it as its own best and pools its routes, so it restarts from it and
  /// packs them with its own. One thread gives the same trip for the same
  /// seed whenever the time limit does not cut the search short: bounded by
  /// `patience` and `maxIterations`, it is the same on any machine.
  ///
  /// - Parameters:
  ///   - target: stop on reaching this score.
  ///   - patience: stop a search after this many iterations without a
  ///     better trip (the shared one taken counts as better).
  /// - Complexity: see the type; `threads` times the work in the same time
  ///   when there are as many cores.
  func solve(
    seed: UInt64, until deadline: Deadline, initial: [[Int]]? = nil, target: Double? = nil,
    patience: Int? = nil, maxIterations: Int? = nil, threads: Int = 1,
    polish: OrienteeringPolish? = nil
  ) -> Result {
    let begin = ContinuousClock.now
    var start = Array(repeating: [Int](), count: instance.dayCount)
    if let initial, initial.count <= instance.dayCount, instance.value(of: initial) != nil {
      for (index, route) in initial.enumerated() { start[index] = route }
    }
    let routes = start
    let shared = OrienteeringSharedBest(
      .init(routes: routes, score: instance.value(of: routes) ?? 0, seconds: 0))
    var mix = SplitMix64(seed: seed)
    let seeds = [seed] + (1..<max(1, threads)).map { _ in mix.next() }
    let group = DispatchGroup()
    for worker in seeds.indices.dropFirst() {
      DispatchQueue(label: "orienteering search \(worker)").async(group: group) {
        search(
          seed: seeds[worker], from: routes, until: deadline, target: target, patience: patience,
          maxIterations: maxIterations, begin: begin, shared: shared, polish: nil)
      }
    }
    search(
      seed: seed, from: routes, until: deadline, target: target, patience: patience,
      maxIterations: maxIterations, begin: begin, shared: shared, polish: polish)
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
    patience: Int?, maxIterations: Int?, begin: ContinuousClock.Instant,
    shared: OrienteeringSharedBest, polish: OrienteeringPolish?
  ) {
    let clock = ContinuousClock()
    var random = SplitMix64(seed: seed)
    let dayCount = instance.dayCount
    var timelines = timelines(of: routes)
    var visited = Membership(instance, routes)
    var best = routes
    var bestScore = score(timelines)
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
    while !deadline.hasPassed, !shared.isStopped, sinceBest <= patience ?? .max,
      iterations < maxIterations ?? .max
    {
      iterations += 1
      // Mostly a little noise in the ratios, now and then a lot.
      let noise = iterations == 1 ? 0 : random.below(5) == 0 ? 2.0 : 0.2
      insertAll(&timelines, &visited, &random, noise: noise, &settled)
      improve(&timelines, &visited, &random, &settled)
      let score = self.score(timelines)
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
          timelines = self.timelines(of: current)
          visited = Membership(instance, current)
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
        var trial = self.timelines(of: packed.routes)
        var marks = Membership(instance, packed.routes)
        insertAll(&trial, &marks, &random, noise: 0, &settled)
        improve(&trial, &marks, &random, &settled)
        let trialScore = self.score(trial)
        let routes = trial.map(\.route)
        if trialScore > bestScore + epsilon, instance.value(of: routes) != nil {
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
        if let polished = active.run(best), let score = instance.value(of: polished) {
          if score > bestScore + epsilon {
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
        timelines = self.timelines(of: from)
        (current, currentScore) = (from, self.score(timelines))
        visited = Membership(instance, from)
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

  /// The timelines of `routes`, one a day, each on time.
  private func timelines(of routes: [[Int]]) -> [Timeline] {
    routes.indices.map { Timeline(instance, routes[$0], day: $0) }
  }

  /// The trip's value: its routes' values.
  private func score(_ timelines: [Timeline]) -> Double {
    timelines.reduce(0) { $0 + $1.value }
  }

  /// Whether `new` is better than `old`: more value, or as much and back
  /// earlier.
  private func improves(_ new: RouteOutcome, on old: RouteOutcome) -> Bool {
    new.value > old.value + epsilon || (new.value >= old.value - epsilon && new.end < old.end)
  }

  /// What the trip holds: the vertices in it and its stops per category.
  private struct Membership {
    var visited: [Bool]
    var perCategory: [Int]
    let limit: Int
    let categories: [Int]

    init(_ instance: Model, _ routes: [[Int]]) {
      visited = Array(repeating: false, count: instance.vertexCount)
      categories = (0..<instance.vertexCount).map { instance.category(of: $0) }
      perCategory = Array(repeating: 0, count: instance.categoryCount)
      limit = instance.categoryLimit
      for vertex in routes.joined() { add(vertex) }
    }

    subscript(vertex: Int) -> Bool { visited[vertex] }

    /// Whether `vertex` may join the trip, in the place of `leaving` if given.
    func admits(_ vertex: Int, replacing leaving: Int? = nil) -> Bool {
      guard !visited[vertex] else { return false }
      guard limit < .max else { return true }
      let category = categories[vertex]
      let freed = leaving.map { categories[$0] == category ? 1 : 0 } ?? 0
      return perCategory[category] - freed < limit
    }

    mutating func add(_ vertex: Int) {
      visited[vertex] = true
      perCategory[categories[vertex]] += 1
    }

    mutating func remove(_ vertex: Int) {
      visited[vertex] = false
      perCategory[categories[vertex]] -= 1
    }
  }

  /// Takes `doomed` out of the route, each only when the route stays
  /// feasible without it (travel times need not obey the triangle
  /// inequality; a meal after it may take another window).
  private func remove(
    _ doomed: [Int], from timeline: inout Timeline, _ visited: inout Membership
  ) {
    for vertex in doomed {
      guard let at = timeline.route.firstIndex(of: vertex) else { continue }
      var route = timeline.route
      route.remove(at: at)
      guard instance.outcome(of: route, day: timeline.day) != nil else { continue }
      timeline.route = route
      visited.remove(vertex)
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

  /// Inserts vertices not in the trip, best ratio first, until none fits
  /// with a gain.
  ///
  /// Each vertex's best insertion into each route is kept and worked out
  /// again only for the route that changed; a vertex that fits a route no
  /// more is not tried there again within the call (an insertion only takes
  /// slack away). A route unchanged since the last call is not checked
  /// again for the vertices that call found fit nowhere in it (`settled`).
  ///
  /// - Complexity: O(U * M * (log L + W)) to start for U unvisited vertices
  ///   and M routes, W places within a vertex's window, then O(U * M + U *
  ///   (log L + W)) per insertion.
  private func insertAll(
    _ timelines: inout [Timeline], _ visited: inout Membership, _ random: inout SplitMix64,
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
    var options = Array(repeating: RouteInsertion?.none, count: n * days)
    for vertex in 1..<n where visited.admits(vertex) && instance.worthBound(vertex) > 0 {
      var any = false
      for day in 0..<days where !misfits[day][vertex] {
        let option = timelines[day].insertion(of: vertex, instance)
        options[vertex * days + day] = option
        if option != nil { any = true } else { misfits[day][vertex] = true }
      }
      if any { alive.append(vertex) }
    }
    while !alive.isEmpty {
      var bestRatio = -Double.infinity
      var choice: (index: Int, day: Int, at: Int)?
      for (index, vertex) in alive.enumerated() where visited.admits(vertex) {
        for day in 0..<days {
          guard let option = options[vertex * days + day] else { continue }
          var ratio = option.gain * option.gain / max(option.shift, 1)
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
      visited.add(vertex)
      alive.swapAt(choice.index, alive.count - 1)
      alive.removeLast()
      misfits[choice.day] = Array(repeating: false, count: n)
      var kept = 0
      for index in alive.indices {
        let other = alive[index]
        let slot = other * days + choice.day
        if options[slot] != nil {
          options[slot] = timelines[choice.day].insertion(of: other, instance)
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

  /// Betters routes and swaps in better vertices until neither helps.
  private func improve(
    _ timelines: inout [Timeline], _ visited: inout Membership, _ random: inout SplitMix64,
    _ settled: inout Settled
  ) {
    var changed = true
    var rounds = 0
    while changed, rounds < 4 {
      rounds += 1
      changed = false
      for day in timelines.indices where shorten(&timelines[day]) { changed = true }
      if dropLosses(&timelines, &visited) { changed = true }
      if relocate(&timelines) { changed = true }
      if exchange(&timelines) { changed = true }
      if changed { insertAll(&timelines, &visited, &random, noise: 0, &settled) }
      if swapIn(&timelines, &visited) {
        changed = true
        insertAll(&timelines, &visited, &random, noise: 0, &settled)
      }
      if swapAcross(&timelines, &visited) {
        changed = true
        insertAll(&timelines, &visited, &random, noise: 0, &settled)
      }
    }
  }

  /// 2-opt and moves of one visit within the route, each kept when the
  /// route is better for it (`improves`).
  ///
  /// - Complexity: O(L^3) per pass for a route of L visits (each move timed
  ///   from the visit it first changes, in place).
  private func shorten(_ timeline: inout Timeline) -> Bool {
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
          /// Visit `k` of `i...j` reversed (move 0), with visit `i` moved
          /// after `j` (1), or with visit `j` moved before `i` (2).
          func visit(_ move: Int, _ k: Int) -> Int {
            switch move {
            case 0: route[j - k]
            case 1: k < length ? route[i + 1 + k] : route[i]
            default: k == 0 ? route[j] : route[i + k - 1]
            }
          }
          for move in 0..<3 {
            guard let outcome = timeline.reordering(i...j, { visit(move, $0) }, instance),
              improves(outcome, on: (timeline.value, timeline.end))
            else { continue }
            timeline.route.replaceSubrange(i...j, with: (0...length).map { visit(move, $0) })
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

  /// Takes out each visit its route is worth more without: in a trip a
  /// later stop of the same kind, a meal or a leg can make an earlier stop
  /// cost more than it adds; with fixed worths, none ever does.
  ///
  /// - Complexity: O(L^2) evaluations' work per pass for L visits.
  private func dropLosses(_ timelines: inout [Timeline], _ visited: inout Membership) -> Bool {
    guard !instance.worthIsFixed else { return false }
    var changed = false
    for day in timelines.indices {
      var at = 0
      while at < timelines[day].route.count {
        var route = timelines[day].route
        let vertex = route.remove(at: at)
        if let outcome = instance.outcome(of: route, day: day),
          outcome.value > timelines[day].value + epsilon
        {
          timelines[day].route = route
          timelines[day].update(instance)
          visited.remove(vertex)
          changed = true
        } else {
          at += 1
        }
      }
    }
    return changed
  }

  /// Moves visits to other routes where that is better for the two in all.
  ///
  /// - Complexity: O(L * M * L) per pass for L visits over M routes.
  private func relocate(_ timelines: inout [Timeline]) -> Bool {
    guard timelines.count > 1 else { return false }
    var changed = false
    for from in timelines.indices {
      var at = 0
      while at < timelines[from].route.count {
        let vertex = timelines[from].route[at]
        var shorter = timelines[from].route
        shorter.remove(at: at)
        guard
          let left = instance.outcome(of: shorter, day: timelines[from].day),
          case let saved = timelines[from].end - left.end, saved > 0
        else {
          at += 1
          continue
        }
        var best: RouteOutcome = (0, 0)
        var target: (day: Int, route: [Int])?
        for to in timelines.indices where to != from {
          guard let insertion = timelines[to].insertion(of: vertex, instance),
            insertion.shift < saved
          else { continue }
          var longer = timelines[to].route
          longer.insert(vertex, at: insertion.at)
          guard let grown = instance.outcome(of: longer, day: timelines[to].day) else { continue }
          let gain: RouteOutcome = (
            left.value + grown.value - timelines[from].value - timelines[to].value,
            left.end + grown.end - timelines[from].end - timelines[to].end
          )
          if improves(gain, on: best) { (best, target) = (gain, (to, longer)) }
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
  /// where that is better for the two in all.
  ///
  /// - Complexity: O(L^2 * L) per pass for L visits in all.
  private func exchange(_ timelines: inout [Timeline]) -> Bool {
    var changed = false
    for from in timelines.indices {
      for to in timelines.indices where to > from {
        var a = 0
        while a < timelines[from].route.count {
          var b = 0
          while b < timelines[to].route.count {
            let u = timelines[from].route[a]
            let w = timelines[to].route[b]
            guard let first = timelines[from].reordering(a...a, { _ in w }, instance),
              let second = timelines[to].reordering(b...b, { _ in u }, instance),
              improves(
                (first.value + second.value, first.end + second.end),
                on: (
                  timelines[from].value + timelines[to].value,
                  timelines[from].end + timelines[to].end
                ))
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

  /// Replaces a visit by a vertex not in the trip, in the same place or the
  /// best one of that route, when that adds to the trip's value: the visit
  /// moves to the best place of another route where it fits, or, when none
  /// has room, leaves the trip. The vertex's bound
  /// (`OrienteeringModel.worthBound`) with what the visit's removal changes
  /// rules out most swaps before they are tried, and in the benchmark files
  /// a necessary condition in O(1) (`OrienteeringRoute.mayFitWithout`) most
  /// of the rest.
  ///
  /// - Complexity: O(U * L * L) for U unvisited vertices and L visits; O(U *
  ///   L) but for the few pairs that pass both.
  private func swapIn(_ timelines: inout [Timeline], _ visited: inout Membership) -> Bool {
    let n = instance.vertexCount
    var changed = false
    var cache = WithoutCache(days: timelines.count)
    var mayFit: [Bool] = []
    // Where each visit fits in another route (day, place and the value it
    // adds there), made again for every route after any change.
    var moves = movesAcross(timelines)
    var removed = removalChanges(timelines, moves, &cache)
    for vertex in 1..<n where !visited[vertex] {
      let bound = instance.worthBound(vertex)
      var bestGain = epsilon
      var choice: (day: Int, route: [Int], removed: Int, at: Int)?
      for day in timelines.indices {
        guard removed[day].contains(where: { bound + ($0 ?? -.infinity) > bestGain }) else {
          continue
        }
        cache.refresh(day, timelines, instance)
        if let removals = cache.removals[day] {
          timelines[day].mayFitWithout(vertex, removals, instance, into: &mayFit)
        } else {
          mayFit = Array(repeating: true, count: timelines[day].route.count)
        }
        for (at, old) in timelines[day].route.enumerated() {
          guard let change = removed[day][at], bound + change > bestGain, mayFit[at],
            visited.admits(vertex, replacing: moves[day][at] == nil ? old : nil),
            let insertion = cache.insertion(of: vertex, day, without: at, timelines, instance)
          else { continue }
          let gain = instance.worthIsFixed ? bound + change : insertion.gain + change
          guard gain > bestGain else { continue }
          var longer = timelines[day].route
          longer.remove(at: at)
          longer.insert(vertex, at: insertion.at)
          bestGain = gain
          choice = (day, longer, old, at)
        }
      }
      guard let choice else { continue }
      timelines[choice.day].route = choice.route
      timelines[choice.day].update(instance)
      cache.stale[choice.day] = true
      visited.add(vertex)
      if let move = moves[choice.day][choice.at] {
        timelines[move.day].route.insert(choice.removed, at: move.at)
        timelines[move.day].update(instance)
        cache.stale[move.day] = true
      } else {
        visited.remove(choice.removed)
      }
      moves = movesAcross(timelines)
      removed = removalChanges(timelines, moves, &cache)
      changed = true
    }
    return changed
  }

  /// What taking each visit out (to another route when `moves` has a place
  /// for it) changes in the trip's value, `nil` when its route is late
  /// without it; with fixed worths, known without working the route out.
  ///
  /// - Complexity: O(L) with fixed worths, else O(L) routes worked out.
  private func removalChanges(
    _ timelines: [Timeline], _ moves: [[(day: Int, at: Int, gain: Double)?]],
    _ cache: inout WithoutCache
  ) -> [[Double?]] {
    timelines.indices.map { day in
      timelines[day].route.indices.map { at in
        if instance.worthIsFixed {
          return moves[day][at] == nil ? -instance.worthBound(timelines[day].route[at]) : 0
        }
        guard let rest = cache.value(day, without: at, timelines, instance) else { return nil }
        return rest - timelines[day].value + (moves[day][at]?.gain ?? 0)
      }
    }
  }

  /// Each route without each of its visits (`nil` when that is late) and
  /// what the quick check needs (`OrienteeringRoute.removals`), worked out
  /// when first asked for since the route last changed.
  private struct WithoutCache {
    var without: [[Timeline?]]
    var made: [[Bool]]
    var removals: [Timeline.Removals?]
    var stale: [Bool]

    init(days: Int) {
      without = Array(repeating: [], count: days)
      made = Array(repeating: [], count: days)
      removals = Array(repeating: nil, count: days)
      stale = Array(repeating: true, count: days)
    }

    /// Forgets what was worked out for route `day` when it has changed.
    mutating func refresh(_ day: Int, _ timelines: [Timeline], _ instance: Model) {
      guard stale[day] else { return }
      stale[day] = false
      let count = timelines[day].route.count
      without[day] = Array(repeating: nil, count: count)
      made[day] = Array(repeating: false, count: count)
      removals[day] = timelines[day].removals(instance)
    }

    /// Works route `day` without its visit `at` out, once.
    private mutating func make(
      _ day: Int, without at: Int, _ timelines: [Timeline], _ instance: Model
    ) {
      refresh(day, timelines, instance)
      guard !made[day][at] else { return }
      made[day][at] = true
      var route = timelines[day].route
      route.remove(at: at)
      if instance.outcome(of: route, day: day) != nil {
        without[day][at] = Timeline(instance, route, day: day)
      }
    }

    /// The value of route `day` without its visit `at`.
    mutating func value(_ day: Int, without at: Int, _ timelines: [Timeline], _ instance: Model)
      -> Double?
    {
      make(day, without: at, timelines, instance)
      return without[day][at]?.value
    }

    /// The best place for `vertex` in route `day` without its visit `at`
    /// (worked out in place: a route's schedule is not copied).
    mutating func insertion(
      of vertex: Int, _ day: Int, without at: Int, _ timelines: [Timeline], _ instance: Model
    ) -> RouteInsertion? {
      make(day, without: at, timelines, instance)
      return without[day][at]?.insertion(of: vertex, instance)
    }
  }

  /// Replaces a stop by a place of its category not in the trip, on another
  /// route, where the limit on stops of one category keeps the place out
  /// (`swapIn` swaps within a route): the stop leaves the trip, the place
  /// goes where it adds the most, when that adds to the trip's value.
  ///
  /// - Complexity: O(U * M * (W + L)) for U places the limit keeps out, M
  ///   routes, L visits, W places tried for an insertion, and each route
  ///   without each of its visits worked out once (`WithoutCache`); nothing
  ///   without a limit.
  private func swapAcross(_ timelines: inout [Timeline], _ visited: inout Membership) -> Bool {
    guard instance.categoryLimit < .max, timelines.count > 1 else { return false }
    var cache = WithoutCache(days: timelines.count)
    var changed = false
    for vertex in 1..<instance.vertexCount where !visited[vertex] && !visited.admits(vertex) {
      var best: (gain: Double, to: Int, at: Int, from: Int, position: Int)?
      for to in timelines.indices {
        guard let insertion = timelines[to].insertion(of: vertex, instance) else { continue }
        for from in timelines.indices where from != to {
          for (position, old) in timelines[from].route.enumerated()
          where visited.categories[old] == visited.categories[vertex] {
            guard let left = cache.value(from, without: position, timelines, instance)
            else { continue }
            let gain = insertion.gain + left - timelines[from].value
            if gain > best?.gain ?? epsilon { best = (gain, to, insertion.at, from, position) }
          }
        }
      }
      guard let best else { continue }
      let old = timelines[best.from].route.remove(at: best.position)
      timelines[best.from].update(instance)
      timelines[best.to].route.insert(vertex, at: best.at)
      timelines[best.to].update(instance)
      visited.remove(old)
      visited.add(vertex)
      cache.stale[best.from] = true
      cache.stale[best.to] = true
      changed = true
    }
    return changed
  }

  /// `moves[d][i]`: the best place of another route for visit `i` of route
  /// `d` (the least shift), as that route's index, the place and the value
  /// the visit adds there, or `nil` when none has room.
  ///
  /// - Complexity: O(M * L * L) for L visits over M routes.
  private func movesAcross(_ timelines: [Timeline]) -> [[(day: Int, at: Int, gain: Double)?]] {
    timelines.indices.map { day in
      timelines[day].route.map { vertex in
        var best: (day: Int, insertion: RouteInsertion)?
        for other in timelines.indices where other != day {
          guard let option = timelines[other].insertion(of: vertex, instance),
            best.map({ option.shift < $0.insertion.shift }) ?? true
          else { continue }
          best = (other, option)
        }
        return best.map { ($0.day, $0.insertion.at, $0.insertion.gain) }
      }
    }
  }
}

/// What a run of `OrienteeringHeuristic` found.
public struct OrienteeringHeuristicResult: Sendable {
  public var routes: [[Int]]
  public var score: Double
  public var iterations: Int
  public var secondsToBest: Double
}

/// A polish of the best trip (`OrienteeringRoutePolish`), run by the
/// heuristic's first search before each restart once `start` has passed, on
/// each best trip once, until it returns `nil` (of no use on the instance).
struct OrienteeringPolish: Sendable {
  var start: Deadline
  var run: @Sendable ([[Int]]) -> [[Int]]?
}
