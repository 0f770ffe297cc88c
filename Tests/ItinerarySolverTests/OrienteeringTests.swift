import ItineraryCore
import ItineraryTestSupport
import Testing

@testable import ItinerarySolver

/// Small seeded orienteering instances against a brute force over every
/// subset and order, with every route's timeline checked here, apart from
/// the solver's own.
@Suite struct OrienteeringTests {
  /// A seeded instance and its optimum by brute force; prints the seed, so
  /// that a failure can be run again.
  static func solvedInstance(seed: UInt64, customers: Int, days: Int) throws -> (
    OrienteeringInstance, Double
  ) {
    print("orienteering seed \(seed)")
    let instance = try #require(Self.instance(seed: seed, customers: customers, days: days))
    return (instance, Self.bruteForce(instance))
  }

  /// A seeded instance: points on a 100 x 100 grid, travel the Euclidean
  /// distance in tenths truncated, windows and durations at random, some
  /// durations zero.
  /// `solvedInstance` and what the solver finds on it within `timeLimit`.
  static func solved(seed: UInt64, customers: Int, days: Int, timeLimit: Duration) throws -> (
    OrienteeringInstance, Double, OrienteeringSolver.Result
  ) {
    let (instance, expected) = try solvedInstance(seed: seed, customers: customers, days: days)
    let result = OrienteeringSolver.solve(
      instance, options: SolveOptions(timeLimit: timeLimit, seed: seed))
    return (instance, expected, result)
  }

  static func instance(seed: UInt64, customers: Int, days: Int) -> OrienteeringInstance? {
    var random = SplitMix64(seed: seed)
    let n = customers + 1
    let points = (0..<n).map { _ in (x: Double(random.below(101)), y: Double(random.below(101))) }
    var travel = Array(repeating: 0, count: n * n)
    for i in 0..<n {
      for j in 0..<n {
        let dx = points[i].x - points[j].x
        let dy = points[i].y - points[j].y
        travel[i * n + j] = Int(((dx * dx + dy * dy).squareRoot() * 10).rounded(.down))
      }
    }
    let horizon = 2000 + random.below(2000)
    var opens = [0]
    var closes = [horizon]
    for _ in 1..<n {
      let open = random.below(horizon)
      opens.append(open)
      closes.append(min(horizon, open + random.below(horizon / 2)))
    }
    let durations = [0] + (1..<n).map { _ in random.below(3) == 0 ? 0 : random.below(300) }
    let scores = [0] + (1..<n).map { _ in Double(1 + random.below(20)) }
    let dayList = (0..<days).map { day in
      OrienteeringDay(start: day * horizon / 5, end: horizon - day * horizon / 7)
    }
    return OrienteeringInstance(
      name: "seed \(seed)", scores: scores, durations: durations, opens: opens, closes: closes,
      travel: travel, days: dayList)
  }

  /// Whether `route` is on time on `day`, by an independent reading of the
  /// rules: each visit starts within its window, no earlier than the arrival.
  static func onTime(_ route: [Int], day: OrienteeringDay, _ instance: OrienteeringInstance)
    -> Bool
  {
    var clock = day.start
    var here = 0
    for place in route {
      let arrival = clock + instance.travel(here, place)
      let begin = arrival < instance.opens[place] ? instance.opens[place] : arrival
      if begin > instance.closes[place] { return false }
      clock = begin + instance.durations[place]
      here = place
    }
    return clock + instance.travel(here, 0) <= day.end
  }

  /// Expects `routes` to be a trip of `instance` worth `score`.
  static func expectTrip(
    _ routes: [[Int]], worth score: Double, in instance: OrienteeringInstance,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(isTrip(routes, instance), "\(routes)", sourceLocation: sourceLocation)
    #expect(instance.score(routes) == score, sourceLocation: sourceLocation)
  }

  static func isTrip(_ routes: [[Int]], _ instance: OrienteeringInstance) -> Bool {
    let all = routes.flatMap { $0 }
    return routes.count <= instance.days.count && Set(all).count == all.count
      && all.allSatisfy { (1..<instance.vertexCount).contains($0) }
      && zip(routes, instance.days).allSatisfy { onTime($0, day: $1, instance) }
  }

