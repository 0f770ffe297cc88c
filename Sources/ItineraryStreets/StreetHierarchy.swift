import Dispatch
import Foundation

/// A mode's streets ready for many-to-many distances through their
/// shortcut hierarchy (`StreetShortcuts`): every arc and shortcut
/// either climbs from a junction to a more important one, kept for the
/// searches forward, or descends, kept reversed for the searches backward.
/// A shortest path climbs then descends, so the distance from a source to
/// a target is the least sum of the two searches at a junction both reach
/// (Knopp et al., 2007: the backward searches leave their distances in
/// buckets at the junctions they reach, which each forward search reads).
public struct StreetHierarchy: Sendable {
  let up: StreetArcs
  let down: StreetArcs

  /// - Complexity: O(J + A + S) for J junctions, A arcs and S shortcuts.
  init(_ arcs: StreetArcs, _ ordering: StreetShortcuts) {
    let count = arcs.first.count - 1
    var upward: [(tail: Int32, head: Int32, metres: Double)] = []
    var downward: [(tail: Int32, head: Int32, metres: Double)] = []
    func add(_ tail: Int32, _ head: Int32, _ metres: Double) {
      if ordering.rank[Int(head)] > ordering.rank[Int(tail)] {
        upward.append((tail, head, metres))
      } else if head != tail {
        downward.append((head, tail, metres))
      }
    }
    for tail in 0..<count {
      for arc in Int(arcs.first[tail])..<Int(arcs.first[tail + 1]) {
        add(Int32(tail), arcs.head[arc], arcs.metres[arc])
      }
    }
    for shortcut in ordering.shortcuts { add(shortcut.from, shortcut.to, shortcut.metres) }
    up = StreetArcs(count: count, upward)
    down = StreetArcs(count: count, downward)
  }

  /// A point's ways onto the streets: junctions with the metres to (for a
  /// source) or from (for a target) the point.
  public typealias Entries = [(junction: Int32, metres: Double)]

  /// The metres from every source to every target; infinity where no path
  /// exists. The forward searches run on every core.
  ///
  /// - Complexity: O(T * s + S * (s + b)) for T targets and S sources,
  ///   searches of s junctions and b bucket entries met: a few hundred each.
  public func table(sources: [Entries], targets: [Entries]) -> [[Double]] {
    let count = up.first.count - 1
    // The backward searches' buckets, by junction.
    var reached: [(junction: Int32, target: Int32, metres: Double)] = []
    var search = UpwardSearch(count: count)
    for (target, entries) in targets.enumerated() {
      search.run(from: entries, on: down) { junction, metres in
        reached.append((junction, Int32(target), metres))
      }
    }
    // A bucket's entries are arcs from its junction to a target, by junction.
    let rows = StreetArcs(count: count, reached.map { ($0.junction, $0.target, $0.metres) })
    let buckets = (first: rows.first, target: rows.head, metres: rows.metres)
    nonisolated(unsafe) var table = [[Double]](repeating: [], count: sources.count)
    let chunks = max(1, min(sources.count, ProcessInfo.processInfo.activeProcessorCount))
    table.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let output = buffer
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        var search = UpwardSearch(count: count)
        for source in stride(from: chunk, to: sources.count, by: chunks) {
          var row = [Double](repeating: .infinity, count: targets.count)
          search.run(from: sources[source], on: up) { junction, metres in
            for slot in Int(buckets.first[Int(junction)])..<Int(buckets.first[Int(junction) + 1]) {
              let target = Int(buckets.target[slot])
              let total = metres + buckets.metres[slot]
              if total < row[target] { row[target] = total }
            }
          }
          output[source] = row
        }
      }
    }
    return table
  }
}

extension StreetHierarchy {
  /// The junctions a search from `entries` settles, with their metres:
  /// forward on the climbing arcs (`upward`), else backward on the
  /// descending ones. Two such spaces meet where the shortest path between
  /// their points turns: the least sum over their common junctions is its
  /// length, the sum `table` takes.
  ///
  /// - Complexity: that of one search, a few hundred junctions.
  func space(from entries: Entries, upward: Bool, search: inout UpwardSearch) -> Entries {
    var settled: Entries = []
    search.run(from: entries, on: upward ? up : down) { settled.append(($0, $1)) }
    return settled
  }
}

/// Dijkstra's algorithm over one direction of a hierarchy's arcs, to the
/// end: it reaches only more important junctions, so it stays small.
/// Reused from search to search, reset only where it went.
struct UpwardSearch {
  private var metres: [Double]
  private var touched: [Int32] = []
  private var heap: MinHeap<Double>

  init(count: Int) {
    metres = [Double](repeating: .infinity, count: count)
    heap = MinHeap(capacity: 64)
  }

  /// Hands each junction settled, with its distance, to `settle`.
  mutating func run(
    from entries: StreetHierarchy.Entries, on arcs: StreetArcs,
    settle: (Int32, Double) -> Void
  ) {
    for junction in touched { metres[Int(junction)] = .infinity }
    touched.removeAll(keepingCapacity: true)
    for entry in entries where entry.metres < metres[Int(entry.junction)] {
      if metres[Int(entry.junction)] == .infinity { touched.append(entry.junction) }
      metres[Int(entry.junction)] = entry.metres
      heap.push(entry.metres, entry.junction)
    }
    while let (reached, junction) = heap.pop() {
      let tail = Int(junction)
      if reached > metres[tail] { continue }
      settle(junction, reached)
      for arc in Int(arcs.first[tail])..<Int(arcs.first[tail + 1]) {
        let head = Int(arcs.head[arc])
        let distance = reached + arcs.metres[arc]
        if distance < metres[head] {
          if metres[head] == .infinity { touched.append(arcs.head[arc]) }
          metres[head] = distance
          heap.push(distance, arcs.head[arc])
        }
      }
    }
  }
}
