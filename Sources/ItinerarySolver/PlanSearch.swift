import ItineraryCore

/// How many partial plans a best-first search expands between two readings
/// of its deadline.
let deadlineInterval = 1024

/// Best-first search over partial plans that yields complete plans in
/// decreasing order of objective, exactly.
///
/// A partial plan's priority is what it has collected plus the dynamic
/// program's best completion (`CompletionValues`), an upper bound that is
/// exact whenever no place would be used twice. So the first complete plan
/// popped is optimal, the next is second best, and so on (A* with an exact
/// heuristic). Children are not all generated at once: each partial plan reads
/// its continuations from a layer's cursor (`LayerIndex`), best first, and pushes its
/// next sibling only when a child is popped, so the work follows the number of
/// plans asked for rather than the number of candidates.
///
/// Constraints that only remove plans are checked on every prefix: a place
/// fills at most one stop, and `admits` can reject more (diversity). A prefix
/// may also carry a `cost` that only grows as it is extended (the price of
/// waiting for places to open) and is taken off its priority, which then
/// stays an upper bound; as a child's cost can drop it below its next
/// sibling's bound, siblings are pushed until one reaches the bound of those
/// still unread.
///
/// The search stops at its deadline (read every `deadlineInterval` partial
/// plans), with `timedOut` set.
///
/// - Complexity: O(k * (P + R) * C) for P plans produced and R prefixes
///   rejected, where C is the cost of one cursor step: O(log n) amortized on
///   the sphere; on a road table O(1), after O(n log n) to open the cursor.
struct PlanSearch<Metric: LayerMetric> {
  private struct Node {
    var parent: Int
    var layer: Int
    /// Index into `layers[layer]`, or -1 for the origin.
    var item: Int
    /// Scores collected less distances travelled and `cost`, up to and
    /// including this stop.
    var collected: Double
    /// The prefix's cost.
    var cost: Double
  }

  private let values: CompletionValues<Metric>
  private let admits: ([Int]) -> Bool
  private let cost: ([Int]) -> Double?
  private let deadline: Deadline?
  private var nodes: [Node]
  private var cursors: [Metric.Index.Cursor?]
  private var open = MaxHeap<Int>()
  /// Partial plans taken off the queue, to explain running times.
  private(set) var expanded = 0
  /// Whether the search stopped at its deadline rather than for want of plans.
  private(set) var timedOut = false

  /// - Parameters:
  ///   - deadline: when to give up, or `nil` to run to the end.
  ///   - cost: the cost of a prefix of place indices, at least that of the
  ///     prefix one shorter, or `nil` when it cannot be extended (it must then
  ///     be `nil` for every extension).
  ///   - admits: whether a prefix of place indices may be extended; it must
  ///     reject every extension of a prefix it rejects.
  init(
    values: CompletionValues<Metric>, deadline: Deadline? = nil,
    cost: @escaping ([Int]) -> Double? = { _ in 0 },
    admits: @escaping ([Int]) -> Bool = { _ in true }
  ) {
    self.values = values
    self.deadline = deadline
    self.cost = cost
    self.admits = admits
    nodes = [Node(parent: -1, layer: -1, item: -1, collected: 0, cost: 0)]
    cursors = [values.indexes.first?.cursor(from: .origin)]
    if !values.layers.isEmpty { pushNextChild(of: 0) }
  }

  private func place(of node: Node) -> Int { values.layers[node.layer][node.item] }

  private func places(endingAt index: Int) -> [Int] {
    var result: [Int] = []
    var index = index
    while nodes[index].layer >= 0 {
      result.append(place(of: nodes[index]))
      index = nodes[index].parent
    }
    return result.reversed()
  }

  /// Pushes the best children of `parent` not yet pushed that pass the
  /// constraints, until one has a priority no sibling still unread can beat.
  private mutating func pushNextChild(of parent: Int) {
    // Taken out of the array while it moves, so its heap is not copied.
    guard var cursor = cursors[parent] else { return }
    cursors[parent] = nil
    let layer = nodes[parent].layer + 1
    let prefix = places(endingAt: parent)
    let index = values.indexes[layer]
    var pushed = -Double.infinity
    while let (item, key) = index.next(&cursor) {
      let place = values.layers[layer][item]
      if prefix.contains(place) || !admits(prefix + [place]) { continue }
      guard let cost = cost(prefix + [place]) else { continue }
      let bound = nodes[parent].collected + key
      let priority = bound - (cost - nodes[parent].cost)
      let collected = priority - values.values[layer][item] + values.scores[place]
      nodes.append(
        Node(parent: parent, layer: layer, item: item, collected: collected, cost: cost))
      cursors.append(nil)
      open.push(priority, nodes.count - 1)
      pushed = max(pushed, priority)
      if pushed >= bound {
        cursors[parent] = cursor
        return
      }
    }
  }

  /// The next best plan as place indices with its objective, or `nil` when
  /// every plan has been produced or the deadline has passed.
  mutating func next() -> (places: [Int], objective: Double)? {
    while let (priority, index) = open.pop() {
      expanded += 1
      if expanded % deadlineInterval == 0, deadline?.hasPassed == true {
        timedOut = true
        return nil
      }
      pushNextChild(of: nodes[index].parent)
      let node = nodes[index]
      if node.layer == values.layers.count - 1 {
        return (places(endingAt: index), priority)
      }
      cursors[index] = values.indexes[node.layer + 1].cursor(from: .place(place(of: node)))
      pushNextChild(of: index)
    }
    return nil
  }
}
