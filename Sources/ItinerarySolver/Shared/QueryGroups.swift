/// Query points in groups of nearby ones: the cells of a Z-order curve over
/// their x and y, the finest that hold `size` points or more on average (so 1
/// to 4 times that), a crowded cell cut into runs of at most twice `size`
/// along the curve.
///
/// `SpatialIndex.best(fromEach:)` walks its tree once per group.
///
/// - Complexity: O(n).
struct QueryGroups {
  /// The points' indices along the curve.
  let order: [Int]
  /// Group `g` is `order[starts[g]..<starts[g + 1]]`.
  let starts: [Int]

  init(_ points: [SpherePoint], size: Int) {
    var low = (Double.infinity, Double.infinity)
    var high = (-Double.infinity, -Double.infinity)
    for point in points {
      low = (min(low.0, point.x), min(low.1, point.y))
      high = (max(high.0, point.x), max(high.1, point.y))
    }
    let scale = (
      high.0 - low.0 > 0 ? 65535 / (high.0 - low.0) : 0,
      high.1 - low.1 > 0 ? 65535 / (high.1 - low.1) : 0
    )
    // The curve's position in the high bits, the point's index below.
    let keys = Self.sorted(
      points.indices.map { index in
        let x = UInt32(((points[index].x - low.0) * scale.0).rounded(.down))
        let y = UInt32(((points[index].y - low.1) * scale.1).rounded(.down))
        return UInt64(Self.spread(x) | Self.spread(y) << 1) << 32 | UInt64(index)
      })
    order = keys.map { Int($0 & 0xFFFF_FFFF) }
    // Cells of 4^-level of the box, the finest holding `size` points on average.
    var level = 0
    while level < 16, points.count >> (2 * level + 2) >= size { level += 1 }
    let cellShift = UInt64(64 - 2 * level)
    var starts = [0]
    for position in keys.indices.dropFirst() {
      let newCell = level > 0 && keys[position] >> cellShift != keys[position - 1] >> cellShift
      if newCell || position - starts[starts.count - 1] == 2 * size { starts.append(position) }
    }
    starts.append(order.count)
    self.starts = points.isEmpty ? [0] : starts
  }

  var count: Int { starts.count - 1 }

  /// The indices of group `g`'s points.
  subscript(g: Int) -> ArraySlice<Int> { order[starts[g]..<starts[g + 1]] }

  /// `keys` sorted by their high halves, equal ones in the order given: a
  /// radix sort, 11 bits at a time; a comparison sort below
  /// `radixThreshold` keys, where clearing and summing the radix sort's
  /// 2,048 counters three times would cost more than sorting (the low
  /// halves ascend in the order given, so the whole keys sort the same).
  ///
  /// - Complexity: O(n), O(n log n) below the threshold.
  static func sorted(_ keys: [UInt64]) -> [UInt64] {
    if keys.count < radixThreshold { return keys.sorted() }
    var keys = keys
    var buffer = keys
    var counts = [Int](repeating: 0, count: 2049)
    for shift in stride(from: UInt64(32), to: 64, by: 11) {
      for digit in counts.indices { counts[digit] = 0 }
      for key in keys { counts[Int(key >> shift & 0x7FF) + 1] += 1 }
      for digit in 1...2048 { counts[digit] += counts[digit - 1] }
      for key in keys {
        let digit = Int(key >> shift & 0x7FF)
        buffer[counts[digit]] = key
        counts[digit] += 1
      }
      swap(&keys, &buffer)
    }
    return keys
  }

  static let radixThreshold = 1024

  /// The low 16 bits of `value` moved to the even bit positions.
  private static func spread(_ value: UInt32) -> UInt32 {
    var v = value & 0xFFFF
    v = (v | v << 8) & 0x00FF_00FF
    v = (v | v << 4) & 0x0F0F_0F0F
    v = (v | v << 2) & 0x3333_3333
    v = (v | v << 1) & 0x5555_5555
    return v
  }
}