  /// The best score over every trip: every order of every subset, route by
  /// route (a route grows only while its visits keep their windows).
  static func bruteForce(_ instance: OrienteeringInstance) -> Double {
    var best = 0.0
    var used = Array(repeating: false, count: instance.vertexCount)
    func extend(_ day: Int, _ route: [Int], _ score: Double) {
      let dayTimes = instance.days[day]
      if onTime(route, day: dayTimes, instance) {
        best = max(best, score)
        if day + 1 < instance.days.count { extend(day + 1, [], score) }
      }
      for vertex in 1..<instance.vertexCount where !used[vertex] {
        let longer = route + [vertex]
        // Windows only get later along a route: a missed one stays missed.
        guard onTime(longer, day: OrienteeringDay(start: dayTimes.start, end: .max), instance)
        else { continue }
        used[vertex] = true
        extend(day, longer, score + instance.scores[vertex])
        used[vertex] = false
      }
    }
    extend(0, [], 0)
    return best
  }

  @Test(arguments: 0..<40)
  func twoRoutesHeuristicIsFeasibleAndBounded(seed: Int) throws {
    let seed = UInt64(seed) &* 104_729 &+ 3
    let (instance, expected, result) = try Self.solved(
      seed: seed, customers: 2 + Int(seed % 5), days: 2, timeLimit: .milliseconds(100))
    // Proven only when every score is collected.
    #expect(result.trip.optimal == (result.trip.score == instance.scores.reduce(0, +)))
    #expect(Self.isTrip(result.trip.routes, instance))
    #expect(result.trip.score <= expected)
    #expect(instance.score(result.trip.routes) == result.trip.score)
  }

  /// Stopped by patience, not by the clock, so the count does not depend
  /// on the machine.
  @Test func heuristicFindsTheOptimumOfSmallTwoRouteTrips() throws {
    var missed: [UInt64] = []
    for seed in UInt64(0)..<20 {
      let instance = try #require(Self.instance(seed: seed, customers: 6, days: 2))
      let result = OrienteeringHeuristic(instance: instance).solve(
        seed: seed, until: Deadline(after: .seconds(60)), patience: 2000)
      #expect(Self.isTrip(result.routes, instance))
      if result.score != Self.bruteForce(instance) { missed.append(seed) }
    }
    print("two-route optima missed on seeds \(missed)")
    #expect(missed.count <= 1)
  }

