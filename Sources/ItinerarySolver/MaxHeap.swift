/// A binary max-heap of values ordered by a `Double` key.
///
/// - Complexity: O(log n) to push and to pop; O(n) to build from a list.
struct MaxHeap<Value> {
  private var keys: [Double] = []
  private var values: [Value] = []

  init() {}

  /// The heap of `items`, built at once.
  ///
  /// - Complexity: O(n).
  init(_ items: [(key: Double, value: Value)]) {
    keys = items.map(\.key)
    values = items.map(\.value)
    for index in stride(from: keys.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  var isEmpty: Bool { keys.isEmpty }

  /// The largest key and its value, left in the heap.
  var top: (key: Double, value: Value)? {
    guard let key = keys.first, let value = values.first else { return nil }
    return (key, value)
  }

  mutating func push(_ key: Double, _ value: Value) {
    keys.append(key)
    values.append(value)
    var child = keys.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard keys[parent] < keys[child] else { break }
      keys.swapAt(parent, child)
      values.swapAt(parent, child)
      child = parent
    }
  }

  mutating func pop() -> (key: Double, value: Value)? {
    guard let top = keys.first, let topValue = values.first else { return nil }
    let lastKey = keys.removeLast()
    let lastValue = values.removeLast()
    if !keys.isEmpty {
      keys[0] = lastKey
      values[0] = lastValue
      siftDown(0)
    }
    return (top, topValue)
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var largest = parent
      if left < keys.count, keys[left] > keys[largest] { largest = left }
      if right < keys.count, keys[right] > keys[largest] { largest = right }
      if largest == parent { return }
      keys.swapAt(parent, largest)
      values.swapAt(parent, largest)
      parent = largest
    }
  }
}
