import ItineraryCore

/// OpenStreetMap's edit times, `2019-04-21T09:50:14Z` (UTC, to the second), as
/// osmium's OPL and Overpass's `out meta` write them.
enum OSMTimestamp {
  /// Seconds since 1970-01-01 00:00 UTC, or `nil` for text of any other form
  /// or a day or time that does not exist.
  ///
  /// - Complexity: O(1): the text is read only when it has the form's 20 bytes.
  static func seconds(_ utf8: some Collection<UInt8>) -> Int? {
    guard utf8.count == 20 else { return nil }
    let bytes = Array(utf8)
    let separators: [(Int, Unicode.Scalar)] = [
      (4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z"),
    ]
    guard separators.allSatisfy({ bytes[$0.0] == UInt8(ascii: $0.1) }) else { return nil }
    func number(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[start..<(start + count)] {
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      hour < 24, minute < 60, second < 60,
      let date = LocalDate(year: year, month: month, day: day)
    else { return nil }
    return ((date.daysSinceEpoch * 24 + hour) * 60 + minute) * 60 + second
  }
}
