import ItineraryCore
import Testing

@testable import ItinerarySolver

/// The heuristic's local search and kicks on seeded random instances.
@Suite struct GTSPTourSearchTests {
  /// Every move keeps the tour feasible, its running cost exact, and never
  /// makes it worse; the kicks keep it feasible and priced.
  /// Seed `seed`'s instance of `clusters` clusters, symmetric on even seeds.
  static func instance(clusters: Int, seed: UInt64) throws -> GTSPInstance {
    try #require(
      ClusterHeldKarpTests.randomInstance(clusters: clusters, symmetric: seed % 2 == 0, seed: seed))
  }

  @Test(arguments: [3, 4, 5, 8, 12, 20])
  func movesNeverWorsenTheTour(clusters: Int) throws {
    for seed: UInt64 in 0..<30 {
      let instance = try Self.instance(clusters: clusters, seed: seed)
      var random = SplitMix64(seed: seed)
      var search = GTSPTourSearch(instance: instance, epsilon: 1e-9, width: 1 + Int(seed % 5))
      search.load(instance.randomTour(&random))
      search.touchAll()
      for round in 0..<20 {
        let before = search.cost
        search.optimize()
        #expect(instance.isFeasible(search.tour), "seed \(seed) round \(round)")
        #expect(
          abs(search.cost - instance.tourCost(search.tour)) < 1e-6, "seed \(seed) round \(round)")
        #expect(search.cost <= before + 1e-9, "seed \(seed) round \(round)")
        switch round % 3 {
        case 0: search.segmentSwap(&random, longest: 1 + Int(seed % 7))
        case 1: search.removeAndReinsert(&random, count: 2, nearby: true)
        default: search.removeAndReinsert(&random, count: 3, nearby: false, scatter: seed % 2 == 0)
        }
        #expect(instance.isFeasible(search.tour), "seed \(seed) round \(round)")
        #expect(abs(search.cost - instance.tourCost(search.tour)) < 1e-6, "seed \(seed)")
      }
    }
  }

  /// With every cluster a candidate, a local optimum admits no improving
  /// reinsertion, 2-opt or Or-opt move, by enumeration.
  @Test func aLocalOptimumHasNoImprovingMove() throws {
    for seed: UInt64 in 0..<40 {
      let clusters = 5 + Int(seed % 8)
      let instance = try Self.instance(clusters: clusters, seed: seed)
      var random = SplitMix64(seed: seed)
      var search = GTSPTourSearch(instance: instance, epsilon: 1e-9, width: clusters)
      search.load(instance.randomTour(&random))
      search.touchAll()
      search.optimize()
      let tour = search.tour
      let cost = instance.tourCost(tour)
      let m = tour.count
      // Reinsertion of any cluster with any node anywhere.
      for p in 0..<m {
        var rest = tour
        rest.remove(at: p)
        for v in instance.clusters[instance.clusterOf[tour[p]]] {
          for at in 0...rest.count {
            var moved = rest
            moved.insert(v, at: at)
            #expect(instance.tourCost(moved) >= cost - 1e-9, "seed \(seed): reinsertion")
          }
        }
      }
      // 2-opt: any reversal.
      for i in 0..<m {
        for j in (i + 1)..<m {
          var turned = tour
          turned[i...j].reverse()
          #expect(instance.tourCost(turned) >= cost - 1e-9, "seed \(seed): 2-opt")
        }
      }
      // Or-opt: runs of 2 and 3 moved anywhere, either way round.
      for length in 2...3 where m > length + 2 {
        for start in 0..<m {
          let rotated = Array(tour[start...] + tour[..<start])
          let run = Array(rotated[..<length])
          let rest = Array(rotated[length...])
          for at in 1..<rest.count {
            for piece in [run, run.reversed()] {
              var moved = rest
              moved.insert(contentsOf: piece, at: at)
              #expect(instance.tourCost(moved) >= cost - 1e-9, "seed \(seed): Or-opt")
            }
          }
        }
      }
    }
  }

  /// Cluster optimization is optimal for a fixed cluster order: checked
  /// against every choice of nodes.
  @Test func clusterOptimizationIsOptimalForItsOrder() throws {
    for seed: UInt64 in 0..<40 {
      let clusters = 2 + Int(seed % 6)
      let instance = try Self.instance(clusters: clusters, seed: seed)
      var random = SplitMix64(seed: seed)
      var order = Array(instance.clusters.indices)
      random.shuffle(&order)
      var best = Double.infinity
      var nodes: [Int] = []
      func choose(_ k: Int) {
        guard k < order.count else {
          best = min(best, instance.tourCost(nodes))
          return
        }
        for v in instance.clusters[order[k]] {
          nodes.append(v)
          choose(k + 1)
          nodes.removeLast()
        }
      }
      choose(0)
      var layered = LayeredShortestPath(instance: instance)
      let optimized = layered.optimize(order: order)
      #expect(abs(optimized.cost - best) < 1e-9, "seed \(seed)")
      #expect(abs(instance.tourCost(optimized.nodes) - best) < 1e-9, "seed \(seed)")
      #expect(instance.isFeasible(optimized.nodes), "seed \(seed)")
      // Same cyclic order of clusters.
      let got = optimized.nodes.map { instance.clusterOf[$0] }
      let shift = try #require(got.firstIndex(of: order[0]))
      #expect(Array(got[shift...] + got[..<shift]) == order, "seed \(seed)")
    }
  }
}
