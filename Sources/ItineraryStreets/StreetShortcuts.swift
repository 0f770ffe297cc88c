import ItineraryCore

/// A shortcut hierarchy's order of a mode's junctions and the shortcuts
/// it needs (Geisberger et al., 2008): junctions are removed least
/// important first, and a shortcut joins two neighbours of a removed
/// junction when the path through it was their only shortest one.
///
/// With it, a search from a point only climbs to more important junctions,
/// and meets a search from any other point: a few hundred junctions each
/// instead of the whole city (`StreetHierarchy`).
public struct StreetShortcuts: Sendable, Equatable {
  /// One arc the ordering adds: `from` to `to`, the length of the path
  /// it stands for.
  public struct Shortcut: Sendable, Equatable {
    public var from: Int32
    public var to: Int32
    public var metres: Double

    public init(from: Int32, to: Int32, metres: Double) {
      self.from = from
      self.to = to
      self.metres = metres
    }
  }

  /// Each junction's place in the order, from 0 (removed first).
  public let rank: [Int32]
  public let shortcuts: [Shortcut]

  /// - Throws: `.data` when the ranks are not an order of the junctions or
  ///   a shortcut names no junction.
  public init(rank: [Int32], shortcuts: [Shortcut], junctions: Int) throws(ItineraryError) {
    var seen = [Bool](repeating: false, count: junctions)
    for value in rank {
      guard seen.indices.contains(Int(value)), !seen[Int(value)] else {
        throw ItineraryError(.data, "the streets' hierarchy is not an order of the junctions")
      }
      seen[Int(value)] = true
    }
    guard rank.count == junctions,
      shortcuts.allSatisfy({
        seen.indices.contains(Int($0.from)) && seen.indices.contains(Int($0.to))
          && $0.metres.isFinite && $0.metres >= 0
      })
    else { throw ItineraryError(.data, "the streets' hierarchy does not fit the junctions") }
    self.rank = rank
    self.shortcuts = shortcuts
  }

  /// How many junctions a witness search may settle: past it, a shortcut is
  /// added that a longer search might have shown unneeded.
  static let witnessSettleLimit = 64

  /// Orders `graph`: the order by edge difference (shortcuts added less
  /// arcs removed) plus neighbours already removed, updated lazily, ties by
  /// junction number, so the same streets give the same hierarchy.
  ///
  /// - Complexity: about O(J * d^2 * w) for J junctions of degree d and
  ///   witness searches of w settled junctions; a few seconds for a city.
  public init(_ graph: StreetGraph) { self.init(graph.arcs) }

  init(_ arcs: StreetArcs) {
    let count = arcs.first.count - 1
    var outs = [[Int32: Double]](repeating: [:], count: count)
    var ins = [[Int32: Double]](repeating: [:], count: count)
    for tail in 0..<count {
      for arc in Int(arcs.first[tail])..<Int(arcs.first[tail + 1]) {
        let head = arcs.head[arc]
        guard Int(head) != tail else { continue }
        let metres = arcs.metres[arc]
        if metres < outs[tail][head] ?? .infinity {
          outs[tail][head] = metres
          ins[Int(head)][Int32(tail)] = metres
        }
      }
    }
    var removed = [Bool](repeating: false, count: count)
    var removedNeighbours = [Int](repeating: 0, count: count)
    var witness = WitnessSearch(count: count)

    /// The shortcuts removing `junction` needs now.
    func needed(_ junction: Int) -> [Shortcut] {
      var found: [Shortcut] = []
      let targets = outs[junction].sorted { $0.key < $1.key }
      for (from, first) in ins[junction].sorted(by: { $0.key < $1.key }) {
        let limit = targets.reduce(0) { max($0, first + $1.value) }
        witness.run(
          from: Int(from), avoiding: junction, within: limit, outs: outs, removed: removed)
        for (to, second) in targets where to != from {
          let through = first + second
          if witness.metres(to: Int(to)) > through {
            found.append(Shortcut(from: from, to: to, metres: through))
          }
        }
      }
      return found
    }
    func priority(_ junction: Int) -> Int {
      needed(junction).count - ins[junction].count - outs[junction].count
        + removedNeighbours[junction]
    }

    var queue = MinHeap<RemovalPriority>(capacity: count)
    for junction in 0..<count {
      queue.push(
        RemovalPriority(value: priority(junction), junction: Int32(junction)), Int32(junction))
    }
    var rank = [Int32](repeating: 0, count: count)
    var shortcuts: [Shortcut] = []
    var next: Int32 = 0
    while let (stale, popped) = queue.pop() {
      let junction = Int(popped)
      let current = RemovalPriority(value: priority(junction), junction: popped)
      if current.value > stale.value, let top = queue.peek?.key, top < current {
        queue.push(current, popped)
        continue
      }
      let added = needed(junction)
      for shortcut in added {
        let (from, to) = (Int(shortcut.from), shortcut.to)
        if shortcut.metres < outs[from][to] ?? .infinity {
          outs[from][to] = shortcut.metres
          ins[Int(to)][shortcut.from] = shortcut.metres
        }
      }
      shortcuts += added
      for (neighbour, _) in ins[junction] {
        outs[Int(neighbour)][popped] = nil
        removedNeighbours[Int(neighbour)] += 1
      }
      for (neighbour, _) in outs[junction] {
        ins[Int(neighbour)][popped] = nil
        removedNeighbours[Int(neighbour)] += 1
      }
      removed[junction] = true
      rank[junction] = next
      next += 1
    }
    self.rank = rank
    self.shortcuts = shortcuts
  }
}

/// The bounded Dijkstra searches that look for a path between two
/// neighbours of a junction avoiding it: reused, reset only where touched.
struct WitnessSearch {
  private var metres: [Double]
  private var touched: [Int] = []

  init(count: Int) { metres = [Double](repeating: .infinity, count: count) }

  func metres(to junction: Int) -> Double { metres[junction] }

  mutating func run(
    from source: Int, avoiding middle: Int, within limit: Double, outs: [[Int32: Double]],
    removed: [Bool]
  ) {
    for junction in touched { metres[junction] = .infinity }
    touched = [source]
    metres[source] = 0
    var queue = MinHeap<Double>(capacity: 16)
    queue.push(0, Int32(source))
    var settled = 0
    while settled < StreetShortcuts.witnessSettleLimit, let (reached, junction) = queue.pop() {
      let tail = Int(junction)
      if reached > metres[tail] { continue }
      if reached > limit { break }
      settled += 1
      for (head, length) in outs[tail] where Int(head) != middle && !removed[Int(head)] {
        let distance = reached + length
        if distance < metres[Int(head)] {
          if metres[Int(head)] == .infinity { touched.append(Int(head)) }
          metres[Int(head)] = distance
          queue.push(distance, head)
        }
      }
    }
  }
}
