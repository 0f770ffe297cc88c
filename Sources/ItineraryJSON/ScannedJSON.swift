import Foundation

/// A JSON value read in one pass over its bytes, for the requests a batch
/// or a server reads by the thousand: numbers keep their text, so that each
/// field reads one as its own type does, and objects their members by key.
///
/// It reads strict JSON only and gives up (`nil`) on anything it could read
/// otherwise than `JSONDecoder` does: a key written twice, a string that is
/// not valid UTF-8 or holds a lone surrogate, a nesting deeper than
/// `maximumDepth`; its accessors, on a value of another type or a number
/// that does not fit. What it gives up on is read the slow
/// way, with the errors that name what is wrong.
public indirect enum ScannedJSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([ScannedJSON])
  case object([String: ScannedJSON])

  public static let maximumDepth = 16

  /// The one value `data` holds, white space around it, or `nil`.
  ///
  /// - Complexity: O(size of `data`).
  public static func scan(_ data: Data) -> ScannedJSON? {
    data.withUnsafeBytes { bytes in
      var scanner = Scanner(bytes: bytes)
      guard let value = scanner.value(depth: 0) else { return nil }
      scanner.skipSpace()
      return scanner.offset == bytes.count ? value : nil
    }
  }

  public var string: String? {
    if case .string(let text) = self { text } else { nil }
  }

  public var bool: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// A finite number, rounded to the nearest `Double` as `JSONDecoder` does.
  public var double: Double? {
    guard case .number(let text) = self, let value = Double(text), value.isFinite else {
      return nil
    }
    return value
  }

  /// A number written as a whole number (no fraction, no exponent) that fits.
  public var integer: Int? {
    guard case .number(let text) = self, !text.contains(where: { ".eE".contains($0) }) else {
      return nil
    }
    return Int(text)
  }

  public var strings: [String]? {
    guard case .array(let values) = self else { return nil }
    var strings: [String] = []
    strings.reserveCapacity(values.count)
    for value in values {
      guard let string = value.string else { return nil }
      strings.append(string)
    }
    return strings
  }

  /// The object's members when its keys are exactly `keys`.
  public func members(_ keys: Set<String>) -> [String: ScannedJSON]? {
    guard case .object(let members) = self, members.count == keys.count,
      members.keys.allSatisfy(keys.contains)
    else { return nil }
    return members
  }

  /// The values of an object with exactly the members `first` and
  /// `second`, each read by `value` (`\.double`), or `nil`.
  public func pair<Value>(_ first: String, _ second: String, _ value: (ScannedJSON) -> Value?)
    -> (Value, Value)?
  {
    guard let members = members([first, second]), let one = members[first].flatMap(value),
      let other = members[second].flatMap(value)
    else { return nil }
    return (one, other)
  }
}

/// Reads bytes left to right; every method returns `nil` where the text is
/// not JSON or is what `ScannedJSON` leaves to `JSONDecoder`.
private struct Scanner {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  mutating func skipSpace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  mutating func value(depth: Int) -> ScannedJSON? {
    skipSpace()
    guard offset < bytes.count, depth < ScannedJSON.maximumDepth else { return nil }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return object(depth: depth)
    case UInt8(ascii: "["): return array(depth: depth)
    case UInt8(ascii: "\""): return string().map(ScannedJSON.string)
    case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return word("null") ? .null : nil
    default: return number()
    }
  }

  private mutating func object(depth: Int) -> ScannedJSON? {
    offset += 1
    var members: [String: ScannedJSON] = [:]
    skipSpace()
    if take(UInt8(ascii: "}")) { return .object(members) }
    repeat {
      skipSpace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""), let key = string() else {
        return nil
      }
      skipSpace()
      guard take(UInt8(ascii: ":")), let value = value(depth: depth + 1),
        members.updateValue(value, forKey: key) == nil
      else { return nil }
      skipSpace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}")) ? .object(members) : nil
  }

  private mutating func array(depth: Int) -> ScannedJSON? {
    offset += 1
    var values: [ScannedJSON] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return .array(values) }
    repeat {
      guard let value = value(depth: depth + 1) else { return nil }
      values.append(value)
      skipSpace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? .array(values) : nil
  }

  /// A string from its opening quote; escapes are decoded, and the result
  /// must be valid UTF-8 with no raw control character.
  private mutating func string() -> String? {
    offset += 1
    let start = offset
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: "\""):
        let text = String(
          validating: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        offset += 1
        return text
      case UInt8(ascii: "\\"): return escapedString(from: start)
      case 0..<0x20: return nil
      default: offset += 1
      }
    }
    return nil
  }

  /// The rest of a string that holds an escape, `offset` at its first one.
  private mutating func escapedString(from start: Int) -> String? {
    var text = Array(bytes[start..<offset])
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case UInt8(ascii: "\""): return String(validating: text, as: UTF8.self)
      case 0..<0x20: return nil
      case UInt8(ascii: "\\"):
        guard offset < bytes.count else { return nil }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
          guard let scalar = unicodeEscape() else { return nil }
          text.append(contentsOf: String(Character(scalar)).utf8)
        default: return nil
        }
      default: text.append(byte)
      }
    }
    return nil
  }

  /// The scalar of `XXXX` after `\u`, or of a surrogate pair `XXXX\uXXXX`.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let unit = hexUnit() else { return nil }
    switch unit {
    case 0xD800..<0xDC00:
      guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hexUnit(),
        (0xDC00..<0xE000).contains(low)
      else { return nil }
      return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
    case 0xDC00..<0xE000: return nil
    default: return Unicode.Scalar(unit)
    }
  }

  private mutating func hexUnit() -> UInt32? {
    guard offset + 4 <= bytes.count else { return nil }
    var unit: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Character(Unicode.Scalar(bytes[offset])).hexDigitValue else { return nil }
      unit = unit << 4 | UInt32(digit)
      offset += 1
    }
    return unit
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
  private mutating func number() -> ScannedJSON? {
    let start = offset
    _ = take(UInt8(ascii: "-"))
    if take(UInt8(ascii: "0")) {
      if digits() > 0 { return nil }
    } else if digits() == 0 {
      return nil
    }
    if take(UInt8(ascii: ".")), digits() == 0 { return nil }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      if digits() == 0 { return nil }
    }
    let text = String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    return .number(text)
  }

  private mutating func digits() -> Int {
    let start = offset
    while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 }
    return offset - start
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  private mutating func word(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { return false }
    offset += count
    return true
  }
}
