/// The diversity rule: each plan after the first shares fewer than half of
/// its places with every plan before it, so at most `floor((k - 1) / 2)` of
/// its k places (two-stop plans share none, three- and four-stop plans one).
public struct Diversity: Sendable, Equatable {
  /// The most places a plan may share with each earlier plan.
  public let maximumShared: Int

  /// The rule for plans of `stopCount` stops.
  public init(stopCount: Int) { maximumShared = max(0, (stopCount - 1) / 2) }

  /// Whether a plan, or a prefix of one, given as place indices, shares few
  /// enough places with every earlier plan. A prefix it rejects has no
  /// admissible extension. Earlier plans are lists of their places: for the
  /// few places of a plan, a scan costs less than the hash of a set.
  ///
  /// - Complexity: O(m * p * k) for m earlier plans of k places and p
  ///   places in `places`.
  public func admits(_ places: [Int], after earlier: [[Int]]) -> Bool {
    earlier.allSatisfy { plan in places.count(where: plan.contains) <= maximumShared }
  }
}
