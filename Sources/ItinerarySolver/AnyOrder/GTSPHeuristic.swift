import ItineraryCore

/// An iterated local search for the generalized TSP, with the moves of the
/// Gutin-Karapetyan memetic algorithm (2010) and GLNS's removal and
/// reinsertion (Smith & Imeson 2017) among its kicks.
///
/// Each trial builds a tour by random cheapest insertion and improves it
/// with `GTSPTourSearch` (reinsertion with node choice, 2-opt and Or-opt on
/// candidate lists, then cluster optimization, the best nodes for the
/// cluster order), then repeats: kick the tour (`kick`), and improve it
/// again from the clusters the kick touched. The new tour is kept when it is
/// no worse than the current one, or within 0.3% of the trial's best;
/// otherwise the search goes back to the current tour. A trial ends after a
/// run of kicks without improvement (`stallMinimum`); the search ends after
/// its trials, at the deadline or on reaching a target cost.
///
/// Above `restartingClusters` clusters the trials are short and, after the
/// first `scratchTrials`, start from a crossover of two of the best trials'
/// tours (`GTSPElitePool`) instead of from scratch.
///
/// Deterministic for a given seed whenever the deadline does not cut it
/// short; none of its choices depends on the time limit, so a longer limit
/// only continues the same search.
///
/// - Complexity: a kick is O(m) (a run swap) or O(r * N * m) (r clusters
///   reinserted), keeping a trial's tour O(e * m) for e tours kept; the
///   local search after it is O(w * n_c) a move tried from a cluster of n_c
///   nodes with w candidates, O(m) a move applied, and cluster optimization
///   O(s * sum n_i n_(i+1)), for m clusters, N nodes and a smallest cluster
///   of s.
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
  private static let acceptance = 0.003

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
  ///   - trials: independent restarts (at least 1); by default 3 up to
  ///     `restartingClusters` clusters, and as many as the deadline allows
  ///     above (their trials need more time than three give them to converge).
  ///   - target: stop as soon as a tour costs at most this much.
  public func solve(
    seed: UInt64, until deadline: Deadline, trials: Int? = nil, target: Double? = nil
  ) -> Result {
    let clock = ContinuousClock()
    let start = clock.now
    var random = SplitMix64(seed: seed)
    var search = GTSPTourSearch(
      instance: instance, epsilon: epsilon, width: Self.candidateClusters)
    var best: [Int] = []
    var bestCost = Double.infinity
    var secondsToBest = 0.0
    var iterations = 0
    var trialsRun = 0
    let m = instance.clusters.count
    let restarting = m > Self.restartingClusters
    var pool = GTSPElitePool(instance: instance, capacity: Self.eliteTours, epsilon: epsilon)
    let trials = max(1, trials ?? (restarting ? Int.max : 3))
    search: while trialsRun < trials {
      if trialsRun > 0, deadline.hasPassed { break }
      trialsRun += 1
      let child = restarting && trialsRun > Self.scratchTrials ? pool.child(&random) : nil
      let stallLimit =
        !restarting
        ? max(Self.stallMinimum, Self.stallPerCluster * m)
        : (child == nil ? Self.restartStallPerCluster : Self.childStallPerCluster) * m
      search.load(child ?? initialTour(&random))
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
          || candidateCost <= trialBest.cost + Self.acceptance * abs(trialBest.cost)
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
      if restarting { pool.offer(trialBest.tour, cost: trialBest.cost) }
    }
    return Result(
      tour: GTSPTour(nodes: best, cost: instance.tourCost(best), optimal: false),
      trials: trialsRun, iterations: iterations, secondsToBest: secondsToBest)
  }

  /// A trial ends after max(`stallMinimum`, `stallPerCluster` m) kicks in
  /// a row that do not improve its best tour, for m clusters.
  static let stallMinimum = 300
  static let stallPerCluster = 150
  /// Above this many clusters the search restarts until its deadline, and
  /// its trials end sooner: after `restartStallPerCluster` m kicks without
  /// improvement from scratch, `childStallPerCluster` m from a crossover.
  static let restartingClusters = 100
  static let restartStallPerCluster = 50
  static let childStallPerCluster = 25
  /// Trials from scratch before the crossovers (above `restartingClusters`).
  static let scratchTrials = 3
  /// The best distinct tours kept for the crossovers.
  static let eliteTours = 6
  /// Candidate clusters per node in the local search.
  static let candidateClusters = 8
  /// The longest run a segment swap moves.
  static let longestSwappedRun = 70

  /// A random change of the tour for the local search to repair: three
  /// times in four two adjacent runs swapped (a double bridge on a window of
  /// up to 140 stops), else 2 to 11 clusters taken out (the nearest a random
  /// stop, or a run) and put back, a quarter of the time anywhere.
  private func kick(_ search: inout GTSPTourSearch, _ random: inout SplitMix64) {
    let m = instance.clusters.count
    let r = random.below(8)
    if r < 6 {
      search.segmentSwap(&random, longest: max(3, min(Self.longestSwappedRun, m)))
    } else {
      search.removeAndReinsert(
        &random, count: 2 + random.below(max(1, min(10, m / 4))), nearby: r == 6,
        scatter: random.below(4) == 0)
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
