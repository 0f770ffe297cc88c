import Foundation
import Synchronization

/// The open spans of opening-hours texts over the same local days, evaluated
/// once per process: a server or a batch plans the same few hundred places
/// request after request, and evaluating hours asks the zone for its offsets
/// (ICU, behind one lock for every thread) several times a span. The spans
/// are instants, so each plan measures its own windows from them exactly as
/// evaluating afresh would (`OpenWindows.init(_:from:to:)`).
///
/// A table holds at most `OpeningHours.cacheLimit` texts and at most
/// `tableLimit` tables are kept, each starting afresh when full.
public final class OpenSpansCache: Sendable {
  /// What a text's spans depend on besides the text.
  public struct Key: Hashable, Sendable {
    public var timeZone: TimeZone
    public var holidays: Set<LocalDate>
    /// Local days counted from 1970-01-01 (`OpeningHours.days(from:to:in:)`).
    public var days: ClosedRange<Int>

    public init(timeZone: TimeZone, holidays: Set<LocalDate>, days: ClosedRange<Int>) {
      self.timeZone = timeZone
      self.holidays = holidays
      self.days = days
    }
  }

  public let key: Key
  private let entries = Mutex<[String: [OpenWindows.Span]?]>([:])

  private init(key: Key) { self.key = key }

  /// The table of `key`, shared by every plan over the same days.
  ///
  /// - Complexity: a hash look-up.
  public static func table(for key: Key) -> OpenSpansCache {
    tables.withLock { tables in
      if let table = tables[key] { return table }
      if tables.count >= tableLimit { tables.removeAll(keepingCapacity: true) }
      let table = OpenSpansCache(key: key)
      tables[key] = table
      return table
    }
  }

  /// The open spans of `text` over the table's days, or `nil` when the hours
  /// are unknown: they do not parse or say nothing definite.
  ///
  /// - Complexity: that of `OpeningHours.openSpans` the first time, a hash
  ///   look-up after.
  public func spans(of text: String) -> [OpenWindows.Span]? {
    if let hit = entries.withLock({ $0[text] }) { return hit }
    var spans: [OpenWindows.Span]?
    if let parsed = OpeningHours.cached(text), !parsed.isUnknown {
      spans = parsed.openSpans(on: key.days, in: key.timeZone, holidays: key.holidays)
    }
    entries.withLock { entries in
      if entries.count >= OpeningHours.cacheLimit { entries.removeAll(keepingCapacity: true) }
      entries[text] = .some(spans)
    }
    return spans
  }

  static let tableLimit = 16
  private static let tables = Mutex<[Key: OpenSpansCache]>([:])
}
