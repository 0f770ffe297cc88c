import ItineraryCore

extension TripInstance {
  /// A route of a benchmark file as a trip of one day: its scores, visits
  /// and windows, times counted from the day's start, no prices, meals or
  /// variety. The file's window for the start of a visit becomes an open
  /// interval that holds the visit, half a unit longer: visits start at
  /// whole units, so they start by the window's close exactly as in the
  /// file, and a visit of no time at a window of one instant keeps an
  /// interval. Times are integers, so the arithmetic stays exact.
  ///
  /// - Complexity: O(n^2) for n vertices.
  init(_ instance: OrienteeringInstance, day: OrienteeringDay) {
    let n = instance.vertexCount
    let start = Double(day.start)
    let horizon = Double(day.end - day.start)
    let windows = (0..<n).map { v in
      v == 0
        ? OpenWindows.always(horizon: horizon)
        : OpenWindows(
          [
            OpenWindows.Interval(
              begin: Double(instance.opens[v]) - start,
              end: Double(instance.closes[v] + instance.durations[v]) + 0.5 - start)
          ], horizon: horizon)
    }
    self.init(
      places: Array(-1..<n - 1), categories: [-1] + Array(repeating: 0, count: n - 1),
      scores: [0] + instance.scores.dropFirst(), dwell: instance.durations.map(Double.init),
      windows: [windows], horizons: [horizon], maxPerCategory: nil, maxStops: [.max],
      categoryCount: 1, distanceWeight: 0, waitWeight: 0,
      minutes: (0..<n * n).map { Double(instance.travel($0 / n, $0 % n)) },
      kilometres: Array(repeating: 0, count: n * n))
  }
}
