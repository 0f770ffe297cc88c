import ItineraryCore

/// The lines of a benchmark file's text one at a time, split where
/// `split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)`
/// splits them, and within a line its fields one at a time; reading stops
/// with an error once `deadline` has passed, so that a huge file cannot
/// keep a run past its time limit.
struct TextLines {
  let text: Substring
  let file: String
  let deadline: Deadline?
  /// Where the next line starts; `nil` after the last.
  private var position: String.Index?
  /// The number of the line `next()` gave last, from 1.
  private(set) var number = 0
  /// Lines and fields read since the deadline was last looked at.
  private var sinceCheck = 0

  /// How many lines or fields are read between two looks at the clock.
  static let checkEvery = 1024

  init(_ text: Substring, file: String, deadline: Deadline?) {
    self.text = text
    self.file = file
    self.deadline = deadline
    position = text.startIndex
  }

  /// The next line, without its line break; `nil` after the last.
  mutating func next() throws(ItineraryError) -> Substring? {
    guard let start = position else { return nil }
    try tick()
    number += 1
    let bytes = text.utf8
    var index = start
    while index < bytes.endIndex {
      let byte = bytes[index]
      let after = bytes.index(after: index)
      var end: String.Index?
      switch byte {
      case 0x0A, 0x0B, 0x0C: end = after
      case 0x0D:
        // CR LF is one line break.
        end = after < bytes.endIndex && bytes[after] == 0x0A ? bytes.index(after: after) : after
      case 0xC2 where after < bytes.endIndex && bytes[after] == 0x85:
        end = bytes.index(after: after)  // U+0085
      case 0xE2:
        // U+2028 and U+2029.
        let third = after < bytes.endIndex ? bytes.index(after: after) : after
        if third < bytes.endIndex, bytes[after] == 0x80,
          bytes[third] == 0xA8 || bytes[third] == 0xA9
        {
          end = bytes.index(after: third)
        }
      default: break
      }
      if let end {
        position = end
        return text[start..<index]
      }
      index = after
    }
    position = nil
    return text[start...]
  }

  /// Counts a line or field read and, every `checkEvery`, looks at the
  /// deadline.
  mutating func tick() throws(ItineraryError) {
    sinceCheck += 1
    guard sinceCheck >= Self.checkEvery || number == 0 else { return }
    sinceCheck = 0
    if let deadline, deadline.hasPassed {
      throw ItineraryError(
        .failure,
        "\(file): the time limit ran out while reading the file, at line \(max(number, 1))")
    }
  }

  /// A line's fields, separated by spaces and tabs.
  struct Fields {
    private var rest: Substring

    init(line: Substring) { rest = line }

    /// The next field, or `nil` after the last.
    mutating func next() -> Substring? {
      let bytes = rest.utf8
      guard let start = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else {
        rest = rest[rest.endIndex...]
        return nil
      }
      let end = bytes[start...].firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) ?? bytes.endIndex
      defer { rest = rest[end...] }
      return rest[start..<end]
    }
  }
}
