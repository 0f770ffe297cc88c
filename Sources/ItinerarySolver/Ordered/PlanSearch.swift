import ItineraryCore

/// Best-first search over partial plans that yields complete plans in
/// decreasing order of objective, exactly.
///
/// A partial plan's priority is what it has collected plus the dynamic
/// program's best completion (`CompletionValues`), an upper bound that is
/// exact whenever no place would be used twice; with prices on places
/// (`PlacePenalties`) the completion runs on the priced scores and the
/// largest prices of the places still unused are added back. So the first
/// complete plan popped is optimal, the next is second best, and so on (A*
/// with an admissible heuristic; a complete plan whose priority still counts
/// prices goes back on the queue at its objective). Children are not all
/// generated at once: each partial plan reads its continuations from a
/// layer's cursor (`LayerIndex`), best first, and pushes its next sibling
/// only when a child is popped, so the work follows the number of plans
/// asked for rather than the number of candidates.
///
/// Constraints that only remove plans are checked on every prefix: a place
/// fills at most one stop, and `admits` can reject more (diversity). A prefix
/// may also carry a `cost` that only grows as it is extended (the price of
/// waiting for places to open, from where the prefix stands in time, which
/// each child extends by its own stop) and is taken off its priority, which
/// then stays an upper bound; as a child's cost can drop it below its next
/// sibling's bound, siblings are pushed until one reaches the bound of those
/// still unread.
///
/// The search stops at its deadline (read every `deadlineInterval` partial
/// plans), when it holds `maxNodes` partial plans or has expanded
/// `maxExpansions`, with `stop` set.
///
/// - Complexity: O(k * (P + R) * C) for P plans produced and R prefixes
///   rejected, where C is the cost of one cursor step: O(log n) amortized on
///   the sphere; on a road table O(1), after O(n log n) to open the cursor.
struct PlanSearch<Metric: LayerMetric> {
  /// Where a prefix stands after one more stop, and its cost.
  typealias Extend = (_ parent: Timing.Progress, _ layer: Int, _ place: Int) -> (
    cost: Double, progress: Timing.Progress
  )?

  private struct Node {
    var parent: Int
    var layer: Int
    /// Index into `layers[layer]`, or -1 for the origin.
    var item: Int
    /// Scores collected less distances travelled and `cost`, up to and
    /// including this stop.
    var collected: Double
    /// The prefix's cost.
    var cost = 0.0
    /// Where the prefix stands in time.
    var progress = Timing.Progress.start
    /// What the prices of the places still unused add to its children's
    /// priorities.
    var childBonus = 0.0
    /// Whether its priority is its objective (complete plans only).
    var exact = false
  }

  private let values: CompletionValues<Metric>
  private let admits: ([Int]) -> Bool
  private let extend: Extend
  private let deadline: Deadline?
  private let maxNodes: Int
  private let maxExpansions: Int
  private var nodes: [Node]
  private var cursors: [Metric.Index.Cursor?]
  /// Children read off a cursor whose value fell because the best way on
  /// from them leads back to their parent, by parent; they wait until no
  /// child still in the cursor can beat them.
  private var waiting: [Int: MaxHeap<Int>] = [:]
  private var open = MaxHeap<Int>()
  /// The storage of the prefix `pushNextChild` checks its children with.
  private var prefixBuffer: [Int] = []
  /// Partial plans taken off the queue, to explain running times.
  private(set) var expanded = 0
  /// Why the search stopped before it ran out of plans, if it did.
  private(set) var stop: SearchStop?

  /// - Parameters:
  ///   - deadline: when to give up, or `nil` to run to the end.
  ///   - maxNodes: the most partial plans to hold.
  ///   - maxExpansions: the most partial plans to expand.
  ///   - extend: where a prefix stands after one more stop (its parent's
  ///     progress, the stop's layer and place) and its cost, at least its
  ///     parent's; `nil` when it cannot be extended (it must then be `nil`
  ///     for every extension). No cost by default.
  ///   - admits: whether a prefix of place indices may be extended; it must
  ///     reject every extension of a prefix it rejects.
  init(
    values: CompletionValues<Metric>, deadline: Deadline? = nil, maxNodes: Int = .max,
    maxExpansions: Int = .max, extend: @escaping Extend = { progress, _, _ in (0, progress) },
    admits: @escaping ([Int]) -> Bool = { _ in true }
  ) {
    self.values = values
    self.deadline = deadline
    self.maxNodes = maxNodes
    self.maxExpansions = maxExpansions
    self.extend = extend
    self.admits = admits
    let bonus = values.penalties.largest(values.layers.count, excluding: [])
    nodes = [Node(parent: -1, layer: -1, item: -1, collected: 0, childBonus: bonus)]
    cursors = [values.indexes.first?.cursor(from: .origin)]
    if !values.layers.isEmpty { pushNextChild(of: 0) }
  }

