/// The critical vertices of a decremental state-space relaxation (Righini
/// and Salani 2009): the vertices a relaxed route may not repeat, each
/// known by its index among them, so that a label holds the ones it may no
/// longer visit as a `CriticalSet`.
struct CriticalVertices {
  /// The critical vertices, by index.
  private(set) var vertices: [Int] = []
  /// Each vertex's index among the critical ones, or -1.
  private(set) var index: [Int]

  init(vertexCount: Int) { index = Array(repeating: -1, count: vertexCount) }

  /// Makes `new` critical; false when there would be more than a
  /// `CriticalSet` holds.
  mutating func insert(_ new: [Int]) -> Bool {
    for vertex in new where index[vertex] < 0 {
      guard vertices.count < CriticalSet.capacity else { return false }
      index[vertex] = vertices.count
      vertices.append(vertex)
    }
    return true
  }

  /// The vertices but the depot (0) that `routes` visit more than once.
  ///
  /// - Complexity: O(n + total route length).
  static func repeated(in routes: [[Int]], vertexCount: Int) -> [Int] {
    var count = Array(repeating: 0, count: vertexCount)
    for vertex in routes.joined() { count[vertex] += 1 }
    return (1..<vertexCount).filter { count[$0] > 1 }
  }
}

/// A set of critical vertices, by their index among the critical ones.
public struct CriticalSet: Sendable, Equatable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  public static let capacity = 128

  @inline(__always)
  func contains(_ index: Int) -> Bool {
    index < 64 ? low & (1 << UInt64(index)) != 0 : high & (1 << UInt64(index - 64)) != 0
  }

  @inline(__always)
  mutating func insert(_ index: Int) {
    if index < 64 { low |= 1 << UInt64(index) } else { high |= 1 << UInt64(index - 64) }
  }

  @inline(__always)
  func isSubset(of other: CriticalSet) -> Bool {
    low & ~other.low == 0 && high & ~other.high == 0
  }
}
