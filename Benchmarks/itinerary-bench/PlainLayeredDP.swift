import ItineraryCore

/// The textbook dynamic program the ordered solver improves on: every
/// candidate of a layer priced against every candidate of the next, with no
/// index and no pruning. A baseline for the `plain` suite only.
///
/// It computes the relaxed optimum (a place may fill two stops), which is the
/// ordered solver's best objective whenever no place would repeat.
///
/// - Complexity: O(sum n_i * n_(i+1)) great-circle distances.
enum PlainLayeredDP {
  struct Result {
    var objective: Double
    var distances: Int
  }

  static func bestRelaxedObjective(_ problem: Problem) -> Result {
    let scores = problem.scores()
    let layers = problem.eligiblePlaces()
    let weight = problem.distanceWeight
    let coordinates = problem.places.map(\.coordinate)
    var distances = 0
    // value[j]: the best objective of a path from the origin to layer i's j-th candidate.
    var value =
      layers.first.map { layer in
        layer.map { scores[$0] - weight * GreatCircle.distanceKm(problem.origin, coordinates[$0]) }
      } ?? []
    distances += value.count
    for (previous, layer) in zip(layers, layers.dropFirst()) {
      value = layer.map { place in
        var best = -Double.infinity
        for (j, from) in previous.enumerated() {
          best = max(
            best, value[j] - weight * GreatCircle.distanceKm(coordinates[from], coordinates[place]))
        }
        return best + scores[place]
      }
      distances += previous.count * layer.count
    }
    if problem.roundTrip, let last = layers.last {
      for (j, place) in last.enumerated() {
        value[j] -= weight * GreatCircle.distanceKm(coordinates[place], problem.origin)
      }
      distances += last.count
    }
    return Result(objective: value.max() ?? -.infinity, distances: distances)
  }
}
