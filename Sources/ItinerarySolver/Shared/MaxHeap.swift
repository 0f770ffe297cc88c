/// A binary max-heap of values ordered by a `Double` key.
///
/// Entries move through a hole rather than by swaps, and keys live beside
/// their values in one array: the same comparisons in the same order as
/// swapping, so equal keys come out in the same order, with half the writes.
///
/// - Complexity: O(log n) to push and to pop; O(n) to build from a list.
struct MaxHeap<Value> {
  private var entries: [(key: Double, value: Value)] = []

  init() {}

  /// An empty heap with room for `capacity` entries before it grows.
  init(capacity: Int) { entries.reserveCapacity(capacity) }

  /// The heap of `items`, built at once.
  ///
  /// - Complexity: O(n).
  init(_ items: [(key: Double, value: Value)]) {
    entries = items
    for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) {
      siftDown(entries[index], from: index)
    }
  }

  var isEmpty: Bool { entries.isEmpty }

  /// The largest key and its value, left in the heap.
  var top: (key: Double, value: Value)? { entries.first }

  mutating func push(_ key: Double, _ value: Value) {
    entries.append((key, value))
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[parent].key < key else { break }
      entries[child] = entries[parent]
      child = parent
    }
    entries[child] = (key, value)
  }

  mutating func pop() -> (key: Double, value: Value)? {
    guard let top = entries.first else { return nil }
    let last = entries.removeLast()
    if !entries.isEmpty { siftDown(last, from: 0) }
    return top
  }

  /// Places `entry` at `start` or below, moving larger children up.
  private mutating func siftDown(_ entry: (key: Double, value: Value), from start: Int) {
    var parent = start
    let count = entries.count
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var largest = parent
      var largestKey = entry.key
      if left < count, entries[left].key > largestKey {
        largest = left
        largestKey = entries[left].key
      }
      if right < count, entries[right].key > largestKey { largest = right }
      if largest == parent { break }
      entries[parent] = entries[largest]
      parent = largest
    }
    entries[parent] = entry
  }
}
