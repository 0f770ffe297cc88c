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
/// `Metric` measures the legs: great-circle distances (`SphereMetric`) or a
/// road table (`RoadTable`); a candidate with no way on has value minus infinity.
///
/// - Complexity: O(sum n_i * n_(i+1)) distance evaluations in the worst case
///   (the plain dynamic program, and always on a road table); on the sphere
///   the spatial index prunes most of them, close to O(sum n_i log n_(i+1))
///   on places spread over a city.
final class CompletionValues<Metric: LayerMetric> {
  let problem: Problem
  let scores: [Double]
  /// For each layer, the indices of the places eligible for its category.
  let layers: [[Int]]
  /// For each layer, its candidates indexed with `values` as weights.
  let indexes: [Metric.Index]
  /// `values[i][j]` is `g(i, layers[i][j])`.
  let values: [[Double]]

  /// - Parameters:
  ///   - metric: the distances between the problem's origin and places.
  ///   - categoryOrder: the order in which to visit the problem's categories
  ///     (the problem's own order by default).
  ///   - eligible: the places eligible for each category, when fewer than the
  ///     problem's (those that can be visited in time).
  init(
    problem: Problem, metric: Metric, categoryOrder: [Int]? = nil, eligible: [[Int]]? = nil
  ) {
    self.problem = problem
    let scores = problem.scores()
    self.scores = scores
    let eligible = eligible ?? problem.eligiblePlaces()
    layers = (categoryOrder ?? Array(problem.categories.indices)).map { eligible[$0] }
    let weight = problem.distanceWeight
    var values = layers.map { Array(repeating: 0.0, count: $0.count) }
    var indexes: [Metric.Index] = []
    for i in layers.indices.reversed() {
      for (j, place) in layers[i].enumerated() {
        if let next = indexes.last {
          values[i][j] = scores[place] + (next.best(from: .place(place))?.value ?? -.infinity)
        } else if problem.roundTrip {
          let back = metric.distanceKm(from: .place(place), to: .origin)
          values[i][j] = back.map { scores[place] - weight * $0 } ?? -.infinity
        } else {
          values[i][j] = scores[place]
        }
      }
      indexes.append(metric.index(candidates: layers[i], weights: values[i], lambda: weight))
    }
    self.values = values
    self.indexes = indexes.reversed()
  }

  /// Distances evaluated so far, over all layers.
  var evaluations: Int { indexes.reduce(0) { $0 + $1.evaluations } }
}
