import ItineraryCore

extension SpatialIndex {
  /// The `size` of the query groups: on places spread over a city about 43
  /// queries share a walk of the tree.
  static let groupSize = 32

  /// The point of largest value seen from each of `queries`: the values
  /// `best(from:)` gives, found a group of nearby queries at a time.
  ///
  /// Seen from any query in a group's box, a point's value lies between its
  /// weight less the price of the box's farthest corner and its weight less
  /// the price of the box's nearest point. The largest lower end is a floor
  /// under every query's best, so one walk of the tree collects the points
  /// whose upper end reaches it, and each query scans just those, by
  /// decreasing upper end, until none left can beat its best. Values are
  /// compared by their bounds from the chord (`ValueBounds`), tight to a
  /// billionth at city scales, so the arcsine is taken about once a query.
  ///
  /// - Complexity: one walk of the tree per group of `groupSize` queries,
  ///   then per query the group's candidates down to its answer: a few on
  ///   places spread over a city, all n in the worst case.
  func best(fromEach queries: [SpherePoint]) -> [(item: Int, value: Double)?] {
    var answers = [(item: Int, value: Double)?](repeating: nil, count: queries.count)
    guard !nodes.isEmpty else { return answers }
    let groups = QueryGroups(queries, size: Self.groupSize)
    let (xs, ys, zs, weights, price) = (
      self.xs, self.ys, self.zs, self.weights, ValueBounds(lambda: lambda, slack: slack)
    )
    var candidates: [Candidate] = []
    var stack: [(node: Int, bound: Double)] = []
    var evaluated = 0
    // The last group's answer, whose floor starts the next group's walk.
    var hint = -1
    for g in 0..<groups.count {
      let group = groups[g]
      let box = Box(group.map { queries[$0] })
      // The smallest value a point can have from the group's queries.
      func lower(_ position: Int) -> Double {
        let far = box.farChord(xs[position], ys[position], zs[position])
        return price.bounds(weights[position], chord: far).low
      }
      var floor = hint >= 0 ? lower(hint) : -.infinity
      candidates.removeAll(keepingCapacity: true)
      stack.removeAll(keepingCapacity: true)
      stack.append((0, price.upper(nodes[0].maxWeight, chord: box.chord(to: nodes[0]))))
      while let (index, bound) = stack.popLast() {
        guard bound >= floor else { continue }
        let node = nodes[index]
        guard node.left >= 0 else {
          for position in node.start..<node.end where weights[position] > -.infinity {
            let near = box.nearChord(xs[position], ys[position], zs[position])
            let upper = price.upper(weights[position], chord: near)
            guard upper >= floor else { continue }
            candidates.append(
              Candidate(
                position: position, x: xs[position], y: ys[position], z: zs[position],
                weight: weights[position], upper: upper))
            floor = max(floor, lower(position))
          }
          continue
        }
        let (left, right) = (nodes[node.left], nodes[node.right])
        Self.push(
          (node.left, price.upper(left.maxWeight, chord: box.chord(to: left))),
          (node.right, price.upper(right.maxWeight, chord: box.chord(to: right))), onto: &stack)
      }
      candidates.removeAll { $0.upper < floor }
      candidates.sort { $0.upper > $1.upper }
      // The answer of the query before, tried first: a neighbour's is likely.
      var previous = -1
      for query in group {
        let q = queries[query]
        var best = previous
        var bestBounds = (low: -Double.infinity, high: -Double.infinity)
        // The best's exact value, once taken (NaN before).
        var bestValue = Double.nan
        if best >= 0 {
          bestBounds = price.bounds(candidates[best].weight, chord: candidates[best].chord(to: q))
        }
        for (index, candidate) in candidates.enumerated() where index != previous {
          guard candidate.upper >= bestBounds.low else { break }
          let squared = candidate.squaredChord(to: q)
          guard squared <= price.reach(candidate.weight, bestBounds.low) else { continue }
          let chord = squared.squareRoot()
          let bounds = price.bounds(candidate.weight, chord: chord)
          guard bounds.high >= bestBounds.low else { continue }
          if best >= 0, bounds.low <= bestBounds.high {
            // Too close to call by the bounds: the exact values decide.
            if bestValue.isNaN {
              evaluated += 1
              bestValue = price.value(candidates[best].weight, chord: candidates[best].chord(to: q))
            }
            evaluated += 1
            let value = price.value(candidate.weight, chord: chord)
            guard value > bestValue else { continue }
            bestValue = value
          } else {
            bestValue = .nan
          }
          best = index
          bestBounds = bounds
        }
        guard best >= 0 else { continue }
        if bestValue.isNaN {
          evaluated += 1
          bestValue = price.value(candidates[best].weight, chord: candidates[best].chord(to: q))
        }
        answers[query] = (items[candidates[best].position], bestValue)
        previous = best
      }
      hint = previous >= 0 ? candidates[previous].position : hint
    }
    evaluations += evaluated
    return answers
  }
}

