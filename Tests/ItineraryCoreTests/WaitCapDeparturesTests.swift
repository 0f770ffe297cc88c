import ItineraryCore
import Testing

/// A visit's begins and departures under a wait cap, on whole minutes,
/// against a brute force over every minute of the day.
@Suite struct WaitCapDeparturesTests {
  /// Sorted, disjoint intervals of whole minutes within a day.
  static func intervals(_ count: Int, using generator: inout SplitMix64)
    -> [OpenWindows.Interval]
  {
    let cuts = (0..<(2 * count)).map { _ in Double(Int.random(in: 0..<1440, using: &generator)) }
    let sorted = Array(Set(cuts)).sorted()
    return stride(from: 0, to: sorted.count - 1, by: 2).map {
      OpenWindows.Interval(begin: sorted[$0], end: sorted[$0 + 1])
    }
  }

  /// Whether `minute` lies in one of `intervals`.
  static func covers(_ intervals: [OpenWindows.Interval], _ minute: Double) -> Bool {
    intervals.contains { $0.begin <= minute && minute <= $0.end }
  }

  @Test(arguments: Array(UInt64(1)...40))
  func departuresAreEveryBeginThatFitsMovedByTheVisit(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let windows = OpenWindows(
      Self.intervals(Int.random(in: 1...4, using: &generator), using: &generator), horizon: 1440)
    let leaving = Self.intervals(Int.random(in: 1...3, using: &generator), using: &generator)
    let travel = Double(Int.random(in: 0...60, using: &generator))
    let maxWait = Double(Int.random(in: 0...90, using: &generator))
    let dwell = Double(Int.random(in: 0...120, using: &generator))
    let found = windows.departures(
      leaving: leaving, travel: travel, maxWait: maxWait, dwell: dwell)
    // A visit may begin at `begin` when some minute of leaving, plus the
    // travel, is at most `maxWait` before it, and an open interval holds
    // the whole visit.
    let begins = (0..<1440).map(Double.init).filter { begin in
      let reached = stride(from: begin - maxWait, through: begin, by: 1).contains {
        Self.covers(leaving, $0 - travel)
      }
      let open = windows.intervals.contains { $0.begin <= begin && begin + dwell <= $0.end }
      return reached && open
    }
    #expect(found?.firstBegin == begins.first, "seed \(seed)")
    for minute in (0..<1440).map(Double.init) {
      #expect(
        Self.covers(found?.departures ?? [], minute + dwell) == begins.contains(minute),
        "seed \(seed): minute \(minute)")
    }
    #expect(
      windows.begins(
        arrivals: leaving.map {
          OpenWindows.Interval(begin: $0.begin + travel, end: $0.end + travel)
        }, maxWait: maxWait, dwell: dwell
      ).first?.begin == begins.first, "seed \(seed)")
  }
}
