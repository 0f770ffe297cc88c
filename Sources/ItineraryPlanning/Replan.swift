import ItineraryCore

/// A saved plan changed at one stop (`plans replan NAME --replace N`): the
/// request that keeps every other stop of it where it is, each a place of
/// its own (as a named stop is: `PinnedLayer`), and asks at stop N for the
/// best other place of that stop's category. The request's other keys are
/// the saved plan's, so the new plan is planned as the old one was.
public enum Replan {
  /// The request for the best plan like `saved`'s best one but at stop
  /// `number` (1-based).
  ///
  /// - Parameter key: how messages name the stop's number (`--replace` on
  ///   the command line, `body: replace` over HTTP).
  /// - Throws: `.usage` when `saved` is not a plan (a trip, or no plan) or
  ///   `number` is no stop of it, or the stop is the plan's end point.
  /// - Complexity: O(k) for k stops.
  public static func request(
    from saved: PlanResponse, replacing number: Int, key: String = "--replace"
  ) throws(ItineraryError) -> PlanRequest {
    guard var request = saved.request.plan, let plan = saved.plans.first else {
      throw ItineraryError(.usage, "only a plan can be replanned, not a trip")
    }
    // The end point is the last stop, a place of no city (`endAt`).
    let stops = request.endAt == nil ? plan.stops : Array(plan.stops.dropLast())
    guard stops.indices.contains(number - 1) else {
      throw ItineraryError(
        .usage, "\(key) \(number): the plan's stops are 1 to \(stops.count)")
    }
    let replaced = stops[number - 1]
    request.categories = stops.enumerated().map {
      $0.offset == number - 1 ? replaced.category : $0.element.id
    }
    request.avoid = (request.avoid ?? []) + [replaced.id]
    request.anyOrder = nil
    request.top = 1
    request.exact = true
    request.diverse = nil
    return request
  }
}
