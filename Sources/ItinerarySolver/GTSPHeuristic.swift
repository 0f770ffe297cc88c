import ItineraryCore
#if canImport(Glibc)
import Glibc
#endif

func tuning(_ name: String, _ fallback: Double) -> Double {
  guard let v = getenv(name) else { return fallback }
  return Double(String(cString: v)) ?? fallback
}

/// A large-neighbourhood search for the generalized TSP, after GLNS (Smith &
/// Imeson 2017) with the local search of the Gutin-Karapetyan memetic
/// algorithm (2010).
///
/// Each trial builds a tour by random cheapest insertion, then repeats:
/// remove a few clusters (a random set or a run of consecutive ones),
/// reinsert each at its cheapest position with its cheapest node, and improve
/// the result to a local optimum of three neighbourhoods:
/// - *insertion*: take one cluster out and put it back at its best position
///   with its best node;
/// - *2-opt* on the chosen nodes (reversal costs from prefix sums, so it
///   also serves asymmetric instances);
/// - *cluster optimization*: the best nodes for the current cluster order,
///   a layered shortest path (`LayeredShortestPath`).
/// A new tour replaces the current one when it is no worse. A trial ends
/// after a run of iterations without improvement; the search ends after its
/// trials, at the time limit or on reaching a target cost.
///
/// Deterministic for a given seed whenever the time limit does not cut it short.
///
/// - Complexity: one iteration is O(r * N * m) to reinsert r clusters, plus
///   local search passes of O(N * m + m^2) and cluster optimization
///   O(s * sum n_i n_(i+1)), for m clusters, N nodes and a smallest cluster of s.
public struct GTSPHeuristic {
  /// What a search found, and when.
  public struct Result: Sendable {
    public var tour: GTSPTour
    public var trials: Int
    public var iterations: Int
    /// Seconds from the start of the search to the best tour.
    public var secondsToBest: Double
  }

  private let instance: GTSPInstance
  private let epsilon: Double
  /// How much worse than a trial's best a tour may be and still be kept
  /// as the current one (a fraction of the best cost).
  private static let acceptance = 0.002

  public init(instance: GTSPInstance) {
    self.instance = instance
    var largest = 1.0
    for v in 0..<min(instance.nodeCount, 64) {
      for u in 0..<min(instance.nodeCount, 64) { largest = max(largest, abs(instance.cost(v, u))) }
    }
    epsilon = 1e-9 * largest
  }

  /// The best tour found.
  ///
  /// - Parameters:
  ///   - seed: the random seed; the same seed gives the same tour.
  ///   - deadline: the search stops when it passes.
  ///   - trials: independent restarts (at least 1).
  ///   - target: stop as soon as a tour costs at most this much.
  public func solve(
    seed: UInt64, until deadline: Deadline, trials: Int = 3, target: Double? = nil
  ) -> Result {
    let clock = ContinuousClock()
    let start = clock.now
    var random = SplitMix64(seed: seed)
    var search = GTSPTourSearch(instance: instance, epsilon: epsilon, width: Int(tuning("GTSP_WIDTH", 8)))
    var best: [Int] = []
    var bestCost = Double.infinity
    var secondsToBest = 0.0
    var iterations = 0
    var trialsRun = 0
    let m = instance.clusters.count
    let acceptance = tuning("GTSP_ACCEPT", 0.003)
    let stallLimit = max(Self.stallMinimum, Int(tuning("GTSP_STALL", Double(Self.stallPerCluster))) * m, Int(tuning("GTSP_STALLSQ", 1)) * m * m)
    search: for _ in 0..<max(1, trials) {
      trialsRun += 1
      search.load(initialTour(&random))
      search.touchAll()
      search.optimize()
      var current = search.tour
      var cost = instance.tourCost(current)
      var trialBest = (tour: current, cost: cost)
      var stall = 0
      while stall < stallLimit {
        if trialBest.cost < bestCost - epsilon {
          best = trialBest.tour
          bestCost = trialBest.cost
          secondsToBest = (clock.now - start).seconds
        }
        if let target, bestCost <= target + epsilon { break search }
        if deadline.hasPassed { break search }
        iterations += 1
        kick(&search, &random)
        search.optimize()
        let candidateCost = search.cost
        if candidateCost < trialBest.cost - epsilon {
          let exact = instance.tourCost(search.tour)
          trialBest = (search.tour, exact)
          stall = 0
        } else {
          stall += 1
        }
        if candidateCost <= cost + epsilon
          || candidateCost <= trialBest.cost + acceptance * abs(trialBest.cost)
        {
          current = search.tour
          cost = candidateCost
        } else {
          search.load(current)
        }
      }
      if trialBest.cost < bestCost - epsilon {
        best = trialBest.tour
        bestCost = trialBest.cost
        secondsToBest = (clock.now - start).seconds
      }
    }
    if getenv("GTSP_DEBUG") != nil {
      print("trials \(trialsRun) iterations \(iterations) toBest \(secondsToBest) total \((clock.now - start).seconds) moves \(search.moves) pops \(search.pops) co \(search.clusterOptimizations)")
    }
    return Result(
      tour: GTSPTour(nodes: best, cost: instance.tourCost(best), optimal: false),
      trials: trialsRun, iterations: iterations, secondsToBest: secondsToBest)
  }

  static let stallMinimum = 300
  static let stallPerCluster = 100

  /// A random change of the tour for the local search to repair: runs
  /// swapped (a double bridge on a window) or a few clusters taken out and
  /// put back.
  private func kick(_ search: inout GTSPTourSearch, _ random: inout SplitMix64) {
    let m = instance.clusters.count
    let r = Double(random.below(1000)) / 1000
    let swapShare = tuning("GTSP_SWAP", 0.75)
    let removeCount = Int(tuning("GTSP_REMOVE", 10))
    if r < swapShare {
      search.segmentSwap(&random, longest: max(3, min(Int(tuning("GTSP_SEG", 70)), m)))
    } else {
      search.removeAndReinsert(
        &random, count: 2 + random.below(max(1, min(removeCount, m / 4))),
        nearby: r < swapShare + (1 - swapShare) / 2, scatter: random.below(4) == 0)
    }
  }

  // MARK: Construction and perturbation

  /// Random cheapest insertion: clusters in random order, each at its best
  /// position with its best node.
  private func initialTour(_ random: inout SplitMix64) -> [Int] {
    var order = Array(instance.clusters.indices)
    random.shuffle(&order)
    let first = instance.clusters[order[0]]
    var tour = [first[random.below(first.count)]]
    for cluster in order.dropFirst() { insertCheapest(cluster, into: &tour) }
    return tour
  }

  /// Inserts the best node of `cluster` at its cheapest position.
  ///
  /// - Complexity: O(n_cluster * tour length).
  private func insertCheapest(_ cluster: Int, into tour: inout [Int]) {
    let (node, position, _) = cheapestInsertion(of: cluster, into: tour)
    tour.insert(node, at: position)
  }

  /// The node of `cluster`, the position to insert it at and the added cost.
  private func cheapestInsertion(of cluster: Int, into tour: [Int])
    -> (node: Int, position: Int, delta: Double)
  {
    var best = (node: instance.clusters[cluster][0], position: tour.count, delta: Double.infinity)
    for node in instance.clusters[cluster] {
      for i in tour.indices {
        let a = tour[i]
        let b = tour[i + 1 == tour.count ? 0 : i + 1]
        let delta = instance.cost(a, node) + instance.cost(node, b) - instance.cost(a, b)
        if delta < best.delta { best = (node, i + 1, delta) }
      }
    }
    return best
  }

}