  private func place(of node: Node) -> Int { values.layers[node.layer][node.item] }

  /// The places of the prefix ending at `index`.
  private func places(endingAt index: Int) -> [Int] {
    var result: [Int] = []
    write(placesEndingAt: index, room: 0, into: &result)
    return result
  }

  /// Writes the places of the prefix ending at `index`, then `room` zeros,
  /// into `buffer`, in the storage it has.
  private func write(placesEndingAt index: Int, room: Int, into buffer: inout [Int]) {
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: repeatElement(0, count: nodes[index].layer + 1 + room))
    var index = index
    while nodes[index].layer >= 0 {
      buffer[nodes[index].layer] = place(of: nodes[index])
      index = nodes[index].parent
    }
  }

  /// Pushes the best children of `parent` not yet pushed that pass the
  /// constraints, until one has a priority no sibling still unread can beat.
  private mutating func pushNextChild(of parent: Int) {
    // Taken out of their arrays while they move, so their heaps are not copied.
    var cursor = cursors[parent]
    cursors[parent] = nil
    var held = waiting.removeValue(forKey: parent) ?? MaxHeap()
    let layer = nodes[parent].layer + 1
    let before = parent == 0 ? -1 : place(of: nodes[parent])
    // The prefix with room for one more place, rewritten for each candidate:
    // one array for the whole search rather than one per check.
    var extended = prefixBuffer
    prefixBuffer = []
    defer { prefixBuffer = extended }
    write(placesEndingAt: parent, room: 1, into: &extended)
    let index = values.indexes[layer]
    var pushed = -Double.infinity
    while true {
      var chosen: (key: Double, value: Int)?
      while chosen == nil, var walk = cursor {
        cursor = nil
        guard let (item, key) = index.next(&walk) else { break }
        cursor = walk
        let place = values.layers[layer][item]
        if extended[..<layer].contains(place) { continue }
        extended[layer] = place
        if !admits(extended) { continue }
        guard values.successors[layer][item] == before, before >= 0 else {
          if held.isEmpty { chosen = (key, item) } else { held.push(key, item) }
          if chosen == nil, let top = held.top, top.key >= key { chosen = held.pop() }
          continue
        }
        held.push(key - values.values[layer][item] + values.secondValues[layer][item], item)
        if let top = held.top, top.key >= key { chosen = held.pop() }
      }
      if chosen == nil { chosen = held.pop() }
      // Keys come in decreasing order: this one bounds every sibling after it.
      guard let (key, item) = chosen else { break }
      let place = values.layers[layer][item]
      guard let (cost, progress) = extend(nodes[parent].progress, layer, place) else { continue }
      let paid = cost - nodes[parent].cost
      let collected =
        nodes[parent].collected + key - values.value(layer: layer, item: item, after: before)
        + values.scores[place] - paid
      nodes.append(
        Node(
          parent: parent, layer: layer, item: item, collected: collected, cost: cost,
          progress: progress))
      cursors.append(nil)
      let bound = nodes[parent].collected + key + nodes[parent].childBonus
      open.push(bound - paid, nodes.count - 1)
      pushed = max(pushed, bound - paid)
      if pushed >= bound { break }
    }
    cursors[parent] = cursor
    if !held.isEmpty { waiting[parent] = held }
  }

  /// The next best plan as place indices with its objective, or `nil` when
  /// every plan has been produced or the search had to stop.
  mutating func next() -> (places: [Int], objective: Double)? {
    let last = values.layers.count - 1
    while let (priority, index) = open.pop() {
      var node = nodes[index]
      if node.exact { return (places(endingAt: index), priority) }
      expanded += 1
      if expanded % deadlineInterval == 0, deadline?.hasPassed == true {
        stop = .deadline
        return nil
      }
      if nodes.count >= maxNodes {
        stop = .memory
        return nil
      }
      if expanded > maxExpansions {
        stop = .expansions
        return nil
      }
      pushNextChild(of: node.parent)
      if node.layer == last {
        guard nodes[node.parent].childBonus > 0 else { return (places(endingAt: index), priority) }
        // The priority counted prices: back on the queue at the objective.
        let place = place(of: node)
        nodes[index].exact = true
        open.push(
          node.collected + values.values[last][node.item] - values.scores[place]
            + values.penalties.byPlace[place], index)
        continue
      }
      if !values.penalties.isZero {
        let prefix = places(endingAt: index)
        node.childBonus = values.penalties.largest(last - node.layer, excluding: prefix)
      }
      nodes[index] = node
      cursors[index] = values.indexes[node.layer + 1].cursor(from: .place(place(of: node)))
      pushNextChild(of: index)
    }
    return nil
  }
}
