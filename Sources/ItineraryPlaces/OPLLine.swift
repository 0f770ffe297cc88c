import ItineraryCore

/// One line of osmium's OPL text (`osmium cat -f opl`), read from its bytes
/// without copying: the element's type and id, and where its tags, location,
/// way nodes and relation members are, decoded only when asked for.
///
/// A line is fields split by spaces, each a letter and its text: `n123`
/// (type and id), `v5` (the version, `v0` when unknown), `t2019-04-21T09:50:14Z`
/// (the last edit, empty when unknown), `Tkey=value,...` (tags), `x24.9`
/// `y60.1` (a node's location), `Nn1x24.9y60.1,n2xy,...` (a way's nodes, with locations when
/// osmium added them, empty when missing), `Mw7@outer,...` (members). In
/// tags and roles, a space, comma, equals sign, at sign, percent sign or
/// control character is written `%HEX%`, its code point in hexadecimal.
struct OPLLine {
  enum Kind: Sendable { case node, way, relation }

  let bytes: UnsafeBufferPointer<UInt8>
  let kind: Kind
  let id: Int64
  private var tagField = 0..<0
  private var versionField: Range<Int>?
  private var timestampField: Range<Int>?
  private var xField: Range<Int>?
  private var yField: Range<Int>?
  private var nodeField = 0..<0
  private var memberField = 0..<0

