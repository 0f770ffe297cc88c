import ItineraryCore

/// One layer of the ordered dynamic program, searchable from the stop before
/// it: its candidates ranked by `weight - lambda * distance(source, candidate)`,
/// where a candidate with no way to it from the source does not count.
///
/// `CompletionValues` and `PlanSearch` work against this and nothing else, so
/// one dynamic program serves great-circle distances (`SphereLayer`, a
/// spatial index) and road tables (`MatrixLayer`, a dense scan).
protocol LayerIndex {
  /// A query's candidates in decreasing order of value, produced on demand.
  associatedtype Cursor

  /// The candidate of largest value seen from `source`, or `nil` when none
  /// can be reached or every weight is minus infinity.
  func best(from source: Waypoint) -> (item: Int, value: Double)?

  /// `best(from: .place(source))` for each of the place indices `sources`,
  /// by position: the values the same, the items among those of that value.
  func best(fromEach sources: [Int]) -> [(item: Int, value: Double)?]

  func cursor(from source: Waypoint) -> Cursor

  /// The next candidate in decreasing order of value (always finite), or `nil`
  /// when all were given.
  func next(_ cursor: inout Cursor) -> (item: Int, value: Double)?

  /// Distances evaluated so far, to explain running times.
  var evaluations: Int { get }
}

/// The distances a planning problem's legs are measured in, and how to index
/// one layer of candidates under them.
protocol LayerMetric {
  associatedtype Index: LayerIndex

  /// The distance of a leg in kilometres, or `nil` when there is no way.
  func distanceKm(from: Waypoint, to: Waypoint) -> Double?

  /// The index of one layer.
  ///
  /// - Parameters:
  ///   - candidates: place indices; the index reports them by position here.
  ///   - weights: the weight of each candidate (minus infinity: no way on).
  ///   - lambda: the price of a kilometre, at least 0.
  func index(candidates: [Int], weights: [Double], lambda: Double) -> Index
}
