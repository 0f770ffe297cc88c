import ItineraryCore

/// Prices on places that tighten the ordered dynamic program's bound when
/// places are eligible for several stops (a category asked for twice, or a
/// place in two categories asked for).
///
/// The dynamic program relaxes the rule that a place fills one stop, so with
/// `bar bar bar bar bar bar` its bound plans the best bar six times and the
/// search wades through every prefix that bound fails to rule out. A
/// Lagrangian relaxation of that rule prices each place `p` at `lambda_p >= 0`:
/// the program runs on scores `s(p) - lambda_p`, and since a plan of r more
/// stops visits r distinct places, adding back the r largest prices of the
/// places not yet used keeps the bound valid for every real plan. Prices are
/// chosen by subgradient descent on the bound at the start, so the repeated
/// places become expensive until the relaxed best plan uses each place once.
struct PlacePenalties {
  /// `lambda_p` by place index.
  let byPlace: [Double]
  /// The places of positive price, dearest first.
  private let ranked: [(place: Int, price: Double)]

  /// Every price zero: the plain dynamic program.
  static func zero(placeCount: Int) -> PlacePenalties {
    PlacePenalties(byPlace: Array(repeating: 0, count: placeCount))
  }

  init(byPlace: [Double]) {
    self.byPlace = byPlace
    ranked = byPlace.enumerated().filter { $0.element > 0 }
      .map { (place: $0.offset, price: $0.element) }
      .sorted { $0.price > $1.price }
  }

  var isZero: Bool { ranked.isEmpty }

  /// The sum of the `count` largest prices of places not in `used`: what a
  /// completion of `count` stops can earn back.
  ///
  /// - Complexity: O((count + |used|) * |used|), over the few priced places.
  func largest(_ count: Int, excluding used: [Int]) -> Double {
    var total = 0.0
    var taken = 0
    for (place, price) in ranked where taken < count {
      if used.contains(place) { continue }
      total += price
      taken += 1
    }
    return total
  }
}

extension PlacePenalties {
  /// The most rounds of subgradient descent on the prices.
  static let maximumRounds = 40

  /// The dynamic program of `problem` without 2-cycles and with prices that
  /// tighten its bound at the start, or without prices when no place is
  /// eligible for two stops.
  ///
  /// Each round runs the program, reads its relaxed best plan and moves
  /// every price against the bound's subgradient: up on places the plan
  /// repeats, down on priced places it skips, by a Polyak step towards the
  /// best real plan seen (the greedy plan along the values, or a relaxed plan
  /// that repeats nothing). The program with the lowest bound is kept.
  ///
  /// - Complexity: at most `maximumRounds` runs of the dynamic program, and
  ///   none beyond the first when no place is eligible for two stops.
  static func tightened<Metric: LayerMetric>(
    problem: Problem, metric: Metric, categoryOrder: [Int]?, eligible: [[Int]]? = nil,
    deadline: Deadline?
  ) -> CompletionValues<Metric> {
    let plain = CompletionValues(
      problem: problem, metric: metric, categoryOrder: categoryOrder, eliminatingCycles: true,
      eligible: eligible)
    let k = plain.layers.count
    guard plain.sharesPlaces else { return plain }
    let order = categoryOrder ?? Array(problem.categories.indices)
    func objective(_ places: [Int]) -> Double {
      problem.objective(
        of: Plan(stops: zip(order, places).map { Plan.Stop(category: $0, place: $1) }))
    }
    var best = plain
    var bestBound = Double.infinity
    var lower = plain.greedyPlan().map(objective) ?? -.infinity
    var current = plain
    var prices = Array(repeating: 0.0, count: problem.places.count)
    var step = 1.0
    var stalled = 0
    for _ in 0..<maximumRounds {
      guard deadline?.hasPassed != true, let relaxed = current.relaxedBest() else { break }
      let bound = relaxed.value + current.penalties.largest(k, excluding: [])
      if bound < bestBound - 1e-12 * max(1, abs(bound)) {
        best = current
        bestBound = bound
        stalled = 0
      } else {
        stalled += 1
        if stalled >= 3 {
          step /= 2
          stalled = 0
        }
      }
      if Set(relaxed.places).count == k { lower = max(lower, objective(relaxed.places)) }
      if let greedy = current.greedyPlan() { lower = max(lower, objective(greedy)) }
      let gap = bound - lower
      if !(gap > 1e-9 * max(1, abs(bound))) { break }
      var gradient: [Int: Double] = [:]
      for place in relaxed.places { gradient[place, default: 0] -= 1 }
      for place in current.penalties.dearest(k) { gradient[place, default: 0] += 1 }
      let norm = gradient.values.reduce(0) { $0 + $1 * $1 }
      guard norm > 0 else { break }
      let move = step * (gap.isFinite ? gap : 1) / norm
      for (place, slope) in gradient { prices[place] = max(0, prices[place] - move * slope) }
      current = CompletionValues(
        problem: problem, metric: metric, categoryOrder: categoryOrder,
        penalties: PlacePenalties(byPlace: prices), eliminatingCycles: true, eligible: eligible)
    }
    return best
  }

  /// The `count` dearest places.
  func dearest(_ count: Int) -> [Int] { ranked.prefix(count).map(\.place) }
}

extension CompletionValues {
  /// A real plan read along the values: at each stop the best continuation
  /// not used before, or `nil` when that runs into a dead end.
  ///
  /// - Complexity: k cursor walks, each as long as the places it skips.
  func greedyPlan() -> [Int]? {
    var places: [Int] = []
    var source = Waypoint.origin
    for (layer, index) in indexes.enumerated() {
      var cursor = index.cursor(from: source)
      var chosen: Int?
      while let (item, _) = index.next(&cursor) {
        let place = layers[layer][item]
        if !places.contains(place) {
          chosen = place
          break
        }
      }
      guard let chosen else { return nil }
      places.append(chosen)
      source = .place(chosen)
    }
    return places
  }
}