  /// Searches side by side, each stopped by its patience (not by the
  /// clock): every trip feasible and never above the optimum, and every
  /// search's iterations counted (each runs past its patience).
  @Test(arguments: [1, 2, 3])
  func searchesSideBySideGiveFeasibleTrips(threads: Int) throws {
    for seed in UInt64(0)..<12 {
      print("orienteering seed \(seed), \(threads) threads")
      let instance = try #require(
        Self.instance(seed: seed &+ 1000, customers: 6, days: 2 + Int(seed % 2)))
      let patience = 300
      let result = OrienteeringHeuristic(instance: instance).solve(
        seed: seed, until: Deadline(after: .seconds(60)), patience: patience, threads: threads)
      Self.expectTrip(result.routes, worth: result.score, in: instance)
      #expect(result.score <= Self.bruteForce(instance))
      #expect(result.iterations >= threads * (patience + 1))
      #expect(result.secondsToBest >= 0)
    }
  }

  /// Reaching the target ends every search: the trip is the target's, and
  /// with a patience far beyond what the target takes, the searches in all
  /// run fewer iterations than one search's patience.
  @Test(arguments: [2, 3])
  func theTargetStopsEverySearch(threads: Int) throws {
    var reached = 0
    for seed in UInt64(0)..<8 {
      print("orienteering seed \(seed), \(threads) threads")
      let instance = try #require(Self.instance(seed: seed &+ 2000, customers: 6, days: 2))
      let optimum = Self.bruteForce(instance)
      let patience = 20_000
      let result = OrienteeringHeuristic(instance: instance).solve(
        seed: seed, until: Deadline(after: .seconds(120)), target: optimum, patience: patience,
        threads: threads)
      #expect(Self.isTrip(result.routes, instance))
      guard result.score == optimum else { continue }
      reached += 1
      #expect(result.iterations <= patience)
    }
    #expect(reached >= 6)
  }

  @Test(arguments: [1, 2])
  func theSolverSearchesOnItsThreads(threads: Int) throws {
    for seed in UInt64(0)..<6 {
      print("orienteering seed \(seed), \(threads) threads")
      let instance = try #require(
        Self.instance(seed: seed &+ 3000, customers: 6, days: 1 + Int(seed % 3)))
      let result = OrienteeringSolver.solve(
        instance,
        options: SolveOptions(timeLimit: .milliseconds(200), seed: seed, threads: threads))
      Self.expectTrip(result.trip.routes, worth: result.trip.score, in: instance)
      #expect(result.trip.score <= Self.bruteForce(instance))
      #expect(result.secondsToBest >= 0 && result.secondsToBest <= 10)
      if instance.days.count == 1 {
        #expect(result.trip.optimal && result.trip.score == Self.bruteForce(instance))
      }
    }
  }

  /// One route the proof cannot settle at once: the heuristic goes on
  /// beside it, and the trip that comes out of either is a real one.
  @Test func theHeuristicGoesOnBesideTheProof() throws {
    for seed in UInt64(0)..<3 {
      print("orienteering seed \(seed &+ 5000), 2 threads")
      let instance = try #require(Self.instance(seed: seed &+ 5000, customers: 60, days: 1))
      let result = OrienteeringSolver.solve(
        instance, options: SolveOptions(timeLimit: .milliseconds(600), seed: seed, threads: 2))
      Self.expectTrip(result.trip.routes, worth: result.trip.score, in: instance)
      #expect(result.trip.score >= result.heuristic.score)
      #expect(result.exact != nil)
    }
  }

  @Test func theEmptyTripWhenNothingFits() throws {
    let instance = try #require(
      OrienteeringInstance(
        scores: [0, 5], durations: [0, 10], opens: [0, 0], closes: [100, 100],
        travel: [0, 60, 60, 0], days: [OrienteeringDay(start: 0, end: 100)]))
    let result = OrienteeringSolver.solve(instance)
    #expect(result.trip.routes.allSatisfy { $0.isEmpty })
    #expect(result.trip.score == 0)
    #expect(result.trip.optimal)
  }

  @Test func inconsistentInstancesAreRefused() {
    let day = OrienteeringDay(start: 0, end: 10)
    let closingBeforeOpening = OrienteeringInstance(
      scores: [0, 1], durations: [0, 1], opens: [0, 5], closes: [10, 4], travel: [0, 1, 1, 0],
      days: [day])
    let shortMatrix = OrienteeringInstance(
      scores: [0, 1], durations: [0, 1], opens: [0, 0], closes: [10, 4], travel: [0, 1, 1],
      days: [day])
    let noDays = OrienteeringInstance(
      scores: [0, 1], durations: [0, 1], opens: [0, 0], closes: [10, 4], travel: [0, 1, 1, 0],
      days: [])
    #expect(closingBeforeOpening == nil)
    #expect(shortMatrix == nil)
    #expect(noDays == nil)
  }

  /// Every ng-neighbourhood size gives the same optimum: from 1 (no
  /// ng-memory) through sizes smaller than the instance (a relaxation the
  /// decremental search must still tighten) to one that holds every vertex.
  @Test(arguments: 0..<30)
  func exactAgreesWithBruteForceForEveryNeighbourhood(seed: Int) throws {
    let seed = UInt64(seed) &* 15_485_863 &+ 5
    let (instance, expected) = try Self.solvedInstance(
      seed: seed, customers: 5 + Int(seed % 4), days: 1)
    for size in [1, 2, 3, 5, 32] {
      let exact = OrienteeringLabelling.solve(
        instance, day: instance.days[0], deadline: Deadline(after: .seconds(30)),
        neighbourhood: size)
      #expect(exact.proven, "neighbourhood \(size)")
      #expect(exact.score == expected, "neighbourhood \(size)")
      #expect(Self.isTrip([exact.route], instance), "neighbourhood \(size)")
    }
  }

  /// A bar just above the optimum is proven out of reach (whatever route
  /// the search met on its way is returned, a trip), one far above it at
  /// once, with no label extended; a bar at the optimum finds an optimal
  /// route; a bar below it changes nothing.
  @Test(arguments: 0..<30)
  func aBarIsReachedExactlyWhenARouteScoresThatMuch(seed: Int) throws {
    let seed = UInt64(seed) &* 104_729 &+ 3
    let (instance, expected) = try Self.solvedInstance(
      seed: seed, customers: 3 + Int(seed % 6), days: 1)
    let day = instance.days[0]
    let solve = { (bar: Double) in
      OrienteeringLabelling.solve(
        instance, day: day, deadline: Deadline(after: .seconds(30)), atLeast: bar)
    }
    let above = solve(expected + 0.5)
    #expect(above.proven)
    #expect(above.score < expected + 0.5)
    Self.expectTrip([above.route], worth: above.score, in: instance)
    let far = solve(1e12)
    #expect(far.proven)
    #expect(far.labels == 1)
    #expect(far.route.isEmpty && far.score == 0)
    for bar in [expected, expected - 1, -Double.infinity] {
      let reached = solve(bar)
      #expect(reached.proven, "bar \(bar)")
      #expect(reached.score == expected, "bar \(bar)")
      #expect(Self.isTrip([reached.route], instance), "bar \(bar)")
    }
  }

  @Test func aTimedOutProofSaysSo() throws {
    let instance = try #require(Self.instance(seed: 5, customers: 8, days: 1))
    let exact = OrienteeringLabelling.solve(
      instance, day: instance.days[0], deadline: Deadline(after: .zero))
    #expect(!exact.proven)
    #expect(Self.isTrip([exact.route], instance))
  }

  /// A visit of no time at a window of one instant is a visit: the proof
  /// takes both customers, the second reached exactly at its instant; a
  /// minute later there, and only one of them fits.
  @Test func aVisitOfNoTimeAtOneInstantIsProvenIn() throws {
    /// Three vertices on a line 10 apart; the first customer closes at 15,
    /// the second opens and closes at 20.
    func proof(firstVisit: Int) throws -> OrienteeringLabelling.Result {
      let instance = try #require(
        OrienteeringInstance(
          scores: [0, 5, 7], durations: [0, firstVisit, 0], opens: [0, 0, 20],
          closes: [100, 15, 20], travel: [0, 10, 20, 10, 0, 10, 20, 10, 0],
          days: [OrienteeringDay(start: 0, end: 100)]))
      return OrienteeringLabelling.solve(
        instance, day: instance.days[0], deadline: Deadline(after: .seconds(10)))
    }
    let exact = try proof(firstVisit: 0)
    #expect(exact.proven)
    #expect(exact.route == [1, 2])
    #expect(exact.score == 12)
    let without = try proof(firstVisit: 1)
    #expect(without.proven)
    #expect(without.score == 7)
  }

  /// A proof whose memory holds a few labels stops at them and says so; with
  /// room it proves the same instance.
  @Test func aProofOutOfMemorySaysSo() throws {
    let instance = try #require(Self.instance(seed: 5, customers: 8, days: 1))
    let roomy = OrienteeringLabelling.solve(
      instance, day: instance.days[0], deadline: Deadline(after: .seconds(30)))
    #expect(roomy.proven)
    #expect(roomy.labels > 3)
    let budget = 4 * 3 * TripLabelling.bytesPerLabel / 3
    let tight = OrienteeringLabelling.solve(
      instance, day: instance.days[0], deadline: Deadline(after: .seconds(30)),
      memoryBudget: budget)
    #expect(!tight.proven)
    #expect(tight.labels <= 3 * tight.iterations)
    #expect(Self.isTrip([tight.route], instance))
  }
}

