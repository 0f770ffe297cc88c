import Synchronization

extension OpeningHours {
  /// The parsed hours of `text`, or `nil` when it does not parse: each
  /// distinct string parsed once, as a server planning the same city over
  /// and over asks for the same few hundred strings every request.
  ///
  /// The cache holds at most `cacheLimit` strings and starts afresh when full.
  ///
  /// - Complexity: O(length of `text`) the first time, a hash look-up after.
  public static func cached(_ text: String) -> OpeningHours? {
    if let hit = cache.withLock({ $0[text] }) { return hit }
    let parsed = try? OpeningHours(text)
    cache.withLock { entries in
      if entries.count >= cacheLimit { entries.removeAll(keepingCapacity: true) }
      entries[text] = .some(parsed)
    }
    return parsed
  }

  static let cacheLimit = 50_000
  private static let cache = Mutex<[String: OpeningHours?]>([:])
}
