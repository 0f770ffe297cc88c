import ItineraryCore

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
    var layered = LayeredShortestPath(instance: instance)
    var best: [Int] = []
    var bestCost = Double.infinity
    var secondsToBest = 0.0
    var iterations = 0
    var trialsRun = 0
    let m = instance.clusters.count
    let stallLimit = max(200, 20 * m)
    search: for _ in 0..<max(1, trials) {
      trialsRun += 1
      var tour = initialTour(&random)
      var cost = improve(&tour, &layered, &random)
      var trialBest = (tour: tour, cost: cost)
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
        var candidate = tour
        perturb(&candidate, &random)
        let candidateCost = improve(&candidate, &layered, &random)
        if candidateCost < trialBest.cost - epsilon {
          trialBest = (candidate, candidateCost)
          stall = 0
        } else {
          stall += 1
        }
        if candidateCost <= cost + epsilon
          || candidateCost <= trialBest.cost + Self.acceptance * abs(trialBest.cost)
        {
          tour = candidate
          cost = candidateCost
        }
      }
      if trialBest.cost < bestCost - epsilon {
        best = trialBest.tour
        bestCost = trialBest.cost
        secondsToBest = (clock.now - start).seconds
      }
    }
    return Result(
      tour: GTSPTour(nodes: best, cost: instance.tourCost(best), optimal: false),
      trials: trialsRun, iterations: iterations, secondsToBest: secondsToBest)
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

  /// Removes a few clusters (a run of consecutive ones, the ones nearest a
  /// random stop, or a random set) and
  /// puts them back one by one in random order: usually each at its cheapest
  /// place with its cheapest node, sometimes anywhere with any node.
  private func perturb(_ tour: inout [Int], _ random: inout SplitMix64) {
    let m = tour.count
    guard m > 3 else { return }
    let count = 1 + random.below(max(1, min(m / 3, 30)))
    if random.below(4) == 0 {
      // A double bridge, the classic TSP kick: A B C D becomes A C B D.
      let a = 1 + random.below(m - 3)
      let b = a + 1 + random.below(m - a - 2)
      let c = b + 1 + random.below(m - b - 1)
      tour = Array(tour[..<a] + tour[b..<c] + tour[a..<b] + tour[c...])
      return
    }
    var removed: [Int] = []
    switch random.below(3) {
    case 0:
      let start = random.below(m)
      for offset in 0..<count { removed.append(tour[(start + offset) % m]) }
    case 1:
      let center = tour[random.below(m)]
      let nearest = tour.sorted {
        instance.cost(center, $0) + instance.cost($0, center)
          < instance.cost(center, $1) + instance.cost($1, center)
      }
      removed = Array(nearest.prefix(count))
    default:
      var positions = Array(tour.indices)
      random.shuffle(&positions)
      removed = positions.prefix(count).map { tour[$0] }
    }
    let removedSet = Set(removed)
    tour.removeAll { removedSet.contains($0) }
    random.shuffle(&removed)
    let scatter = random.below(4) == 0
    for node in removed {
      let cluster = instance.clusterOf[node]
      if scatter {
        let members = instance.clusters[cluster]
        tour.insert(members[random.below(members.count)], at: random.below(tour.count + 1))
      } else {
        insertCheapest(cluster, into: &tour)
      }
    }
  }

  // MARK: Local search

  /// Improves `tour` to a local optimum of insertion, 2-opt and cluster
  /// optimization, and returns its cost.
  private func improve(
    _ tour: inout [Int], _ layered: inout LayeredShortestPath, _ random: inout SplitMix64
  ) -> Double {
    var cost = instance.tourCost(tour)
    while true {
      let optimized = layered.optimize(order: tour.map { instance.clusterOf[$0] })
      if optimized.cost < cost - epsilon {
        tour = optimized.nodes
        cost = optimized.cost
      }
      var changed = true
      while changed {
        changed = reinsertionPass(&tour, &random)
        changed = twoOptPass(&tour) || changed
        changed = orOptPass(&tour) || changed
      }
      let newCost = instance.tourCost(tour)
      guard newCost < cost - epsilon else { return newCost }
      cost = newCost
    }
  }

  /// Takes each cluster out in turn and reinserts it at its best position
  /// with its best node, when that is cheaper. Returns whether it changed the tour.
  private func reinsertionPass(_ tour: inout [Int], _ random: inout SplitMix64) -> Bool {
    let m = tour.count
    guard m > 2 else { return false }
    var changed = false
    var clusters = tour.map { instance.clusterOf[$0] }
    random.shuffle(&clusters)
    for cluster in clusters {
      guard let p = tour.firstIndex(where: { instance.clusterOf[$0] == cluster }) else { continue }
      let x = tour[p]
      let a = tour[(p + m - 1) % m]
      let b = tour[(p + 1) % m]
      let saving = instance.cost(a, x) + instance.cost(x, b) - instance.cost(a, b)
      tour.remove(at: p)
      let (node, position, delta) = cheapestInsertion(of: cluster, into: tour)
      if delta < saving - epsilon {
        tour.insert(node, at: position)
        changed = true
      } else {
        tour.insert(x, at: p)
      }
    }
    return changed
  }

  /// First-improvement 2-opt on the chosen nodes, the first node fixed.
  /// Path costs of segments in both directions come from prefix sums, so a
  /// move is priced in O(1) on asymmetric costs too.
  private func twoOptPass(_ tour: inout [Int]) -> Bool {
    let m = tour.count
    guard m > 3 else { return false }
    var forward = Array(repeating: 0.0, count: m + 1)
    var backward = Array(repeating: 0.0, count: m + 1)
    func prefixSums() {
      for i in 0..<m {
        let a = tour[i]
        let b = tour[i + 1 == m ? 0 : i + 1]
        forward[i + 1] = forward[i] + instance.cost(a, b)
        backward[i + 1] = backward[i] + instance.cost(b, a)
      }
    }
    prefixSums()
    var changed = false
    var i = 0
    while i < m - 2 {
      let a = tour[i]
      let b = tour[i + 1]
      let removedAB = instance.cost(a, b)
      var j = i + 2
      while j < m {
        let c = tour[j]
        let d = tour[j + 1 == m ? 0 : j + 1]
        let delta =
          instance.cost(a, c) + instance.cost(b, d) - removedAB - instance.cost(c, d)
          + (backward[j] - backward[i + 1]) - (forward[j] - forward[i + 1])
        if delta < -epsilon {
          tour[(i + 1)...j].reverse()
          prefixSums()
          changed = true
          break
        }
        j += 1
      }
      i += 1
    }
    return changed
  }
}

