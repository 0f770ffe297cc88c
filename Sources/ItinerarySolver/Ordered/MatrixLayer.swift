import ItineraryCore

extension RoadTable: LayerMetric {
  /// - Complexity: O(1); the layer computes its values per query.
  func index(candidates: [Int], weights: [Double], lambda: Double) -> MatrixLayer {
    MatrixLayer(table: self, candidates: candidates, weights: weights, lambda: lambda)
  }
}

/// A layer over a road table: every query scans the layer's candidates.
///
/// The counterpart of `SpatialIndex` for a metric given as a matrix, which
/// may be asymmetric and lack routes, so that no geometry can prune: a road
/// table is small (a routing service answers for a hundred points or so),
/// and a scan is exact and cheap at that size.
final class MatrixLayer: LayerIndex {
  private let table: RoadTable
  private let candidates: [Int]
  private let weights: [Double]
  private let lambda: Double
  private(set) var evaluations = 0

  init(table: RoadTable, candidates: [Int], weights: [Double], lambda: Double) {
    self.table = table
    self.candidates = candidates
    self.weights = weights
    self.lambda = lambda
  }

  /// Candidate `item`'s value from `source`: minus infinity with no road.
  private func value(_ item: Int, from source: Waypoint) -> Double {
    guard weights[item] > -.infinity,
      let km = table.distanceKm(from: source, to: .place(candidates[item]))
    else { return -.infinity }
    return lambda > 0 ? weights[item] - lambda * km : weights[item]
  }

  /// - Complexity: O(n).
  func best(from source: Waypoint) -> (item: Int, value: Double)? {
    evaluations += candidates.count
    var best: (item: Int, value: Double)?
    for item in candidates.indices {
      let value = value(item, from: source)
      if value > best?.value ?? -.infinity { best = (item, value) }
    }
    return best
  }

  /// - Complexity: O(n) per source.
  func best(fromEach sources: [Int]) -> [(item: Int, value: Double)?] {
    sources.map { best(from: .place($0)) }
  }

  /// The candidates reachable from one source, best last, popped from the end.
  struct Cursor {
    fileprivate var ranked: [(item: Int, value: Double)]
  }

  /// - Complexity: O(n log n).
  func cursor(from source: Waypoint) -> Cursor {
    evaluations += candidates.count
    let reachable = candidates.indices.map { ($0, value($0, from: source)) }
      .filter { $0.1 > -.infinity }
    return Cursor(ranked: reachable.sorted { $0.1 < $1.1 })
  }

  /// - Complexity: O(1).
  func next(_ cursor: inout Cursor) -> (item: Int, value: Double)? {
    cursor.ranked.popLast()
  }
}
