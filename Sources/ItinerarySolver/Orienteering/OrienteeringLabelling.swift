import ItineraryCore

/// The exact method for one route of a benchmark file: the route as a trip
/// of one day (`TripInstance.init(_:day:)`), proven by the trips' own
/// labelling (`TripLabelling`), with the finer completion bound the
/// benchmark files need.
///
/// - Complexity: that of `TripLabelling`, plus O(n^2) to build the trip.
public enum OrienteeringLabelling {
  /// What a run proved.
  public struct Result: Sendable {
    /// The best route found (the incumbent when nothing beat it).
    public var route: [Int]
    public var score: Double
    /// Whether no route scores more; when the score is below the bar,
    /// whether no route reaches the bar.
    public var proven: Bool
    /// Searches run, one per critical set.
    public var iterations: Int
    public var labels: Int
  }

  /// The most steps the completion bound takes by default (about a second
  /// on the largest Cordeau files).
  public static let boundWork = 1 << 29

  /// The best route on `day`, proven when the search ends before
  /// `deadline` and within `maxLabels` labels per search; with a bar
  /// (`atLeast`), a proven result that scores less says that no route
  /// reaches it (see `TripLabelling.solve`).
  public static func solve(
    _ instance: OrienteeringInstance, day: OrienteeringDay, incumbent: [Int] = [],
    deadline: Deadline, maxLabels: Int = 3_000_000,
    neighbourhood: Int = TripLabelling.neighbourhood,
    boundWork: Int = boundWork, memoryBudget: Int = .max, atLeast bar: Double = -.infinity
  ) -> Result {
    let result = TripLabelling.solve(
      TripInstance(instance, day: day), incumbent: [incumbent], deadline: deadline,
      maxLabels: maxLabels, neighbourhood: neighbourhood, boundWork: boundWork,
      memoryBudget: memoryBudget, atLeast: bar)
    return Result(
      route: result.routes.first ?? [], score: result.value, proven: result.proven,
      iterations: result.iterations, labels: result.labels)
  }
}
