/// A binary max-heap of values ordered by a `Double` key.
///
/// - Complexity: O(log n) to push and to pop.
struct MaxHeap<Value> {
  private var keys: [Double] = []
  private var values: [Value] = []

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
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var largest = parent
        if left < keys.count, keys[left] > keys[largest] { largest = left }
        if right < keys.count, keys[right] > keys[largest] { largest = right }
        if largest == parent { break }
        keys.swapAt(parent, largest)
        values.swapAt(parent, largest)
        parent = largest
      }
    }
    return (top, topValue)
  }
}
