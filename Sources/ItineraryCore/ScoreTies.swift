/// Tells apart the places of one source whose evidence gives the same score,
/// so that equal scores never hide an order: taken best first, ties in the
/// tie order (the most recently edited first, then by name), each place
/// scores at least a ten-thousandth below the place before it. A run of
/// equal scores steps down from its first place; map scores are kept to the
/// thousandth, so only a run of ten or more reaches the next thousandth
/// (and then steps on below it).
public enum ScoreTies {
  /// Steps in a point: a step is a ten-thousandth, below the thousandths
  /// map scores are kept to.
  public static let stepsPerPoint = 10_000.0

  /// `scores`, ordered best first with ties in the tie order, each at least
  /// a step below the one before it, to the ten-thousandth.
  ///
  /// - Complexity: O(n).
  public static func separated(_ scores: [Double]) -> [Double] {
    var previous = Int.max
    return scores.map { score in
      previous = min(Int((score * stepsPerPoint).rounded()), previous - 1)
      return Double(previous) / stepsPerPoint
    }
  }
}
