import ItineraryCore
import Testing

@testable import ItinerarySolver

/// The heuristic's pool of trial tours and its crossover, on seeded random
/// instances.
@Suite struct GTSPElitePoolTests {
  /// A child visits every cluster once, with a node of one of its parents.
  @Test(arguments: [2, 3, 5, 12, 40])
  func childrenAreTours(clusters: Int) throws {
    for seed: UInt64 in 0..<20 {
      let instance = try #require(
        ClusterHeldKarpTests.randomInstance(clusters: clusters, symmetric: true, seed: seed))
      var random = SplitMix64(seed: seed)
      var pool = GTSPElitePool(instance: instance, capacity: 3, epsilon: 1e-9)
      #expect(pool.child(&random) == nil)
      var parents: Set<Int> = []
      for cost in 1...3 {
        let tour = instance.randomTour(&random)
        pool.offer(tour, cost: Double(cost))
        parents.formUnion(tour)
      }
      for _ in 0..<10 {
        let child = try #require(pool.child(&random))
        #expect(instance.isFeasible(child), "seed \(seed)")
        #expect(child.allSatisfy(parents.contains), "seed \(seed)")
      }
    }
  }

  /// The pool keeps distinct costs and never more than its capacity; a
  /// better tour takes the place of the worse tour most like it.
  @Test func keepsTheBestDistinctTours() throws {
    let instance = try #require(
      ClusterHeldKarpTests.randomInstance(clusters: 8, symmetric: true, seed: 1))
    var random = SplitMix64(seed: 1)
    var pool = GTSPElitePool(instance: instance, capacity: 3, epsilon: 1e-9)
    let tours = (0..<3).map { _ in instance.randomTour(&random) }
    for (tour, cost) in zip(tours + tours, [5.0, 6, 7, 5, 9, 8]) { pool.offer(tour, cost: cost) }
    #expect(pool.tours.map(\.cost) == [5, 6, 7])
    pool.offer(tours[1], cost: 5.5)
    #expect(pool.tours.map(\.cost) == [5, 5.5, 7])
    pool.offer(tours[2], cost: 9)
    #expect(pool.tours.map(\.cost) == [5, 5.5, 7])
  }
}
