/// A binary min-heap of junctions by key, with repeats: a search that
/// reaches a junction again nearer pushes it again, and skips the older
/// entry when it comes up.
struct MinHeap<Key: Comparable> {
  private var entries: [(key: Key, value: Int32)] = []

  init(capacity: Int) { entries.reserveCapacity(capacity) }

  var isEmpty: Bool { entries.isEmpty }

  /// The smallest entry, left in place.
  var peek: (key: Key, value: Int32)? { entries.first }

  /// - Complexity: O(log n).
  mutating func push(_ key: Key, _ value: Int32) {
    entries.append((key, value))
    entries.withUnsafeMutableBufferPointer { heap in
      var child = heap.count - 1
      let entry = heap[child]
      while child > 0 {
        let parent = (child - 1) / 2
        guard entry.key < heap[parent].key else { break }
        heap[child] = heap[parent]
        child = parent
      }
      heap[child] = entry
    }
  }

  /// Removes and returns the smallest entry.
  ///
  /// - Complexity: O(log n).
  mutating func pop() -> (key: Key, value: Int32)? {
    guard let top = entries.first, let last = entries.popLast() else { return nil }
    guard !entries.isEmpty else { return top }
    entries.withUnsafeMutableBufferPointer { heap in
      var parent = 0
      let count = heap.count
      while true {
        let left = 2 * parent + 1
        guard left < count else { break }
        let right = left + 1
        let child = right < count && heap[right].key < heap[left].key ? right : left
        guard heap[child].key < last.key else { break }
        heap[parent] = heap[child]
        parent = child
      }
      heap[parent] = last
    }
    return top
  }
}

/// A removal order's priority of a junction: smaller first, ties by number.
struct RemovalPriority: Comparable {
  var value: Int
  var junction: Int32

  static func < (a: Self, b: Self) -> Bool { (a.value, a.junction) < (b.value, b.junction) }
}
