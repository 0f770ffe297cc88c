import ItineraryCore
import ItineraryTestSupport
import Testing

@testable import ItinerarySolver

/// The route pool's recombination against a brute force over every choice
/// of one pool route (or none) per day, on small seeded pools.
@Suite struct OrienteeringRoutePoolTests {
  /// Routes grown at random, each on time on one day at least.
  static func pool(_ instance: OrienteeringInstance, seed: UInt64, count: Int)
    -> OrienteeringRoutePool<OrienteeringInstance>
  {
    var random = SplitMix64(seed: seed)
    var pool = OrienteeringRoutePool(instance: instance)
    for _ in 0..<count * 4 where pool.entries.count < count {
      let day = instance.days[random.below(instance.days.count)]
      var customers = Array(1..<instance.vertexCount)
      random.shuffle(&customers)
      var route: [Int] = []
      let length = 1 + random.below(5)
      for vertex in customers where route.count < length {
        if OrienteeringTests.onTime(route + [vertex], day: day, instance) { route.append(vertex) }
      }
      pool.add(route)
    }
    return pool
  }

  static func bruteForce(_ pool: OrienteeringRoutePool<OrienteeringInstance>, days: Int) -> Double {
    var best = 0.0
    var used = Set<Int>()
    func choose(_ day: Int, _ value: Double) {
      best = max(best, value)
      guard day < days else { return }
      choose(day + 1, value)
      for entry in pool.entries where used.isDisjoint(with: entry.route) {
        guard let worth = entry.values[day] else { continue }
        used.formUnion(entry.route)
        choose(day + 1, value + worth)
        used.subtract(entry.route)
      }
    }
    choose(0, 0)
    return best
  }

  /// A seeded instance of `days` routes, its days distinct; with `alike`,
  /// or past the three distinct days a seed gives, every day the first one.
  static func instance(seed: UInt64, customers: Int, days: Int, alike: Bool) throws
    -> OrienteeringInstance
  {
    let instance = try #require(
      OrienteeringTests.instance(seed: seed, customers: customers, days: min(days, 3)))
    guard alike || days > 3 else { return instance }
    return try #require(instance.with(days: Array(repeating: instance.days[0], count: days)))
  }

  @Test(arguments: 0..<40)
  func packingIsOptimalAndDisjoint(seed: Int) throws {
    let seed = UInt64(seed) &* 6151 &+ 7
    let days = 2 + Int(seed % 3)
    // Every other seed: every day alike (the symmetric case).
    let instance = try Self.instance(seed: seed, customers: 12, days: days, alike: seed % 2 == 0)
    let pool = Self.pool(instance, seed: seed, count: 6 + Int(seed % 20))
    let packed = pool.bestTrip()
    #expect(packed.complete)
    #expect(packed.routes.count == days)
    OrienteeringTests.expectTrip(packed.routes, worth: packed.score, in: instance)
    #expect(packed.score == Self.bruteForce(pool, days: days))
    let pooled = Set(pool.entries.map(\.route))
    #expect(packed.routes.allSatisfy { $0.isEmpty || pooled.contains($0) })
  }

  @Test func duplicatesAndLateRoutesAreNotPooled() throws {
    let instance = try #require(
      OrienteeringInstance(
        scores: [0, 5, 3], durations: [0, 10, 10], opens: [0, 0, 0], closes: [100, 100, 100],
        travel: [0, 10, 10, 10, 0, 10, 10, 10, 0], days: [OrienteeringDay(start: 0, end: 60)]))
    var pool = OrienteeringRoutePool(instance: instance)
    let added = [pool.add([1, 2]), pool.add([2, 1]), pool.add([]), pool.add([1])]
    #expect(added == [true, false, false, true])
    #expect(pool.entries.map(\.route) == [[1, 2], [1]])
    let late = try #require(instance.with(days: [OrienteeringDay(start: 0, end: 30)]))
    var short = OrienteeringRoutePool(instance: late)
    let shortAdded = [short.add([1, 2]), short.add([2])]
    #expect(shortAdded == [false, true])
  }

  @Test func aSpentBudgetStillGivesATrip() throws {
    let instance = try #require(OrienteeringTests.instance(seed: 3, customers: 14, days: 3))
    let pool = Self.pool(instance, seed: 3, count: 30)
    let packed = pool.bestTrip(work: 5)
    OrienteeringTests.expectTrip(packed.routes, worth: packed.score, in: instance)
  }

}

extension OrienteeringRoutePoolTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    /// Three and four routes, alike and not: every trip the heuristic returns
    /// is on time (its moves across routes and the recombination included).
    @Test(arguments: 0..<12)
    func manyRouteHeuristicStaysFeasible(seed: Int) throws {
      let seed = UInt64(seed) &* 31 &+ 5
      let days = 3 + Int(seed % 2)
      let instance = try OrienteeringRoutePoolTests.instance(
        seed: seed, customers: 30, days: days, alike: seed % 2 == 1)
      let result = OrienteeringHeuristic(instance: instance).solve(
        seed: seed, until: Deadline(after: .seconds(30)), patience: 400)
      OrienteeringTests.expectTrip(result.routes, worth: result.score, in: instance)
    }
  }
}
