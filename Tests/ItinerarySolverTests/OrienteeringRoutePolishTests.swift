import ItineraryCore
import Synchronization
import Testing

@testable import ItinerarySolver

/// The polish on small seeded instances, each route checked against a
/// brute force over the vertices the other routes leave free.
@Suite struct OrienteeringRoutePolishTests {
  /// The scores of the trips a polish was asked for, in order.
  final class Scores: Sendable {
    let list = Mutex<[Double]>([])
  }

  /// From empty routes, each route ends the best for the others (no route
  /// over the vertices they leave free scores more), and the trip is on time.
  @Test(arguments: 0..<30)
  func eachRouteEndsTheBestForTheOthers(seed: Int) throws {
    let seed = UInt64(seed) &* 2_654_435_761 &+ 17
    print("orienteering seed \(seed)")
    let days = 2 + Int(seed % 2)
    let instance = try #require(
      OrienteeringTests.instance(seed: seed, customers: 5 + Int(seed % 3), days: days))
    let polished = OrienteeringRoutePolish.polish(
      instance, routes: Array(repeating: [], count: days)
    ) { Deadline(after: .seconds(30)) }
    let routes = try #require(polished)
    #expect(OrienteeringTests.isTrip(routes, instance))
    for day in routes.indices {
      let others = Set(routes.indices.filter { $0 != day }.flatMap { routes[$0] })
      let free = (1..<instance.vertexCount).filter { !others.contains($0) }
      let part = instance.restricted(to: free, days: [instance.days[day]])
      #expect(
        instance.score([routes[day]]) == OrienteeringTests.bruteForce(part), "day \(day)")
    }
  }

  /// When not even the first route's proof can end, the polish says so.
  @Test func noRouteItCanProveMeansNoPolish() throws {
    let instance = try #require(OrienteeringTests.instance(seed: 9, customers: 8, days: 2))
    #expect(OrienteeringTests.bruteForce(instance) > 0)
    let routes = OrienteeringRoutePolish.polish(instance, routes: [[], []]) {
      Deadline(after: .zero)
    }
    #expect(routes == nil)
  }

  /// The heuristic's first search polishes its best trips once its start
  /// has passed, each better best once, and never before.
  @Test(arguments: [false, true])
  func theHeuristicPolishesItsBestTripsOnce(later: Bool) throws {
    let instance = try #require(OrienteeringTests.instance(seed: 21, customers: 8, days: 2))
    let polished = Scores()
    let start = Deadline(after: later ? .seconds(3600) : .zero)
    let polish = OrienteeringPolish(start: start) { routes in
      polished.list.withLock { $0.append(instance.score(routes)) }
      return OrienteeringRoutePolish.polish(instance, routes: routes) {
        Deadline(after: .seconds(30))
      }
    }
    let result = OrienteeringHeuristic(instance: instance).solve(
      seed: 21, until: Deadline(after: .seconds(60)), patience: 500, threads: 2, polish: polish)
    let scores = polished.list.withLock { $0 }
    print("polished bests: \(scores)")
    #expect(OrienteeringTests.isTrip(result.routes, instance))
    if later {
      #expect(scores.isEmpty)
    } else {
      #expect(!scores.isEmpty)
      #expect(zip(scores, scores.dropFirst()).allSatisfy { $0 < $1 })
      #expect(result.score >= scores.max() ?? 0)
    }
  }

  /// A polish that says it is of no use is not asked again.
  @Test func aPolishOfNoUseIsAskedOnce() throws {
    let instance = try #require(OrienteeringTests.instance(seed: 33, customers: 8, days: 2))
    let asked = Scores()
    let polish = OrienteeringPolish(start: Deadline(after: .zero)) { routes in
      asked.list.withLock { $0.append(instance.score(routes)) }
      return nil
    }
    let result = OrienteeringHeuristic(instance: instance).solve(
      seed: 33, until: Deadline(after: .seconds(60)), patience: 500, polish: polish)
    #expect(OrienteeringTests.isTrip(result.routes, instance))
    #expect(asked.list.withLock { $0.count } == 1)
  }
}
