import ItineraryCore

/// The best distinct tours of `GTSPHeuristic`'s trials, and the start of a
/// new trial recombined from two of them (the order crossover of
/// Gutin-Karapetyan's memetic algorithm, 2010).
///
/// A full pool keeps its variety: a better tour replaces the worse tour
/// that shares the most edges with it, not the worst one.
struct GTSPElitePool {
  private let instance: GTSPInstance
  private let capacity: Int
  private let epsilon: Double
  /// The tours kept, their costs apart by more than `epsilon`.
  private(set) var tours: [(nodes: [Int], cost: Double)] = []

  init(instance: GTSPInstance, capacity: Int, epsilon: Double) {
    self.instance = instance
    self.capacity = max(2, capacity)
    self.epsilon = epsilon
  }

  /// Keeps `nodes` unless a kept tour costs the same or the pool is full of
  /// tours no worse; when full, it replaces the worse tour closest to it.
  ///
  /// - Complexity: O(capacity * m) for m clusters.
  mutating func offer(_ nodes: [Int], cost: Double) {
    guard !tours.contains(where: { abs($0.cost - cost) <= epsilon }) else { return }
    guard tours.count >= capacity else {
      tours.append((nodes, cost))
      return
    }
    var closest: (index: Int, shared: Int)? = nil
    for (index, tour) in tours.enumerated() where tour.cost > cost {
      let shared = sharedEdges(tour.nodes, nodes)
      if shared > closest?.shared ?? -1 { closest = (index, shared) }
    }
    if let closest { tours[closest.index] = (nodes, cost) }
  }

  /// A tour of two different kept tours: a random run of a third to two
  /// thirds of one, then the other clusters in the order and with the nodes
  /// of the other, from the run's end on. `nil` until two are kept.
  ///
  /// - Complexity: O(m) for m clusters.
  func child(_ random: inout SplitMix64) -> [Int]? {
    guard tours.count >= 2 else { return nil }
    let i = random.below(tours.count)
    let j = (i + 1 + random.below(tours.count - 1)) % tours.count
    let kept = tours[i].nodes
    let other = tours[j].nodes
    let m = kept.count
    let length = max(1, m / 3 + random.below(max(1, m / 3)))
    let start = random.below(m)
    var taken = Array(repeating: false, count: instance.clusters.count)
    var nodes: [Int] = []
    nodes.reserveCapacity(m)
    for k in 0..<length {
      let v = kept[(start + k) % m]
      nodes.append(v)
      taken[instance.clusterOf[v]] = true
    }
    let last = instance.clusterOf[nodes[length - 1]]
    let from = other.firstIndex { instance.clusterOf[$0] == last } ?? 0
    for k in 1...m {
      let v = other[(from + k) % m]
      if !taken[instance.clusterOf[v]] { nodes.append(v) }
    }
    return nodes
  }

  /// How many cluster pairs are neighbours in both tours, either way round.
  ///
  /// - Complexity: O(m) for m clusters.
  private func sharedEdges(_ a: [Int], _ b: [Int]) -> Int {
    let m = a.count
    var after = Array(repeating: -1, count: instance.clusters.count)
    for i in 0..<m { after[instance.clusterOf[a[i]]] = instance.clusterOf[a[(i + 1) % m]] }
    var shared = 0
    for i in 0..<m {
      let x = instance.clusterOf[b[i]]
      let y = instance.clusterOf[b[(i + 1) % m]]
      if after[x] == y || after[y] == x { shared += 1 }
    }
    return shared
  }
}
