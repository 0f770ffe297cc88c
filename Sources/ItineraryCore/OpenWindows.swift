import Foundation

/// When a place is open during a plan, as merged intervals of minutes from the
/// plan's start: sorted, disjoint, never touching (adjoining opening times,
/// across midnight too, are one interval), and clipped to `[0, horizon]`.
public struct OpenWindows: Hashable, Sendable {
  /// A closed interval `[begin, end]` of minutes from the start.
  public struct Interval: Hashable, Sendable {
    public let begin: Double
    public let end: Double

    public init(begin: Double, end: Double) {
      self.begin = begin
      self.end = end
    }
  }

  public let intervals: [Interval]
  /// Minutes from the start to the end of the plan's horizon.
  public let horizon: Double

  /// Sorts, merges overlapping or adjoining intervals, clips them to
  /// `[0, horizon]` and drops those left empty.
  ///
  /// - Complexity: O(m log m) for m intervals.
  public init(_ intervals: [Interval], horizon: Double) {
    self.horizon = horizon
    var merged: [Interval] = []
    for interval in intervals.sorted(by: { $0.begin < $1.begin }) {
      let begin = max(interval.begin, 0)
      let end = min(interval.end, horizon)
      guard begin < end else { continue }
      if let last = merged.last, begin <= last.end {
        merged[merged.count - 1] = Interval(begin: last.begin, end: max(last.end, end))
      } else {
        merged.append(Interval(begin: begin, end: end))
      }
    }
    self.intervals = merged
  }

  /// An open span as instants, seconds since 1970 UTC, before it is
  /// measured from a plan's start.
  public struct Span: Hashable, Sendable {
    public let begin: Int
    public let end: Int

    public init(begin: Int, end: Int) {
      self.begin = begin
      self.end = end
    }
  }

  /// The windows of `spans`, sorted by their beginnings, for a plan from
  /// `start` to `end`: each instant in minutes from the start, merged and
  /// clipped as above. Minutes keep the order of instants, so the windows are
  /// those of the intervals sorted afresh.
  ///
  /// - Complexity: O(m) for m spans.
  public init(sorted spans: [Span], from start: Date, to end: Date) {
    let origin = start.timeIntervalSince1970
    horizon = end.timeIntervalSince(start) / 60
    var merged: [Interval] = []
    merged.reserveCapacity(spans.count)
    for span in spans {
      let begin = max((Double(span.begin) - origin) / 60, 0)
      let end = min((Double(span.end) - origin) / 60, horizon)
      guard begin < end else { continue }
      if let last = merged.last, begin <= last.end {
        merged[merged.count - 1] = Interval(begin: last.begin, end: max(last.end, end))
      } else {
        merged.append(Interval(begin: begin, end: end))
      }
    }
    intervals = merged
  }

  /// Open through the whole horizon (hours unknown and counted as open).
  public static func always(horizon: Double) -> OpenWindows {
    OpenWindows([Interval(begin: 0, end: horizon)], horizon: horizon)
  }

  /// The earliest begin `b >= arrival` such that the visit `[b, b + dwell]`
  /// lies inside one interval, or `nil` when no interval can hold it.
  ///
  /// - Complexity: O(log m + k), k the intervals too short to hold the visit
  ///   after the arrival.
  @inlinable
  public func earliestVisit(arrival: Double, dwell: Double) -> Double? {
    var index = firstIndex(endingAtOrAfter: arrival)
    while index < intervals.count {
      let begin = max(arrival, intervals[index].begin)
      if begin + dwell <= intervals[index].end { return begin }
      index += 1
    }
    return nil
  }

  /// Whether the place is open at `minute` (an interval's end already counts
  /// as closed).
  ///
  /// - Complexity: O(log m).
  public func isOpen(at minute: Double) -> Bool {
    let index = firstIndex(endingAtOrAfter: minute)
    return index < intervals.count && intervals[index].begin <= minute
      && minute < intervals[index].end
  }

  /// The interval that holds `minute`, its ends included, if any.
  ///
  /// - Complexity: O(log m).
  public func interval(holding minute: Double) -> Interval? {
    let index = firstIndex(endingAtOrAfter: minute)
    return index < intervals.count && intervals[index].begin <= minute ? intervals[index] : nil
  }

  /// The first interval whose end is at or after `minute`: binary search.
  @usableFromInline
  func firstIndex(endingAtOrAfter minute: Double) -> Int {
    var low = 0
    var high = intervals.count
    while low < high {
      let middle = (low + high) / 2
      if intervals[middle].end < minute { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
