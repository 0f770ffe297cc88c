import ItineraryCore

/// A k-d tree over points on the sphere, each carrying a weight, that finds the
/// points maximizing `weight - lambda * distanceKm(point, query)`.
///
/// This is the inner loop of the ordered dynamic program: the best way to
/// continue from a place to the next layer is such a maximum. Each tree node
/// knows its bounding box in space and its largest weight, so a query skips
/// every subtree whose largest weight, less the price of its nearest possible
/// point, cannot beat what it has already found.
///
/// - Complexity: O(n log^2 n) to build, O(n) to set weights; a query is O(n)
///   in the worst case and close to O(log n) when weights and places are spread.
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

  private static let leafSize = 8

  let lambda: Double
  private var nodes: [Node] = []
  private var xs: [Double]
  private var ys: [Double]
  private var zs: [Double]
  private var weights: [Double]
  /// The caller's index of the point at each tree position.
  private(set) var items: [Int]
  /// Distances computed, to explain running times.
  private(set) var evaluations = 0

  var count: Int { items.count }

  /// - Parameters:
  ///   - points: the points; the caller refers to them by index.
  ///   - lambda: the price of a kilometre, at least 0.
  init(points: [SpherePoint], lambda: Double) {
    self.lambda = lambda
    var order = Array(points.indices)
    xs = []
    ys = []
    zs = []
    weights = Array(repeating: 0, count: points.count)
    items = []
    if !points.isEmpty { build(&order, points, 0, points.count) }
    items = order
    xs = order.map { points[$0].x }
    ys = order.map { points[$0].y }
    zs = order.map { points[$0].z }
  }

  @discardableResult
  private func build(_ order: inout [Int], _ points: [SpherePoint], _ start: Int, _ end: Int)
    -> Int
  {
    var node = Node(start: start, end: end)
    var low = [Double.infinity, .infinity, .infinity]
    var high = [-Double.infinity, -.infinity, -.infinity]
    for position in start..<end {
      for axis in 0..<3 {
        low[axis] = min(low[axis], points[order[position]][axis])
        high[axis] = max(high[axis], points[order[position]][axis])
      }
    }
    node.low = (low[0], low[1], low[2])
    node.high = (high[0], high[1], high[2])
    let index = nodes.count
    nodes.append(node)
    guard end - start > Self.leafSize else { return index }
    let axis = (0..<3).max { high[$0] - low[$0] < high[$1] - low[$1] } ?? 0
    order[start..<end].sort { points[$0][axis] < points[$1][axis] }
    let middle = (start + end) / 2
    let left = build(&order, points, start, middle)
    let right = build(&order, points, middle, end)
    nodes[index].left = left
    nodes[index].right = right
    return index
  }

  /// Gives point `i` the weight `weights[i]`.
  ///
  /// - Complexity: O(n).
  func setWeights(_ newWeights: [Double]) {
    for position in items.indices { weights[position] = newWeights[items[position]] }
    for index in nodes.indices.reversed() {
      let node = nodes[index]
      nodes[index].maxWeight =
        node.left < 0
        ? weights[node.start..<node.end].max() ?? -.infinity
        : max(nodes[node.left].maxWeight, nodes[node.right].maxWeight)
    }
  }

  /// An upper bound on the value of every point under `node`.
  private func bound(_ node: Node, _ q: SpherePoint) -> Double {
    guard lambda > 0 else { return node.maxWeight }
    let dx = max(node.low.0 - q.x, 0, q.x - node.high.0)
    let dy = max(node.low.1 - q.y, 0, q.y - node.high.1)
    let dz = max(node.low.2 - q.z, 0, q.z - node.high.2)
    let chord = (dx * dx + dy * dy + dz * dz).squareRoot()
    return node.maxWeight - lambda * GreatCircle.kilometres(chord: chord)
  }

  private func value(at position: Int, _ q: SpherePoint) -> Double {
    evaluations += 1
    guard lambda > 0 else { return weights[position] }
    let dx = xs[position] - q.x
    let dy = ys[position] - q.y
    let dz = zs[position] - q.z
    let chord = (dx * dx + dy * dy + dz * dz).squareRoot()
    return weights[position] - lambda * GreatCircle.kilometres(chord: chord)
  }

  /// The point of largest value seen from `q`, or `nil` when the tree is empty.
  func best(from q: SpherePoint) -> (item: Int, value: Double)? {
    guard !nodes.isEmpty else { return nil }
    var bestValue = -Double.infinity
    var bestPosition = -1
    var stack = [(0, bound(nodes[0], q))]
    while let (index, nodeBound) = stack.popLast() {
      guard nodeBound > bestValue else { continue }
      let node = nodes[index]
      if node.left < 0 {
        for position in node.start..<node.end {
          // asin(x) >= x, so R * chord under-prices the distance: a cheap test first.
          let dx = xs[position] - q.x
          let dy = ys[position] - q.y
          let dz = zs[position] - q.z
          let cheap =
            weights[position] - lambda * GreatCircle.earthRadiusKm
            * (dx * dx + dy * dy + dz * dz).squareRoot()
          guard cheap > bestValue || bestPosition < 0 else { continue }
          let exact = value(at: position, q)
          if exact > bestValue || bestPosition < 0 {
            bestValue = exact
            bestPosition = position
          }
        }
      } else {
        let leftBound = bound(nodes[node.left], q)
        let rightBound = bound(nodes[node.right], q)
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
    return (items[bestPosition], bestValue)
  }

  /// The points seen from one query point, best first, produced on demand.
  struct Cursor {
    fileprivate let query: SpherePoint
    /// Tree nodes (index >= 0) and single points (`-1 - position`) by bound.
    fileprivate var frontier = MaxHeap<Int>()
  }

  func cursor(from q: SpherePoint) -> Cursor {
    var cursor = Cursor(query: q)
    if !nodes.isEmpty { cursor.frontier.push(bound(nodes[0], q), 0) }
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
        for position in node.start..<node.end {
          cursor.frontier.push(value(at: position, cursor.query), -1 - position)
        }
      } else {
        cursor.frontier.push(bound(nodes[node.left], cursor.query), node.left)
        cursor.frontier.push(bound(nodes[node.right], cursor.query), node.right)
      }
    }
    return nil
  }
}