/// A point of the tree as the scans of a group read it.
private struct Candidate {
  var position: Int
  var x: Double
  var y: Double
  var z: Double
  var weight: Double
  /// Its largest value seen from the group's box.
  var upper: Double

  func squaredChord(to q: SpherePoint) -> Double {
    let dx = x - q.x
    let dy = y - q.y
    let dz = z - q.z
    return dx * dx + dy * dy + dz * dz
  }

  func chord(to q: SpherePoint) -> Double { squaredChord(to: q).squareRoot() }
}

/// A point's value, `weight - lambda * 2R asin(chord / 2)`, exactly or
/// bounded without the arcsine: `chord <= 2 asin(chord / 2) <= chord * (1 +
/// chord^2 / 16)` for chords up to 1 (the series' terms after the first sum
/// to at most 0.0472 chord^3 there), each end loosened by `slack` for rounding.
private struct ValueBounds {
  let lambda: Double
  let slack: Double
  /// The price of a unit chord at the cheap rate, and its inverse.
  let perChord: Double
  let chordsPerPoint: Double

  init(lambda: Double, slack: Double) {
    self.lambda = lambda
    self.slack = slack
    perChord = lambda * GreatCircle.earthRadiusKm
    chordsPerPoint = 1 / perChord
  }

  /// The value as `SpatialIndex.best(from:)` computes it.
  func value(_ weight: Double, chord: Double) -> Double {
    lambda > 0 ? weight - lambda * GreatCircle.kilometres(chord: chord) : weight
  }

  /// A squared chord beyond which a point of `weight` is worth less than
  /// `floor` (a millionth of a millionth over, for rounding): no square root.
  func reach(_ weight: Double, _ floor: Double) -> Double {
    let margin = weight + slack - floor
    guard margin >= 0 else { return -1 }
    guard lambda > 0 else { return .infinity }
    let chord = margin * chordsPerPoint
    return chord * chord * (1 + 1e-12)
  }

  /// At least the value at any chord of `chord` or more.
  func upper(_ weight: Double, chord: Double) -> Double {
    weight - perChord * chord + slack
  }

  /// The ends between which the value at `chord` lies.
  func bounds(_ weight: Double, chord: Double) -> (low: Double, high: Double) {
    let cheap = perChord * chord
    guard chord <= 1 else {
      let exact = value(weight, chord: chord)
      return (exact - slack, exact + slack)
    }
    return (weight - cheap * (1 + chord * chord / 16) - slack, weight - cheap + slack)
  }
}

/// The bounding box of a group of query points, and chords from it.
private struct Box {
  var low: (Double, Double, Double)
  var high: (Double, Double, Double)

  init(_ points: [SpherePoint]) {
    low = (.infinity, .infinity, .infinity)
    high = (-.infinity, -.infinity, -.infinity)
    for point in points {
      low = (min(low.0, point.x), min(low.1, point.y), min(low.2, point.z))
      high = (max(high.0, point.x), max(high.1, point.y), max(high.2, point.z))
    }
  }

  /// No chord from a point of the box to `(x, y, z)` is shorter.
  func nearChord(_ x: Double, _ y: Double, _ z: Double) -> Double {
    let dx = max(low.0 - x, 0, x - high.0)
    let dy = max(low.1 - y, 0, y - high.1)
    let dz = max(low.2 - z, 0, z - high.2)
    return (dx * dx + dy * dy + dz * dz).squareRoot()
  }

  /// No chord from a point of the box to `(x, y, z)` is longer.
  func farChord(_ x: Double, _ y: Double, _ z: Double) -> Double {
    let dx = max(x - low.0, high.0 - x)
    let dy = max(y - low.1, high.1 - y)
    let dz = max(z - low.2, high.2 - z)
    return (dx * dx + dy * dy + dz * dz).squareRoot()
  }

  /// No chord from a point of the box to a point of `node`'s box is shorter.
  func chord(to node: SpatialIndex.Node) -> Double {
    let dx = max(node.low.0 - high.0, 0, low.0 - node.high.0)
    let dy = max(node.low.1 - high.1, 0, low.1 - node.high.1)
    let dz = max(node.low.2 - high.2, 0, low.2 - node.high.2)
    return (dx * dx + dy * dy + dz * dz).squareRoot()
  }
}