extension GTSPHeuristic {
  /// The cost of the path through `tour[range]` in reverse, less forward.
  private func reversalChange(_ tour: [Int], _ range: Range<Int>) -> Double {
    var change = 0.0
    for i in range.dropLast() {
      change += instance.cost(tour[i + 1], tour[i]) - instance.cost(tour[i], tour[i + 1])
    }
    return change
  }

  /// Or-opt: moves a run of two or three consecutive stops elsewhere in the
  /// tour, forwards or reversed, when that is cheaper (first improvement).
  /// Returns whether it changed the tour.
  ///
  /// - Complexity: O(m^2) per pass.
  fileprivate func orOptPass(_ tour: inout [Int]) -> Bool {
    let m = tour.count
    guard m > 4 else { return false }
    var changed = false
    for length in 2...3 {
      var start = 0
      while start + length <= m {
        let range = start..<start + length
        let first = tour[start]
        let last = tour[start + length - 1]
        let before = tour[(start + m - 1) % m]
        let after = tour[(start + length) % m]
        let saving =
          instance.cost(before, first) + instance.cost(last, after) - instance.cost(before, after)
        let reversal = reversalChange(tour, range)
        var rest = Array(tour[..<start] + tour[(start + length)...])
        var bestMove: (position: Int, reversed: Bool, delta: Double)?
        for i in rest.indices {
          let a = rest[i]
          let b = rest[i + 1 == rest.count ? 0 : i + 1]
          if a == before && b == after { continue }
          let base = -instance.cost(a, b)
          let forward = base + instance.cost(a, first) + instance.cost(last, b)
          let backward = base + instance.cost(a, last) + instance.cost(first, b) + reversal
          if forward < saving - epsilon, forward < bestMove?.delta ?? .infinity {
            bestMove = (i + 1, false, forward)
          }
          if backward < saving - epsilon, backward < bestMove?.delta ?? .infinity {
            bestMove = (i + 1, true, backward)
          }
        }
        if let bestMove {
          let segment = tour[range]
          rest.insert(
            contentsOf: bestMove.reversed ? Array(segment.reversed()) : Array(segment),
            at: bestMove.position)
          tour = rest
          changed = true
        }
        start += 1
      }
    }
    return changed
  }
}
