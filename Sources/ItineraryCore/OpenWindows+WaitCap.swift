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
    var result: [Interval] = []
    sweep(arrivals: arrivals, later: 0, maxWait: maxWait, dwell: dwell) { result.append($0) }
    return result
  }

  /// What a timed search needs of `begins`, without the arrays between:
  /// the first minute a visit may begin when the person leaves at some
  /// minute of `leaving` and travels `travel` minutes, and every minute the
  /// visit may end (the begins moved `dwell` later); `nil` when none.
  ///
  /// - Complexity: O(a + m) for a leaving intervals and m open intervals.
  public func departures(leaving: [Interval], travel: Double, maxWait: Double, dwell: Double)
    -> (firstBegin: Double, departures: [Interval])?
  {
    var firstBegin: Double?
    var departures: [Interval] = []
    sweep(arrivals: leaving, later: travel, maxWait: maxWait, dwell: dwell) { begin in
      if firstBegin == nil { firstBegin = begin.begin }
      departures.append(Interval(begin: begin.begin + dwell, end: begin.end + dwell))
    }
    return firstBegin.map { ($0, departures) }
  }

  /// Hands `found` each interval of begins, in order, for the arrivals
  /// moved `later` minutes.
  private func sweep(
    arrivals: [Interval], later: Double, maxWait: Double, dwell: Double,
    _ found: (Interval) -> Void
  ) {
    var reach: [Interval] = []
    reach.reserveCapacity(arrivals.count)
    for arrival in arrivals {
      let (begin, end) = (arrival.begin + later, (arrival.end + later) + maxWait)
      if let last = reach.last, begin <= last.end {
        reach[reach.count - 1] = Interval(begin: last.begin, end: max(last.end, end))
      } else {
        reach.append(Interval(begin: begin, end: end))
      }
    }
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
      if begin <= end { found(Interval(begin: begin, end: end)) }
      if reach[r].end < fitting.end { r += 1 } else { o += 1 }
    }
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
