/// One thread's copies of the open spans of the process's table
/// (`OpenSpansCache`) for the same days: the spans are read for every place
/// of every plan, and two cores reading one table would contend for its
/// lock and for the spans' reference counts. A thread that starts (a server
/// connection) copies what the process has evaluated instead of evaluating
/// it again.
///
/// A thread keeps at most `OpenSpansCache.tableLimit` tables of at most
/// `OpeningHours.cacheLimit` texts, each starting afresh when full.
final class ThreadOpenSpans {
  private let shared: OpenSpansCache
  private var entries: [String: [OpenWindows.Span]?] = [:]

  private init(_ shared: OpenSpansCache) { self.shared = shared }

  /// The calling thread's table of `key`.
  ///
  /// - Complexity: a hash look-up.
  static func table(for key: OpenSpansCache.Key) -> ThreadOpenSpans {
    let tables = threadTables.value
    if let table = tables.byKey[key] { return table }
    if tables.byKey.count >= OpenSpansCache.tableLimit {
      tables.byKey.removeAll(keepingCapacity: true)
    }
    let table = ThreadOpenSpans(OpenSpansCache.table(for: key))
    tables.byKey[key] = table
    return table
  }

  /// `OpenSpansCache.spans(of:)`, in storage of this thread's own.
  ///
  /// - Complexity: a hash look-up after the thread's first call for `text`.
  func spans(of text: String) -> [OpenWindows.Span]? {
    if let hit = entries[text] { return hit }
    let spans = shared.spans(of: text).map { $0.map { $0 } }
    if entries.count >= OpeningHours.cacheLimit { entries.removeAll(keepingCapacity: true) }
    entries[text] = .some(spans)
    return spans
  }

  private static let threadTables = PerThread { Tables() }

  /// One thread's tables.
  private final class Tables {
    var byKey: [OpenSpansCache.Key: ThreadOpenSpans] = [:]
  }
}
