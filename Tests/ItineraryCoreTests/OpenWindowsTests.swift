import Foundation
import ItineraryCore
import Testing

@Suite struct OpenWindowsTests {
  func windows(_ spans: [(Double, Double)], horizon: Double = 1440) -> OpenWindows {
    OpenWindows(spans.map { OpenWindows.Interval(begin: $0.0, end: $0.1) }, horizon: horizon)
  }

  @Test func overlappingAndAdjoiningIntervalsMerge() {
    let merged = windows([(60, 120), (0, 60), (100, 130), (200, 300)])
    #expect(merged.intervals == [.init(begin: 0, end: 130), .init(begin: 200, end: 300)])
  }

  @Test func sortedSpansGiveTheWindowsOfTheIntervalsSortedAfresh() {
    let start = Date(timeIntervalSince1970: 1_764_612_000.25)
    let end = start.addingTimeInterval(6 * 3600)
    let base = 1_764_612_000
    // Overlapping, adjoining, equal beginnings, before the start, past the
    // end, empty and backwards (a skipped closing time).
    let spans = [
      (-7200, -3600), (-600, 600), (0, 1800), (1800, 3600), (5000, 9000), (5000, 6000),
      (9000, 9000), (12_000, 11_000), (20_000, 30_000),
    ].map { OpenWindows.Span(begin: base + $0.0, end: base + $0.1) }
    var generator = SplitMix64(seed: 7)
    let intervals = spans.shuffled(using: &generator).map { span in
      OpenWindows.Interval(
        begin: (Double(span.begin) - start.timeIntervalSince1970) / 60,
        end: (Double(span.end) - start.timeIntervalSince1970) / 60)
    }
    let afresh = OpenWindows(intervals, horizon: end.timeIntervalSince(start) / 60)
    #expect(OpenWindows(sorted: spans, from: start, to: end) == afresh)
    #expect(afresh.intervals.count == 3)
  }

  @Test func intervalsAreClippedToTheHorizon() {
    let clipped = windows([(-30, 10), (50, 200), (300, 400)], horizon: 100)
    #expect(clipped.intervals == [.init(begin: 0, end: 10), .init(begin: 50, end: 100)])
  }

  @Test func aVisitThatExactlyFitsBeginsOnArrival() {
    let open = windows([(60, 120)])
    #expect(open.earliestVisit(arrival: 60, dwell: 60) == 60)
    #expect(open.earliestVisit(arrival: 90, dwell: 30) == 90)
  }

  @Test func anEarlyArrivalWaitsForTheOpening() {
    #expect(windows([(60, 120)]).earliestVisit(arrival: 0, dwell: 30) == 60)
  }

  @Test func aVisitTooLongForWhatIsLeftWaitsForTheNextInterval() {
    let open = windows([(0, 60), (70, 200)])
    #expect(open.earliestVisit(arrival: 30, dwell: 60) == 70)
    #expect(open.earliestVisit(arrival: 30, dwell: 30) == 30)
  }

  @Test func aVisitMaySpanAdjoiningIntervals() {
    // Open until midnight and from midnight: one interval.
    #expect(windows([(0, 60), (60, 120)]).earliestVisit(arrival: 30, dwell: 60) == 30)
  }

  @Test func nothingFits() {
    let open = windows([(60, 120), (200, 230)])
    #expect(open.earliestVisit(arrival: 100, dwell: 61) == nil)
    #expect(open.earliestVisit(arrival: 231, dwell: 0) == nil)
    #expect(windows([]).earliestVisit(arrival: 0, dwell: 0) == nil)
    // Open past the horizon does not help: the visit must end by it.
    #expect(windows([(50, 200)], horizon: 100).earliestVisit(arrival: 60, dwell: 50) == nil)
  }

  @Test func aVisitOfNoTimeFitsUpToTheClosingMinute() {
    #expect(windows([(60, 120)]).earliestVisit(arrival: 120, dwell: 0) == 120)
  }

  @Test func alwaysIsOneIntervalOverTheHorizon() {
    let open = OpenWindows.always(horizon: 600)
    #expect(open.intervals == [.init(begin: 0, end: 600)])
    #expect(open.earliestVisit(arrival: 500, dwell: 100) == 500)
    #expect(open.earliestVisit(arrival: 500, dwell: 101) == nil)
  }

  @Test func isOpenCountsTheClosingMinuteAsClosed() {
    let open = windows([(60, 120), (200, 230)])
    #expect(!open.isOpen(at: 59.9))
    #expect(open.isOpen(at: 60))
    #expect(open.isOpen(at: 119.9))
    #expect(!open.isOpen(at: 120))
    #expect(open.isOpen(at: 229))
    #expect(!open.isOpen(at: 500))
  }
}
