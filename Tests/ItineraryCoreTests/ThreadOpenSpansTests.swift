import Foundation
import Synchronization
import Testing

@testable import ItineraryCore

/// Each thread reads the process's spans from a table of its own: the same
/// spans, in storage the other threads do not share.
@Suite struct ThreadOpenSpansTests {
  static let key = OpenSpansCache.Key(
    timeZone: TimeZone(identifier: "Europe/Helsinki") ?? .gmt, holidays: [], days: 20_787...20_790)
  static let text = "Mo-Fr 10:00-20:00; Sa 12:00-02:00"

  static func storage(_ spans: [OpenWindows.Span]?) -> UnsafeRawPointer? {
    spans?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func eachThreadHasItsOwnCopyOfTheProcesssSpans() throws {
    let shared = OpenSpansCache.table(for: Self.key).spans(of: Self.text)
    let table = ThreadOpenSpans.table(for: Self.key)
    #expect(ThreadOpenSpans.table(for: Self.key) === table)
    let mine = table.spans(of: Self.text)
    #expect(mine == shared && mine?.isEmpty == false)
    #expect(Self.storage(mine) != Self.storage(shared))
    #expect(Self.storage(table.spans(of: Self.text)) == Self.storage(mine))
    let theirs = Mutex<(table: ObjectIdentifier, spans: [OpenWindows.Span]?)?>(nil)
    let thread = Thread {
      let other = ThreadOpenSpans.table(for: Self.key)
      let spans = other.spans(of: Self.text)
      theirs.withLock { $0 = (ObjectIdentifier(other), spans) }
    }
    thread.start()
    while theirs.withLock({ $0 == nil }) { usleep(1000) }
    let other = try #require(theirs.withLock { $0 })
    #expect(other.table != ObjectIdentifier(table))
    #expect(other.spans == shared)
    #expect(table.spans(of: "by appointment") == nil)
  }
}