  /// - Throws: `OPLLine.Malformed` for a line that is no OPL element.
  /// - Complexity: O(length of the line).
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(Malformed) {
    self.bytes = bytes
    guard let first = bytes.first else { throw Malformed("an empty line") }
    switch first {
    case UInt8(ascii: "n"): kind = .node
    case UInt8(ascii: "w"): kind = .way
    case UInt8(ascii: "r"): kind = .relation
    default: throw Malformed("no element type")
    }
    var start = 1
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: " ") { end += 1 }
    guard let id = Self.integer(bytes, start..<end) else { throw Malformed("no element id") }
    self.id = id
    while end < bytes.count {
      start = end + 1
      end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: " ") { end += 1 }
      guard start < end else { continue }
      let text = (start + 1)..<end
      switch bytes[start] {
      case UInt8(ascii: "T"): tagField = text
      case UInt8(ascii: "v"): versionField = text
      case UInt8(ascii: "t"): timestampField = text
      case UInt8(ascii: "x"): xField = text
      case UInt8(ascii: "y"): yField = text
      case UInt8(ascii: "N"): nodeField = text
      case UInt8(ascii: "M"): memberField = text
      default: break
      }
    }
  }

  /// Whether the raw tags hold a tag of key `key` (a cheap test before decoding).
  ///
  /// - Complexity: O(length of the tags).
  func mayHaveTag(_ key: [UInt8]) -> Bool {
    var index = tagField.lowerBound
    while index + key.count < tagField.upperBound {
      if index == tagField.lowerBound || bytes[index - 1] == UInt8(ascii: ",") {
        if bytes[index + key.count] == UInt8(ascii: "="),
          (0..<key.count).allSatisfy({ bytes[index + $0] == key[$0] })
        {
          return true
        }
      }
      index += 1
    }
    return false
  }

  /// The tags, unescaped.
  ///
  /// - Complexity: O(length of the tags).
  func tags() throws(Malformed) -> [String: String] {
    var tags: [String: String] = [:]
    for tag in Self.split(bytes, tagField) {
      guard let equals = tag.firstIndex(where: { bytes[$0] == UInt8(ascii: "=") }) else {
        throw Malformed("a tag with no '='")
      }
      tags[try Self.unescaped(bytes, tag.lowerBound..<equals)] = try Self.unescaped(
        bytes, (equals + 1)..<tag.upperBound)
    }
    return tags
  }

  /// How many times the element has been edited (its version), or `nil`
  /// when the line does not say (no `v` field, or `v0`).
  ///
  /// - Throws: `OPLLine.Malformed` for a version that is no whole number.
  /// - Complexity: O(length of the field).
  func version() throws(Malformed) -> Int? {
    guard let versionField else { return nil }
    guard let version = Self.integer(bytes, versionField), version >= 0 else {
      throw Malformed("a bad version")
    }
    return version == 0 ? nil : Int(version)
  }

  /// When the element was last edited, in seconds since 1970 (UTC), or
  /// `nil` when the line does not say (no `t` field, or an empty one).
  ///
  /// - Throws: `OPLLine.Malformed` for a time not of the form `2019-04-21T09:50:14Z`.
  /// - Complexity: O(length of the field).
  func timestamp() throws(Malformed) -> Int? {
    guard let timestampField, !timestampField.isEmpty else { return nil }
    guard let seconds = OSMTimestamp.seconds(bytes[timestampField]) else {
      throw Malformed("a bad timestamp")
    }
    return seconds
  }

  /// A node's location, or `nil` when it has none.
  var location: MapPoint? {
    guard let xField, let yField, let x = Self.fixedPoint(bytes, xField),
      let y = Self.fixedPoint(bytes, yField)
    else { return nil }
    return MapPoint(x: x, y: y)
  }

  /// A way's nodes that have a location, by node id.
  ///
  /// - Complexity: O(length of the node list).
  func locatedNodes() -> [(id: Int64, location: MapPoint)] {
    Self.split(bytes, nodeField).compactMap { node in
      guard let xAt = node.firstIndex(where: { bytes[$0] == UInt8(ascii: "x") }),
        let yAt = node.firstIndex(where: { bytes[$0] == UInt8(ascii: "y") }), xAt < yAt,
        let id = Self.integer(bytes, (node.lowerBound + 1)..<xAt),
        let x = Self.fixedPoint(bytes, (xAt + 1)..<yAt),
        let y = Self.fixedPoint(bytes, (yAt + 1)..<node.upperBound)
      else { return nil }
      return (id, MapPoint(x: x, y: y))
    }
  }

  /// A relation's members: type letter (`n`, `w`, `r`), id and role.
  ///
  /// - Complexity: O(length of the member list).
  func members() throws(Malformed) -> [(kind: UInt8, id: Int64, role: String)] {
    var members: [(kind: UInt8, id: Int64, role: String)] = []
    for member in Self.split(bytes, memberField) {
      guard let at = member.firstIndex(where: { bytes[$0] == UInt8(ascii: "@") }),
        let id = Self.integer(bytes, (member.lowerBound + 1)..<at)
      else { throw Malformed("a member with no type, id or '@'") }
      members.append(
        (bytes[member.lowerBound], id, try Self.unescaped(bytes, (at + 1)..<member.upperBound)))
    }
    return members
  }

  /// A line that is not OPL.
  struct Malformed: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// The comma-separated parts of `range`.
  private static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> [Range<Int>]
  {
    guard !range.isEmpty else { return [] }
    var parts: [Range<Int>] = []
    var start = range.lowerBound
    for index in range where bytes[index] == UInt8(ascii: ",") {
      parts.append(start..<index)
      start = index + 1
    }
    parts.append(start..<range.upperBound)
    return parts
  }

  /// A decimal integer, optionally negative.
  private static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
    var index = range.lowerBound
    let negative = index < range.upperBound && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard index < range.upperBound else { return nil }
    var value: Int64 = 0
    while index < range.upperBound {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10, value < Int64.max / 10 - 10 else { return nil }
      value = value * 10 + Int64(digit)
      index += 1
    }
    return negative ? -value : value
  }

  /// A decimal number of at most 7 decimals, in ten-millionths: `24.95` is 249500000.
  private static func fixedPoint(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    let dot = range.firstIndex { bytes[$0] == UInt8(ascii: ".") } ?? range.upperBound
    guard let whole = integer(bytes, range.lowerBound..<dot), abs(whole) <= 180 else { return nil }
    var fraction = 0
    var digits = 0
    for index in (dot + 1)..<max(dot + 1, range.upperBound) {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10, digits < 7 else { return nil }
      fraction = fraction * 10 + Int(digit)
      digits += 1
    }
    for _ in digits..<7 { fraction *= 10 }
    let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
    return Int(whole) * 10_000_000 + (negative ? -fraction : fraction)
  }

  /// The text of `range` with every `%HEX%` replaced by its character.
  private static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    throws(Malformed) -> String
  {
    guard range.contains(where: { bytes[$0] == UInt8(ascii: "%") }) else {
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    var text: [UInt8] = []
    var index = range.lowerBound
    while index < range.upperBound {
      guard bytes[index] == UInt8(ascii: "%") else {
        text.append(bytes[index])
        index += 1
        continue
      }
      var code: UInt32 = 0
      index += 1
      while index < range.upperBound, bytes[index] != UInt8(ascii: "%") {
        guard let digit = UInt32(String(UnicodeScalar(bytes[index])), radix: 16), code < 0x11_0000
        else { throw Malformed("a bad %-escape") }
        code = code * 16 + digit
        index += 1
      }
      guard index < range.upperBound, let scalar = Unicode.Scalar(code) else {
        throw Malformed("a bad %-escape")
      }
      text.append(contentsOf: Array(String(Character(scalar)).utf8))
      index += 1
    }
    return String(decoding: text, as: UTF8.self)
  }
}
