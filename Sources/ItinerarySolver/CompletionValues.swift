import ItineraryCore

/// The ordered problem laid out in layers, one per category, with the dynamic
/// program's value of every candidate: the best score a plan can still collect
/// from that stop to its end, counting distances but not the rule that a place
/// fills one stop only.
///
/// Those values are exact for the relaxed problem, so they are an admissible
/// bound for the real one: `PlanSearch` uses them to find the best, the top K
/// and diverse plans without ever guessing.
///
/// The recurrence, for layer `i` and candidate `p` of score `s(p)`:
/// `g(k-1, p) = s(p) - w * d(p, origin)` on a round trip (`s(p)` otherwise) and
/// `g(i, p) = s(p) + max over q in layer i+1 of (g(i+1, q) - w * d(p, q))`.
///
/// - Complexity: O(sum n_i * n_(i+1)) distance evaluations in the worst case
///   (the plain dynamic program); the spatial index prunes most of them, close
///   to O(sum n_i log n_(i+1)) on places spread over a city.
final class CompletionValues {
  let problem: Problem
  let scores: [Double]
  /// For each layer, the indices of the places eligible for its category.
  let layers: [[Int]]
  let points: [SpherePoint]
  let origin: SpherePoint
  /// For each layer, its candidates in a spatial index weighted by `values`.
  let indexes: [SpatialIndex]
  /// `values[i][j]` is `g(i, layers[i][j])`.
  let values: [[Double]]

  /// - Parameter categoryOrder: the order in which to visit the problem's
  ///   categories (the problem's own order by default).
  init(problem: Problem, categoryOrder: [Int]? = nil) {
    self.problem = problem
    scores = problem.scores()
    let eligible = problem.eligiblePlaces()
    layers = (categoryOrder ?? Array(problem.categories.indices)).map { eligible[$0] }
    let points = problem.places.map { SpherePoint($0.coordinate) }
    self.points = points
    let origin = SpherePoint(problem.origin)
    self.origin = origin
    let weight = problem.distanceWeight
    var values = layers.map { Array(repeating: 0.0, count: $0.count) }
    var indexes: [SpatialIndex] = []
    for i in layers.indices.reversed() {
      for (j, place) in layers[i].enumerated() {
        if let next = indexes.last {
          values[i][j] = scores[place] + (next.best(from: points[place])?.value ?? -.infinity)
        } else {
          let back = problem.roundTrip ? weight * points[place].distanceKm(to: origin) : 0
          values[i][j] = scores[place] - back
        }
      }
      indexes.append(
        SpatialIndex(points: layers[i].map { points[$0] }, weights: values[i], lambda: weight))
    }
    self.values = values
    self.indexes = indexes.reversed()
  }

  /// The best objective of the relaxed problem: an upper bound on every plan.
  var bound: Double { indexes.first?.best(from: origin)?.value ?? -.infinity }

  /// Distances evaluated so far, over all layers.
  var evaluations: Int { indexes.reduce(0) { $0 + $1.evaluations } }
}
