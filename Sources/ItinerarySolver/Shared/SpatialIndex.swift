import ItineraryCore

/// A k-d tree over weighted points on the sphere that finds the points
/// maximizing `weight - lambda * distanceKm(point, query)`.
///
/// This is the inner loop of the ordered dynamic program: the best way to
/// continue from a place to the next layer is such a maximum. Each tree node
/// knows its bounding box in space and its largest weight, so a query skips
/// every subtree whose largest weight, less the price of its nearest possible
/// point, cannot beat what it has already found.
///
/// The tree splits in four dimensions measured in the same unit, score points:
/// the three of space (a kilometre costs `lambda`) and the weight itself. It
/// cuts whichever spans the most at the middle of its span, so where good
/// places are dense it separates them from the poor ones, whose subtrees are
/// then skipped whole. A cut at the middle needs one pass over the node's
/// points, without a branch to mispredict; a cut at the median needed several.
///
/// A whole layer's queries are answered together, in groups that share a
/// walk of the tree (`best(fromEach:)`).
///
/// - Complexity: O(n log n) to build on places spread over a city (the depth
///   grows with the ratio of the largest span to the smallest gap, at most
///   n); a query is O(n) in the worst case and close to O(log n) when places
///   are spread over a city.
final class SpatialIndex {
  struct Node {
    var start: Int
    var end: Int
    /// Children, or -1 for a leaf.
    var left = -1
    var right = -1
    var low = (0.0, 0.0, 0.0)
    var high = (0.0, 0.0, 0.0)
    var maxWeight = -Double.infinity
  }

  private static let leafSize = 16

  /// How far, relative to the largest value and distance price, a bound is
  /// loosened to cover the rounding of the values it bounds: far above it.
  private static let relativeSlack = 1e-9

  let lambda: Double
  let nodes: [Node]
  let xs: [Double]
  let ys: [Double]
  let zs: [Double]
  let weights: [Double]
  /// What bounds on values add to cover rounding (`relativeSlack`).
  let slack: Double
  /// The caller's index of the point at each tree position.
  let items: [Int]
  /// Distances computed, to explain running times.
  var evaluations = 0

  /// - Parameters:
  ///   - points: the points; the caller refers to them by index.
  ///   - weights: the weight of each point.
  ///   - lambda: the price of a kilometre, at least 0.
  init(points: [SpherePoint], weights: [Double], lambda: Double) {
    self.lambda = lambda
    var entries = points.indices.map { Entry(point: points[$0], weight: weights[$0], item: $0) }
    var built: [Node] = []
    built.reserveCapacity(4 * points.count / Self.leafSize + 1)
    if !points.isEmpty {
      entries.withUnsafeMutableBufferPointer { entries in
        _ = Self.build(&built, entries, lambda, 0, points.count)
      }
    }
    nodes = built
    items = entries.map(\.item)
    xs = entries.map(\.point.x)
    ys = entries.map(\.point.y)
    zs = entries.map(\.point.z)
    self.weights = entries.map(\.weight)
    let finite = self.weights.lazy.filter { $0 > -.infinity }.map(abs).max() ?? 0
    slack = Self.relativeSlack * (finite + lambda * GreatCircle.earthRadiusKm * .pi)
  }

  /// A point while the tree is built: moved as one, so the build reads
  /// memory in order.
  private struct Entry {
    var point: SpherePoint
    var weight: Double
    var item: Int
  }

  @discardableResult
  private static func build(
    _ nodes: inout [Node], _ entries: UnsafeMutableBufferPointer<Entry>, _ lambda: Double,
    _ start: Int, _ end: Int
  ) -> Int {
    var low = (Double.infinity, Double.infinity, Double.infinity, Double.infinity)
    var high = (-Double.infinity, -Double.infinity, -Double.infinity, -Double.infinity)
    for entry in entries[start..<end] {
      let point = entry.point
      low = (
        min(low.0, point.x), min(low.1, point.y), min(low.2, point.z), min(low.3, entry.weight)
      )
      high = (
        max(high.0, point.x), max(high.1, point.y), max(high.2, point.z), max(high.3, entry.weight)
      )
    }
    let index = nodes.count
    nodes.append(
      Node(
        start: start, end: end, low: (low.0, low.1, low.2), high: (high.0, high.1, high.2),
        maxWeight: high.3))
    guard end - start > leafSize else { return index }
    let unit = lambda * GreatCircle.earthRadiusKm
    let spans = (
      unit * (high.0 - low.0), unit * (high.1 - low.1), unit * (high.2 - low.2), high.3 - low.3
    )
    var axis = 0
    var widest = spans.0
    for (candidate, span) in [(1, spans.1), (2, spans.2), (3, spans.3)] where span > widest {
      (axis, widest) = (candidate, span)
    }
    func cut(_ low: Double, _ high: Double) -> Double { low + (high - low) / 2 }
    var middle =
      switch axis {
      case 0: partition(entries, start..<end) { $0.point.x < cut(low.0, high.0) }
      case 1: partition(entries, start..<end) { $0.point.y < cut(low.1, high.1) }
      case 2: partition(entries, start..<end) { $0.point.z < cut(low.2, high.2) }
      default: partition(entries, start..<end) { $0.weight < cut(low.3, high.3) }
      }
    // Equal points, a span too small to cut or an infinite one: cut by count.
    if middle == start || middle == end { middle = (start + end) / 2 }
    let left = build(&nodes, entries, lambda, start, middle)
    let right = build(&nodes, entries, lambda, middle, end)
    nodes[index].left = left
    nodes[index].right = right
    return index
  }

