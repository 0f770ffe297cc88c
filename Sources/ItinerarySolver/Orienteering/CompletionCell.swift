/// A cell of a completion bound's table, for one vertex and departure time:
/// the best walk home from there, its first vertex, and the best walk that
/// begins elsewhere. A walk that came from `previous` takes the best that
/// does not go straight back to it (2-cycle elimination, as in
/// Christofides, Mingozzi and Toth's q-routes): a bound that lets vertices
/// repeat, but never right after going away.
///
/// Values are kept in single precision, rounded up, so they stay upper
/// bounds in a smaller table: on the Cordeau file pr02, whose proof is
/// mostly the filling of the table, the proof took 0.7 to 0.9 s so, 1.0 to
/// 1.4 s with two doubles a cell (0.6 to 0.7 s with the best walk alone in
/// a double).
struct CompletionCell: Sendable {
  private var best: Float
  private var other: Float
  /// The best walk's first vertex; -1 when it goes home at once.
  private var first: Int32

  /// A cell no walk from which scores more than `value`.
  init(atMost value: Double) { self.init(best: value, other: value, first: -1) }

  private init(best: Double, other: Double, first: Int32) {
    self.best = Self.above(best)
    self.other = Self.above(other)
    self.first = first
  }

  /// The most a walk from here collects.
  var value: Double { Double(best) }

  /// The most a walk from here collects when it came from `previous`.
  @inline(__always)
  func value(after previous: Int) -> Double {
    value(avoiding: { $0 == previous })
  }

  /// The most a walk from here collects when it may not go on to a vertex
  /// `barred` says it may not.
  @inline(__always)
  func value(avoiding barred: (Int) -> Bool) -> Double {
    Double(first >= 0 && barred(Int(first)) ? other : best)
  }

  /// The least `Float` no less than `value`.
  private static func above(_ value: Double) -> Float {
    let near = Float(value)
    return Double(near) < value ? near.nextUp : near
  }

  /// A cell's walks, offered one by one: going home, then on through each
  /// vertex.
  struct Choice {
    private var best: Double
    private var other = -Double.infinity
    private var first: Int32 = -1

    /// `home`: what going home at once collects (minus infinity when it
    /// is too late).
    init(home: Double) { best = home }

    mutating func offer(_ value: Double, through vertex: Int) {
      if value > best {
        (other, best, first) = (best, value, Int32(vertex))
      } else if value > other {
        other = value
      }
    }

    var cell: CompletionCell { CompletionCell(best: best, other: other, first: first) }
  }
}
