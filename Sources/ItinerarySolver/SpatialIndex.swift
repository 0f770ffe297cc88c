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
/// halves whichever spans the most points, so where good places are dense it
/// separates them from the poor ones, whose subtrees are then skipped whole.
///
/// - Complexity: O(n log n) to build; a query is O(n) in the worst case and
///   close to O(log n) when places are spread over a city.
final class SpatialIndex {
  private struct Node {
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

  let lambda: Double
  private let nodes: [Node]
  private let xs: [Double]
  private let ys: [Double]
  private let zs: [Double]
  private let weights: [Double]
  /// The caller's index of the point at each tree position.
  let items: [Int]
  /// The tree position of each of the caller's indices.
  private let positions: [Int]
  /// Distances computed, to explain running times.
  private(set) var evaluations = 0
  /// The depth-first stack of `best`, kept to spare an allocation per query.
  private var stack: [(node: Int, bound: Double)] = []

  /// - Parameters:
  ///   - points: the points; the caller refers to them by index.
  ///   - weights: the weight of each point.
  ///   - lambda: the price of a kilometre, at least 0.
  init(points: [SpherePoint], weights: [Double], lambda: Double) {
    self.lambda = lambda
    var order = Array(points.indices)
    var built: [Node] = []
    if !points.isEmpty {
      Self.build(&built, &order, points, weights, lambda, 0, points.count)
    }
    nodes = built
    items = order
    var positions = Array(repeating: 0, count: order.count)
    for (position, item) in order.enumerated() { positions[item] = position }
    self.positions = positions
    xs = order.map { points[$0].x }
    ys = order.map { points[$0].y }
    zs = order.map { points[$0].z }
    self.weights = order.map { weights[$0] }
  }

  @discardableResult
  private static func build(
    _ nodes: inout [Node], _ order: inout [Int], _ points: [SpherePoint], _ weights: [Double],
    _ lambda: Double, _ start: Int, _ end: Int
  ) -> Int {
    var low = (Double.infinity, Double.infinity, Double.infinity, Double.infinity)
    var high = (-Double.infinity, -Double.infinity, -Double.infinity, -Double.infinity)
    for item in order[start..<end] {
      let point = points[item]
      low = (
        min(low.0, point.x), min(low.1, point.y), min(low.2, point.z), min(low.3, weights[item])
      )
      high = (
        max(high.0, point.x), max(high.1, point.y), max(high.2, point.z), max(high.3, weights[item])
      )
    }
    let index = nodes.count
    nodes.append(
      Node(
        start: start, end: end, low: (low.0, low.1, low.2), high: (high.0, high.1, high.2),
        maxWeight: high.3))
    guard end - start > leafSize else { return index }
    let unit = lambda * GreatCircle.earthRadiusKm
    let spans = [
      unit * (high.0 - low.0), unit * (high.1 - low.1), unit * (high.2 - low.2), high.3 - low.3,
    ]
    let axis = spans.indices.max { spans[$0] < spans[$1] } ?? 3
    let middle = (start + end) / 2
    switch axis {
    case 0: select(&order, start..<end, middle) { points[$0].x }
    case 1: select(&order, start..<end, middle) { points[$0].y }
    case 2: select(&order, start..<end, middle) { points[$0].z }
    default: select(&order, start..<end, middle) { weights[$0] }
    }
    let left = build(&nodes, &order, points, weights, lambda, start, middle)
    let right = build(&nodes, &order, points, weights, lambda, middle, end)
    nodes[index].left = left
    nodes[index].right = right
    return index
  }

  /// Reorders `order[range]` so that position `n` holds the item a sort by
  /// `key` would put there, with no larger key before it and no smaller key
  /// after it (Hoare's quickselect, median-of-three pivots), in place.
  ///
  /// - Complexity: O(range.count) expected.
  @inline(__always)
  private static func select(
    _ order: inout [Int], _ range: Range<Int>, _ n: Int, key: (Int) -> Double
  ) {
    var low = range.lowerBound
    var high = range.upperBound - 1
    while low < high {
      let middle = (low + high) / 2
      let (a, b, c) = (key(order[low]), key(order[middle]), key(order[high]))
      let pivot = max(min(a, b), min(max(a, b), c))
      var i = low
      var j = high
      while i <= j {
        while key(order[i]) < pivot { i += 1 }
        while key(order[j]) > pivot { j -= 1 }
        if i <= j {
          order.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if n <= j {
        high = j
      } else if n >= i {
        low = i
      } else {
        return
      }
    }
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

  /// The point of largest value seen from `q`, or `nil` when the tree is empty.
  ///
  /// - Parameter hint: the caller's index of a point to try first.
  func best(from q: SpherePoint, hint: Int? = nil) -> (item: Int, value: Double)? {
    guard !nodes.isEmpty else { return nil }
    // Locals, so the loop pays no exclusivity checks on the class's storage.
    let (nodes, xs, ys, zs, weights, lambda) = (
      self.nodes, self.xs, self.ys, self.zs, weights, lambda
    )
    let cheapLambda = lambda * GreatCircle.earthRadiusKm
    var stack = self.stack
    self.stack = []
    defer { self.stack = stack }
    var evaluated = 0
    defer { evaluations += evaluated }
    var bestValue = -Double.infinity
    var bestPosition = -1
    if let hint, positions.indices.contains(hint), weights[positions[hint]] > -.infinity {
      let position = positions[hint]
      let chord = SpherePoint(x: xs[position], y: ys[position], z: zs[position]).chord(to: q)
      evaluated += 1
      bestValue =
        lambda > 0
        ? weights[position] - lambda * GreatCircle.kilometres(chord: chord) : weights[position]
      bestPosition = position
    }
    stack.removeAll(keepingCapacity: true)
    stack.append((0, Self.bound(nodes[0], q, lambda)))
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
        let leftBound = Self.bound(nodes[node.left], q, lambda)
        let rightBound = Self.bound(nodes[node.right], q, lambda)
        // Push the more promising child last, so it is searched first.
        if leftBound > rightBound {
          stack.append((node.right, rightBound))
          stack.append((node.left, leftBound))
        } else {
          stack.append((node.left, leftBound))
          stack.append((node.right, rightBound))
        }
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
