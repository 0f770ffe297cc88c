/// A small, fast, seedable generator (Steele, Lea & Flood's SplitMix64): the
/// heuristic's randomness and the tests' and benchmarks' seeded problems, so
/// that every run is reproducible from its seed.
package struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0 ..< bound` (by modulo: the same on every
  /// platform and Swift version, unlike `Int.random(in:using:)`).
  package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

  /// Shuffles `items` in place (Fisher-Yates with `below`).
  ///
  /// - Complexity: O(n).
  package mutating func shuffle<T>(_ items: inout [T]) {
    guard items.count > 1 else { return }
    for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, below(i + 1)) }
  }
}