  /// Moves the entries of `range` that are `isLow` before the others, and
  /// returns where the others start: Lomuto's scheme, with a swap at every
  /// step so that the loop has no branch to mispredict.
  ///
  /// - Complexity: O(range.count).
  @inline(__always)
  private static func partition(
    _ entries: UnsafeMutableBufferPointer<Entry>, _ range: Range<Int>, isLow: (Entry) -> Bool
  ) -> Int {
    var store = range.lowerBound
    for position in range {
      let entry = entries[position]
      entries[position] = entries[store]
      entries[store] = entry
      store += isLow(entry) ? 1 : 0
    }
    return store
  }

  /// An upper bound on the value of every point under `node`: its largest
  /// weight less the price of `R * chord`, which never exceeds the great-circle
  /// distance to the nearest point of its box (`asin(x) >= x`) and is within a
  /// millionth of it at city scales, without an arcsine.
  private static func bound(_ node: Node, _ q: SpherePoint, _ lambda: Double) -> Double {
    let dx = max(node.low.0 - q.x, 0, q.x - node.high.0)
    let dy = max(node.low.1 - q.y, 0, q.y - node.high.1)
    let dz = max(node.low.2 - q.z, 0, q.z - node.high.2)
    let chord = (dx * dx + dy * dy + dz * dz).squareRoot()
    return node.maxWeight - lambda * GreatCircle.earthRadiusKm * chord
  }

  /// Pushes two children of a node onto a depth-first stack, the more
  /// promising last, so that it is searched first.
  @inline(__always)
  static func push(
    _ left: (node: Int, bound: Double), _ right: (node: Int, bound: Double),
    onto stack: inout [(node: Int, bound: Double)]
  ) {
    if left.bound > right.bound {
      stack.append(right)
      stack.append(left)
    } else {
      stack.append(left)
      stack.append(right)
    }
  }

  /// The point of largest value seen from `q`, or `nil` when the tree is empty.
  func best(from q: SpherePoint) -> (item: Int, value: Double)? {
    guard !nodes.isEmpty else { return nil }
    // Locals, so the loop pays no exclusivity checks on the class's storage.
    let (nodes, xs, ys, zs, weights, lambda) = (
      self.nodes, self.xs, self.ys, self.zs, weights, lambda
    )
    let cheapLambda = lambda * GreatCircle.earthRadiusKm
    var stack: [(node: Int, bound: Double)] = [(0, Self.bound(nodes[0], q, lambda))]
    var evaluated = 0
    defer { evaluations += evaluated }
    var bestValue = -Double.infinity
    var bestPosition = -1
    while let (index, nodeBound) = stack.popLast() {
      guard nodeBound > bestValue else { continue }
      let node = nodes[index]
      if node.left < 0 {
        for position in node.start..<node.end {
          let dx = xs[position] - q.x
          let dy = ys[position] - q.y
          let dz = zs[position] - q.z
          let chord = (dx * dx + dy * dy + dz * dz).squareRoot()
          // asin(x) >= x, so R * chord under-prices the distance: a cheap test first.
          guard weights[position] - cheapLambda * chord > bestValue || bestPosition < 0 else {
            continue
          }
          evaluated += 1
          let exact =
            lambda > 0
            ? weights[position] - lambda * GreatCircle.kilometres(chord: chord) : weights[position]
          if exact > bestValue || bestPosition < 0 {
            bestValue = exact
            bestPosition = position
          }
        }
      } else {
        Self.push(
          (node.left, Self.bound(nodes[node.left], q, lambda)),
          (node.right, Self.bound(nodes[node.right], q, lambda)), onto: &stack)
      }
    }
    // Nothing is found only when every weight is minus infinity (no way on).
    return bestPosition < 0 ? nil : (items[bestPosition], bestValue)
  }

  /// The points seen from one query point, best first, produced on demand.
  struct Cursor {
    fileprivate let query: SpherePoint
    /// Tree nodes (index >= 0) and single points (`-1 - position`) by bound.
    fileprivate var frontier: MaxHeap<Int>
  }

  func cursor(from q: SpherePoint) -> Cursor {
    // Room for a leaf's points and the nodes around them: the heap then
    // seldom grows, where it would otherwise reallocate several times.
    var cursor = Cursor(query: q, frontier: MaxHeap(capacity: 2 * Self.leafSize))
    if !nodes.isEmpty { cursor.frontier.push(Self.bound(nodes[0], q, lambda), 0) }
    return cursor
  }

  /// The next point in decreasing order of value, or `nil` when all were given.
  ///
  /// - Complexity: amortized O(log n) heap operations per point, plus the
  ///   subtrees opened on the way.
  func next(_ cursor: inout Cursor) -> (item: Int, value: Double)? {
    while let (key, entry) = cursor.frontier.pop() {
      if entry < 0 { return (items[-1 - entry], key) }
      let node = nodes[entry]
      if node.left < 0 {
        evaluations += node.end - node.start
        for position in node.start..<node.end {
          let distance = SpherePoint(x: xs[position], y: ys[position], z: zs[position])
            .distanceKm(to: cursor.query)
          let value = lambda > 0 ? weights[position] - lambda * distance : weights[position]
          cursor.frontier.push(value, -1 - position)
        }
      } else {
        cursor.frontier.push(Self.bound(nodes[node.left], cursor.query, lambda), node.left)
        cursor.frontier.push(Self.bound(nodes[node.right], cursor.query, lambda), node.right)
      }
    }
    return nil
  }
}
