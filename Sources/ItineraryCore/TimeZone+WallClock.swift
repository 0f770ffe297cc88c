import Foundation

/// Converting between instants and the wall-clock time shown in a zone.
///
/// A wall time is counted in "local seconds": seconds from 1970-01-01 00:00 as
/// the clock on the wall reads it, so `local = instant + offset(instant)`.
extension TimeZone {
  /// The zone named `identifier` (IANA, `"Europe/Helsinki"`), or `UTC`/`GMT`.
  ///
  /// - Throws: `ItineraryError` (`.data`) when the name is not a known zone.
  /// - Complexity: O(length of the name), after O(z) once for the z zones of the database.
  public static func named(_ identifier: String) throws(ItineraryError) -> TimeZone {
    // Foundation also reads abbreviations and "GMT+2"-style names; only names
    // of the zone database (and UTC) are accepted, so a typo is never a guess.
    guard knownIdentifiers.contains(identifier) || identifier == "UTC",
      let zone = TimeZone(identifier: identifier)
    else { throw ItineraryError(.data, "unknown time zone \"\(identifier)\"") }
    return zone
  }

  /// The names of the zone database, as a set: every timed plan names its
  /// zone, and searching the list compared the name with hundreds of others.
  private static let knownIdentifiers = Set(TimeZone.knownTimeZoneIdentifiers)

  /// The wall-clock time at `instant` (seconds since 1970 UTC), in local seconds.
  func localSeconds(at instant: Int) -> Int { instant + offset(at: instant) }

  /// The instant at which the wall clock first reads `local`.
  ///
  /// A wall time repeated when the clocks go back gives its earlier instant; a
  /// wall time skipped when they go forward gives the instant of the jump
  /// (`isSkipped` is then true). Assumes at most one offset change within a
  /// day either side, which every zone of the database satisfies.
  ///
  /// - Complexity: O(1) offset look-ups, O(log gap) more for a skipped time.
  func instant(atLocal local: Int) -> (instant: Int, isSkipped: Bool) {
    let before = offset(at: local - 86_400)
    let after = offset(at: local + 86_400)
    let candidates = [before, after].map { local - $0 }.filter { localSeconds(at: $0) == local }
    if let earliest = candidates.min() { return (earliest, false) }
    // Skipped: the clock jumped from before `local` to after it, between the
    // instant read with the new offset and the one read with the old.
    var low = local - after
    var high = local - before
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if offset(at: middle) == after { high = middle } else { low = middle }
    }
    return (high, true)
  }

  /// Seconds east of UTC at `instant` (`ZoneOffsets`).
  func offset(at instant: Int) -> Int {
    ZoneOffsets.forThisThread.offset(in: self, at: instant)
  }
}
