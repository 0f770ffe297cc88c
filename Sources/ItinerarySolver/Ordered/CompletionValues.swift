import ItineraryCore

/// The ordered problem laid out in layers, one per category, with the dynamic
/// program's value of every candidate: the best score a plan can still collect
/// from that stop to its end, counting distances and forbidding a place to
/// follow itself or the stop before it (no `p, p` and no `p, q, p`), but not
/// the whole rule that a place fills one stop only.
///
/// Those values are exact for the relaxed problem, so they are an admissible
/// bound for the real one: `PlanSearch` uses them to find the best, the top K
/// and diverse plans without ever guessing.
///
/// The recurrence, for layer `i` and candidate `p` of score `s(p)`, reached
/// from `u`: `g(k-1, p) = s(p) - w * d(p, origin)` on a round trip (`s(p)`
/// otherwise) and `g(i, p | u) = s(p) + max over q in layer i+1, q not p or u,
/// of (g(i+1, q | p) - w * d(p, q))`. Each candidate keeps its best value
/// with its successor and its best value with another successor (2-cycle
/// elimination, after Christofides, Mingozzi and Toth), which is all that
/// `g(i, p | u)` needs. Without `eliminatingCycles`, or where the layers
/// share no place, the plain recurrence (`q` any place of layer i+1) is used.
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
  /// `values[i][j]` is the best `g(i, layers[i][j] | u)` over every `u`, on
  /// the scores less `penalties`.
  let values: [[Double]]
  /// The place after `layers[i][j]` on its best completion, or -1 where the
  /// plain recurrence is used (no place can come back there).
  let successors: [[Int]]
  /// `g(i, layers[i][j] | u)` for `u` that successor: the best completion
  /// through another place.
  let secondValues: [[Double]]
  /// The prices on places the program ran with (`PlacePenalties`).
  let penalties: PlacePenalties
  let metric: Metric
  /// Whether some place is eligible for two stops: only then can the
  /// relaxation plan a place twice.
  let sharesPlaces: Bool

  /// - Parameters:
  ///   - metric: the distances between the problem's origin and places.
  ///   - categoryOrder: the order in which to visit the problem's categories
  ///     (the problem's own order by default).
  ///   - penalties: prices on places, taken off their scores (none by default).
  ///   - eliminatingCycles: whether to forbid `p, p` and `p, q, p`.
  ///   - eligible: the places eligible for each category, when fewer than the
  ///     problem's (those that can be visited in time).
  init(
    problem: Problem, metric: Metric, categoryOrder: [Int]? = nil,
    penalties: PlacePenalties? = nil, eliminatingCycles: Bool = false, eligible: [[Int]]? = nil
  ) {
    self.problem = problem
    self.metric = metric
    self.scores = problem.scores()
    let penalties = penalties ?? .zero(placeCount: problem.places.count)
    self.penalties = penalties
    let scores = zip(self.scores, penalties.byPlace).map { $0 - $1 }
    let eligible = eligible ?? problem.eligiblePlaces()
    let layers = (categoryOrder ?? Array(problem.categories.indices)).map { eligible[$0] }
    self.layers = layers
    let weight = problem.distanceWeight
    var values = layers.map { Array(repeating: 0.0, count: $0.count) }
    var secondValues = layers.map { Array(repeating: -Double.infinity, count: $0.count) }
    var successors = layers.map { Array(repeating: -1, count: $0.count) }
    var layerCount = Array(repeating: 0, count: problem.places.count)
    for layer in layers { for place in layer { layerCount[place] += 1 } }
    sharesPlaces = layerCount.contains { $0 > 1 }
    let sets = eliminatingCycles && sharesPlaces ? layers.map(Set.init) : []
    func share(_ a: Int, _ b: Int) -> Bool {
      sets.indices.contains(a) && sets.indices.contains(b) && !sets[a].isDisjoint(with: sets[b])
    }
    var indexes: [Metric.Index] = []
    for i in layers.indices.reversed() {
      let layer = layers[i]
      // Whether a place can follow itself or the stop before it here.
      let cycles = share(i, i + 1) || share(i, i + 2) || share(i - 1, i + 1)
      if let next = indexes.last, cycles {
        for (j, place) in layer.enumerated() {
          let (first, second) = Self.twoBest(
            from: place, next, layers[i + 1], successors[i + 1], values[i + 1],
            secondValues[i + 1])
          values[i][j] = scores[place] + (first?.value ?? -.infinity)
          secondValues[i][j] = scores[place] + (second?.value ?? -.infinity)
          successors[i][j] = first.map { layers[i + 1][$0.item] } ?? -1
        }
      } else if let next = indexes.last {
        values[i] = zip(layer, next.best(fromEach: layer)).map { place, best in
          scores[place] + (best?.value ?? -.infinity)
        }
      } else if problem.roundTrip {
        values[i] = layer.map { place in
          let back = metric.distanceKm(from: .place(place), to: .origin)
          return back.map { scores[place] - weight * $0 } ?? -.infinity
        }
      } else {
        values[i] = layer.map { scores[$0] }
      }
      indexes.append(metric.index(candidates: layers[i], weights: values[i], lambda: weight))
    }
    self.values = values
    self.secondValues = secondValues
    self.successors = successors
    self.indexes = indexes.reversed()
  }

  /// The two best continuations of `place` into the next layer, with
  /// different places, valued `g(i+1, q | place) - w * d(place, q)` and never
  /// `place` itself.
  ///
  /// - Complexity: a cursor walk until the second best is certain: a few
  ///   steps unless many candidates lead straight back to `place`.
  private static func twoBest(
    from place: Int, _ next: Metric.Index, _ layer: [Int], _ successors: [Int],
    _ values: [Double], _ secondValues: [Double]
  ) -> (first: (item: Int, value: Double)?, second: (item: Int, value: Double)?) {
    var first: (item: Int, value: Double)?
    var second: (item: Int, value: Double)?
    var cursor = next.cursor(from: .place(place))
    while let (item, key) = next.next(&cursor) {
      if let second, second.value >= key { break }
      if layer[item] == place { continue }
      let value = successors[item] == place ? secondValues[item] + key - values[item] : key
      guard value > -.infinity else { continue }
      if value > first?.value ?? -.infinity {
        second = first
        first = (item, value)
      } else if value > second?.value ?? -.infinity {
        second = (item, value)
      }
    }
    return (first, second)
  }

  /// `g(i, layers[i][item] | before)`: the candidate's value reached from
  /// the place `before` (or -1 for the origin).
  func value(layer: Int, item: Int, after before: Int) -> Double {
    successors[layer][item] == before && before >= 0
      ? secondValues[layer][item] : values[layer][item]
  }

  /// The best relaxed plan as place indices (a place may repeat, though not
  /// right after itself or the stop before it), with its value, or `nil`
  /// when no plan reaches the end.
  ///
  /// - Complexity: k queries of the layer indexes.
  func relaxedBest() -> (places: [Int], value: Double)? {
    guard let (item, value) = indexes.first?.best(from: .origin) else { return nil }
    var places = [layers[0][item]]
    var before = -1
    var current = item
    for layer in layers.indices.dropLast() {
      let place = layers[layer][current]
      let recorded = successors[layer][current]
      let successor =
        recorded < 0
        ? indexes[layer + 1].best(from: .place(place)).map { layers[layer + 1][$0.item] } ?? -1
        : recorded == before && before >= 0
          ? secondSuccessor(layer: layer, item: current, before: before) : recorded
      guard successor >= 0, let next = layers[layer + 1].firstIndex(of: successor) else {
        return nil
      }
      places.append(successor)
      before = place
      current = next
    }
    return (places, value)
  }

  /// The successor of the second-best completion: found again by a walk.
  private func secondSuccessor(layer: Int, item: Int, before: Int) -> Int {
    let place = layers[layer][item]
    let next = indexes[layer + 1]
    let (first, second) = Self.twoBest(
      from: place, next, layers[layer + 1], successors[layer + 1], values[layer + 1],
      secondValues[layer + 1])
    let pick = first.map { layers[layer + 1][$0.item] } == before ? second : first
    return pick.map { layers[layer + 1][$0.item] } ?? -1
  }

  /// Distances evaluated so far, over all layers.
  var evaluations: Int { indexes.reduce(0) { $0 + $1.evaluations } }
}
