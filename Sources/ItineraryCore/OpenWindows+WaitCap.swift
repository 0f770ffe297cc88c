extension OpenWindows {
  /// Every minute a visit of `dwell` minutes may begin when the person
  /// arrives at some minute of `arrivals` and waits at most `maxWait`
  /// minutes at the door: the arrivals widened by the wait, met with the
  /// begins from which the visit fits in one interval. Sorted and disjoint;
  /// an interval may be a single minute.
  ///
  /// - Parameter arrivals: sorted, disjoint closed intervals of minutes.
  /// - Complexity: O(a + m) for a arrival intervals and m open intervals.
  public func begins(arrivals: [Interval], maxWait: Double, dwell: Double) -> [Interval] {
    var reach: [Interval] = []
    reach.reserveCapacity(arrivals.count)
    for arrival in arrivals {
      let end = arrival.end + maxWait
      if let last = reach.last, arrival.begin <= last.end {
        reach[reach.count - 1] = Interval(begin: last.begin, end: max(last.end, end))
      } else {
        reach.append(Interval(begin: arrival.begin, end: end))
      }
    }
    var result: [Interval] = []
    var r = 0
    var o = firstIndex(endingAtOrAfter: reach.first?.begin ?? 0)
    while r < reach.count && o < intervals.count {
      let fitting = Interval(begin: intervals[o].begin, end: intervals[o].end - dwell)
      guard fitting.begin <= fitting.end else {
        o += 1
        continue
      }
      let begin = max(reach[r].begin, fitting.begin)
      let end = min(reach[r].end, fitting.end)
      if begin <= end { result.append(Interval(begin: begin, end: end)) }
      if reach[r].end < fitting.end { r += 1 } else { o += 1 }
    }
    return result
  }
}

extension [OpenWindows.Interval] {
  /// Every interval moved `minutes` later.
  func shifted(by minutes: Double) -> [OpenWindows.Interval] {
    map { OpenWindows.Interval(begin: $0.begin + minutes, end: $0.end + minutes) }
  }

  /// The least minute at or after `minute` that lies in an interval, or
  /// `nil` when none does.
  ///
  /// - Complexity: O(count).
  func least(atOrAfter minute: Double) -> Double? {
    for interval in self where interval.end >= minute { return Swift.max(interval.begin, minute) }
    return nil
  }
}