extension OrienteeringTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test(arguments: 0..<60)
    func oneRouteExactAgreesWithBruteForce(seed: Int) throws {
      let seed = UInt64(seed) &* 7919 &+ 11
      let (instance, expected, result) = try OrienteeringTests.solved(
        seed: seed, customers: 1 + Int(seed % 8), days: 1, timeLimit: .seconds(30))
      #expect(result.trip.optimal)
      #expect(result.trip.score == expected)
      OrienteeringTests.expectTrip(result.trip.routes, worth: result.trip.score, in: instance)
      let exact = OrienteeringLabelling.solve(
        instance, day: instance.days[0], deadline: Deadline(after: .seconds(30)))
      #expect(exact.proven)
      #expect(exact.score == expected)
      #expect(OrienteeringTests.isTrip([exact.route], instance))
    }

    /// Routes long enough for every move within and across routes, on days
    /// of different hours: the trip is on time by the independent reading and
    /// no worse than the search's first local optimum.
    @Test(arguments: 0..<6)
    func longerRoutesOnDaysOfDifferentHoursStayOnTime(seed: Int) throws {
      let seed = UInt64(seed) &+ 4000
      print("orienteering seed \(seed)")
      let instance = try #require(
        OrienteeringTests.instance(seed: seed, customers: 60, days: 2 + Int(seed % 2)))
      let heuristic = OrienteeringHeuristic(instance: instance)
      let first = heuristic.solve(seed: seed, until: Deadline(after: .seconds(60)), patience: 0)
      let result = heuristic.solve(seed: seed, until: Deadline(after: .seconds(60)), patience: 300)
      #expect(OrienteeringTests.isTrip(first.routes, instance))
      OrienteeringTests.expectTrip(result.routes, worth: result.score, in: instance)
      #expect(result.score >= first.score)
      #expect(result.routes.filter { $0.count >= 3 }.count >= 2)
    }
  }
}
