import ItineraryCore
import ItineraryTestSupport
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// The GTSP solvers against enumeration on seeded random asymmetric instances.
@Suite struct ClusterHeldKarpTests {
  /// A random GTSP instance: `clusters` clusters of 1 to 3 nodes, integer
  /// costs in 1...100, asymmetric unless `symmetric`.
  static func randomInstance(clusters: Int, symmetric: Bool, seed: UInt64) -> GTSPInstance? {
    var generator = SplitMix64(seed: seed)
    var sets: [[Int]] = []
    var n = 0
    for _ in 0..<clusters {
      let size = Int.random(in: 1...3, using: &generator)
      sets.append(Array(n..<n + size))
      n += size
    }
    var costs = Array(repeating: 0.0, count: n * n)
    for i in 0..<n {
      for j in 0..<n where i != j {
        costs[i * n + j] = Double(Int.random(in: 1...100, using: &generator))
        if symmetric && j < i { costs[i * n + j] = costs[j * n + i] }
      }
    }
    return GTSPInstance(nodeCount: n, clusters: sets, costs: costs)
  }

  /// The least tour cost by enumerating every order and every choice of nodes.
  static func bruteForce(_ instance: GTSPInstance) -> Double {
    var best = Double.infinity
    var used = Array(repeating: false, count: instance.clusters.count)
    var tour: [Int] = []
    func extend() {
      guard tour.count < instance.clusters.count else {
        best = min(best, instance.tourCost(tour))
        return
      }
      for cluster in instance.clusters.indices where !used[cluster] {
        if tour.isEmpty && cluster != 0 { continue }
        used[cluster] = true
        for node in instance.clusters[cluster] {
          tour.append(node)
          extend()
          tour.removeLast()
        }
        used[cluster] = false
      }
    }
    extend()
    return best
  }

  @Test(arguments: [(2, false), (4, false), (5, true), (6, false), (6, true)])
  func exactMatchesBruteForce(clusters: Int, symmetric: Bool) throws {
    for seed: UInt64 in 0..<20 {
      let instance = try #require(
        Self.randomInstance(clusters: clusters, symmetric: symmetric, seed: seed))
      let expected = Self.bruteForce(instance)
      let tour = try #require(ClusterHeldKarp.solve(instance), "seed \(seed)")
      #expect(tour.optimal && tour.cost == expected, "seed \(seed)")
      #expect(instance.isFeasible(tour.nodes) && instance.tourCost(tour.nodes) == tour.cost)
      // A tight bound prunes, and must not lose the optimum.
      let pruned = try #require(
        ClusterHeldKarp.solve(
          instance, incumbent: GTSPTour(nodes: tour.nodes, cost: expected + 1, optimal: false)),
        "seed \(seed)")
      #expect(pruned.cost == expected, "seed \(seed)")
    }
  }

  @Test func tooLargeATableIsRefused() throws {
    let instance = try #require(Self.randomInstance(clusters: 6, symmetric: false, seed: 1))
    #expect(ClusterHeldKarp.solve(instance, maxCells: 8) == nil)
    let result = GTSPSolver.solve(
      instance, options: SolveOptions(timeLimit: .seconds(5)), maxCells: 8)
    #expect(!result.tour.optimal && !result.exactCompleted)
  }
}

extension ClusterHeldKarpTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test(arguments: [4, 6])
    func heuristicFindsTheOptimumOnSmallInstances(clusters: Int) throws {
      for seed: UInt64 in 0..<20 {
        let instance = try #require(
          ClusterHeldKarpTests.randomInstance(
            clusters: clusters, symmetric: seed % 2 == 0, seed: seed))
        let result = GTSPHeuristic(instance: instance).solve(
          seed: seed, until: Deadline(after: .seconds(5)))
        #expect(instance.isFeasible(result.tour.nodes), "seed \(seed)")
        #expect(result.tour.cost == ClusterHeldKarpTests.bruteForce(instance), "seed \(seed)")
        #expect(!result.tour.optimal)
      }
    }

    @Test func heuristicIsDeterministicForASeed() throws {
      let instance = try #require(
        ClusterHeldKarpTests.randomInstance(clusters: 12, symmetric: false, seed: 7))
      let heuristic = GTSPHeuristic(instance: instance)
      let first = heuristic.solve(seed: 3, until: Deadline(after: .seconds(30)))
      let second = heuristic.solve(seed: 3, until: Deadline(after: .seconds(30)))
      #expect(first.tour == second.tour && first.iterations == second.iterations)
    }
  }
}
