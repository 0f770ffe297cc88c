import ItineraryCore

/// Improves a complete any-order plan by moves that keep it a plan: move one
/// stop elsewhere in the order, reverse a run of stops (2-opt), or give a
/// stop another eligible place no stop uses. A move is kept when the plan
/// gets better: first fewer misses (legs with no road; with time, visits
/// that do not fit and a finish past the horizon), then a higher objective
/// (with misses, an earlier finish). So a plan that does not fit in time is
/// walked towards one that does, and a plan that fits never stops fitting.
/// With time, the stops are also rebuilt by insertion in order of closing
/// and improved from there.
///
/// - Complexity: O(k^2 + E) moves a pass for k stops and E eligible
///   (category, place) pairs, each priced in O(k) (O(k log m) with time, for
///   m opening intervals a place); passes repeat until none improves or the
///   deadline passes.
struct PlanLocalSearch {
  /// How good a plan is: fewer misses first, then a higher value.
  private struct Quality {
    var misses: Int
    var value: Double

    /// Whether this is better than `other` by more than `epsilon` in value.
    func isBetter(than other: Quality, by epsilon: Double) -> Bool {
      misses != other.misses ? misses < other.misses : value > other.value + epsilon
    }
  }

  private let problem: Problem
  private let timing: Timing?
  private let eligible: [[Int]]
  private let scores: [Double]

  /// How much better a move must make the value to count.
  private static let epsilon = 1e-9

  /// - Parameter eligible: the places that may fill each category.
  init(problem: Problem, timing: Timing?, eligible: [[Int]]) {
    self.problem = problem
    self.timing = timing
    self.eligible = eligible
    scores = problem.scores()
  }

  /// The quality of `stops`, visited in order.
  ///
  /// - Complexity: O(k), O(k log m) with time.
  private func quality(of stops: [Plan.Stop]) -> Quality {
    let plan = Plan(stops: stops)
    if let timing {
      let timeline = timing.timeline(of: stops)
      if timeline.isFeasible {
        let value =
          problem.timelessObjective(of: plan) - timing.frame.waitWeight * timeline.totalWait
        return Quality(misses: 0, value: value)
      }
      let late = timeline.finish > timing.horizon ? 1 : 0
      return Quality(misses: stops.count - timeline.visits.count + late, value: -timeline.finish)
    }
    let legs = problem.legsKm(of: plan)
    let distance = legs.reduce(0) { $0 + ($1.isFinite ? $1 : 0) }
    let score = stops.reduce(0) { $0 + scores[$1.place] }
    return Quality(
      misses: legs.count { !$0.isFinite }, value: score - problem.distanceWeight * distance)
  }

  /// `stops` improved until no move helps or `deadline` passes. With time,
  /// also the same stops rebuilt by `insertion`, the better result kept: a
  /// tour drawn on distances alone may leave a place that closes at noon for
  /// the evening, and moves one at a time rarely mend that.
  func improve(_ stops: [Plan.Stop], until deadline: Deadline) -> [Plan.Stop] {
    guard timing != nil else { return descend(stops, until: deadline) }
    let rebuilt = descend(insertion(of: stops, until: deadline), until: deadline.fraction(0.5))
    let asGiven = descend(stops, until: deadline)
    return quality(of: rebuilt).isBetter(than: quality(of: asGiven), by: 0) ? rebuilt : asGiven
  }

  /// The stops inserted one at a time, earliest deadline first (by when
  /// their place's first possible visit must end), each where the plan so
  /// far is best: the classic construction for routes with time windows.
  /// Past the deadline, the stops left go at the end.
  ///
  /// - Complexity: O(k^2) insertions tried, each priced in O(k log m).
  private func insertion(of stops: [Plan.Stop], until deadline: Deadline) -> [Plan.Stop] {
    guard let timing else { return stops }
    let closing = stops.map { stop in
      let soonest = timing.travelMinutes(from: .origin, to: .place(stop.place))
      let dwell = timing.dwell(stop)
      let windows = timing.windows(of: stop.place)
      let begin = windows.earliestVisit(arrival: soonest, dwell: dwell) ?? timing.horizon
      return windows.intervals.first { $0.end >= begin + dwell }?.end ?? timing.horizon
    }
    var route: [Plan.Stop] = []
    for index in stops.indices.sorted(by: { (closing[$0], $0) < (closing[$1], $1) }) {
      let stop = stops[index]
      guard !deadline.hasPassed else {
        route.append(stop)
        continue
      }
      var best = (position: route.count, quality: quality(of: route + [stop]))
      for position in route.indices {
        var candidate = route
        candidate.insert(stop, at: position)
        let candidateQuality = quality(of: candidate)
        if candidateQuality.isBetter(than: best.quality, by: 0) {
          best = (position, candidateQuality)
        }
      }
      route.insert(stop, at: best.position)
    }
    return route
  }

  /// `stops` after first-improvement moves until none helps or `deadline` passes.
  private func descend(_ stops: [Plan.Stop], until deadline: Deadline) -> [Plan.Stop] {
    var stops = stops
    var quality = quality(of: stops)
    var used = Set(stops.map(\.place))
    func tryMove(_ candidate: [Plan.Stop]) -> Bool {
      let candidateQuality = self.quality(of: candidate)
      guard candidateQuality.isBetter(than: quality, by: Self.epsilon) else { return false }
      stops = candidate
      quality = candidateQuality
      return true
    }
    var improved = true
    while improved {
      improved = false
      for from in stops.indices {
        if deadline.hasPassed { return stops }
        for to in stops.indices where to != from {
          var candidate = stops
          candidate.insert(candidate.remove(at: from), at: to)
          if tryMove(candidate) { improved = true }
        }
        for end in stops.indices where end > from + 1 {
          var candidate = stops
          candidate[from...end].reverse()
          if tryMove(candidate) { improved = true }
        }
        for place in eligible[stops[from].category] where !used.contains(place) {
          var candidate = stops
          let old = candidate[from].place
          candidate[from].place = place
          if tryMove(candidate) {
            used.remove(old)
            used.insert(place)
            improved = true
          }
        }
      }
    }
    return stops
  }
}
