import Foundation

/// Encodable values as the bytes Foundation's `JSONEncoder` writes with
/// `.sortedKeys` and `.withoutEscapingSlashes` (and `.prettyPrinted` when
/// asked), without its boxed containers and type checks: a response is
/// encoded once per request by the batch and the server.
///
/// It keeps to what responses hold (strings, numbers, booleans, nulls,
/// objects and arrays), and a value that writes its own JSON
/// (`CompactJSONWritable`) writes it, laid out here when pretty-printed, so
/// that its `Encodable` form serves only JSONEncoder. Anything else
/// JSONEncoder treats on its own terms (a `Date`, `URL`, `Data` or
/// `Decimal`, a number that is not finite, a `superEncoder`, a value that
/// encodes nothing, a key given twice, nesting past 512) is handed to
/// JSONEncoder itself, so the bytes and the errors are always its.
public enum SortedJSONEncoder {
  /// - Throws: what `JSONEncoder.encode` throws for the value.
  /// - Complexity: O(size of the output + m log m for an object of m keys).
  public static func encode<Value: Encodable>(_ value: Value, pretty: Bool = false) throws
    -> Data
  {
    if !pretty, let writable = value as? any CompactJSONWritable {
      var bytes: [UInt8] = []
      if CompactJSON.append(writable, to: &bytes) { return Data(bytes) }
    }
    let tree = Tree()
    if let root = try? tree.node(of: value, at: []), !tree.unsupported {
      var writer = Writer(tree: tree, pretty: pretty)
      if writer.write(root, depth: 0) { return Data(writer.bytes) }
    }
    return try foundationEncoder(pretty: pretty).encode(value)
  }

  /// Foundation's `JSONEncoder` set to write what this one writes: the
  /// fallback for what it leaves, and the bytes its tests hold it to.
  public static func foundationEncoder(pretty: Bool) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// What a value encoded to: a scalar already written (bytes of the
  /// tree's arena), a value that wrote its own compact JSON (bytes of the
  /// arena, laid out again when pretty-printed), or an object or array of
  /// the tree.
  fileprivate enum Node {
    case scalar(Swift.Range<Int>)
    case written(Swift.Range<Int>)
    case object(Int)
    case array(Int)
  }

  fileprivate struct Member {
    var key: String
    var node: Node
    /// The key's first eight bytes, big-endian and zero-padded: comparing
    /// them orders most keys without looking at the strings.
    var prefix: UInt64

    init(key: String, node: Node) {
      self.key = key
      self.node = node
      var key = key
      prefix = key.withUTF8 { bytes in
        var prefix: UInt64 = 0
        for index in 0..<min(8, bytes.count) {
          prefix |= UInt64(bytes[index]) << (56 - 8 * UInt64(index))
        }
        return prefix
      }
    }

    /// The order of JSONEncoder's sorted keys: by UTF-8 bytes.
    static func precedes(_ a: Member, _ b: Member) -> Bool {
      if a.prefix != b.prefix { return a.prefix < b.prefix }
      return SortedJSONEncoder.precedes(a.key, b.key)
    }
  }

  /// Everything one encoding builds: scalars as their JSON, and the members
  /// of every object and the elements of every array.
  ///
  /// One encoding uses a tree on one thread and never holds two accesses to
  /// its storage at once, so the storage goes without dynamic exclusivity
  /// checks, a fifth of the encoder's time.
  fileprivate final class Tree {
    @exclusivity(unchecked) var scalars: [UInt8] = []
    @exclusivity(unchecked) var objects: [[Member]] = []
    @exclusivity(unchecked) var arrays: [[Node]] = []
    /// Set when the value does something only JSONEncoder knows how to write.
    var unsupported = false

    init() { scalars.reserveCapacity(4096) }

    func scalar(_ text: String) -> Node {
      let start = scalars.count
      scalars.append(contentsOf: text.utf8)
      return .scalar(start..<scalars.count)
    }

    func string(_ text: String) -> Node {
      let start = scalars.count
      SortedJSONEncoder.appendString(text, to: &scalars)
      return .scalar(start..<scalars.count)
    }

    func number(_ value: Double) throws -> Node {
      guard value.isFinite else { throw Unsupported() }
      let start = scalars.count
      SortedJSONEncoder.appendNumber(value, to: &scalars)
      return .scalar(start..<scalars.count)
    }

    func number(_ value: Float) throws -> Node {
      guard value.isFinite else { throw Unsupported() }
      var text = value.description
      if text.hasSuffix(".0") { text.removeLast(2) }
      return scalar(text)
    }

    /// Room for the members of most objects a response holds, so that an
    /// object's members are seldom moved as it grows.
    static let typicalMembers = 16

    func newObject() -> Int {
      var members: [Member] = []
      members.reserveCapacity(Self.typicalMembers)
      objects.append(members)
      return objects.count - 1
    }

    func newArray() -> Int {
      var elements: [Node] = []
      elements.reserveCapacity(Self.typicalMembers)
      arrays.append(elements)
      return arrays.count - 1
    }

    /// A nested value's node, encoded by an encoder of its own.
    func node<T: Encodable>(of value: T, at codingPath: [any CodingKey]) throws -> Node {
      // Comparing types, not casting values: casts are what make JSONEncoder slow.
      if T.self == String.self, let text = value as? String { return string(text) }
      if T.self == Double.self, let number = value as? Double { return try self.number(number) }
      if T.self == Date.self || T.self == URL.self || T.self == Data.self
        || T.self == Decimal.self
      {
        throw Unsupported()
      }
      if let writable = value as? any CompactJSONWritable {
        let start = scalars.count
        guard CompactJSON.append(writable, to: &scalars) else { throw Unsupported() }
        return .written(start..<scalars.count)
      }
      let encoder = TreeEncoder(tree: self, codingPath: codingPath)
      try value.encode(to: encoder)
      guard let node = encoder.node else { throw Unsupported() }
      return node
    }
  }

  /// Something JSONEncoder, not this encoder, should write.
  fileprivate struct Unsupported: Error {}

  /// An index key of an array's element, for coding paths.
  fileprivate struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }

  fileprivate final class TreeEncoder: Encoder {
    let tree: Tree
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var node: Node?

    init(tree: Tree, codingPath: [any CodingKey]) {
      self.tree = tree
      self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      let object: Int
      if case .object(let existing) = node {
        object = existing
      } else {
        if node != nil { tree.unsupported = true }
        object = tree.newObject()
        node = .object(object)
      }
      return KeyedEncodingContainer(
        KeyedContainer<Key>(tree: tree, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      let array: Int
      if case .array(let existing) = node {
        array = existing
      } else {
        if node != nil { tree.unsupported = true }
        array = tree.newArray()
        node = .array(array)
      }
      return UnkeyedContainer(tree: tree, array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      SingleValueContainer(encoder: self)
    }
  }

  fileprivate struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let tree: Tree
    let object: Int
    let codingPath: [any CodingKey]

    private func set(_ node: Node, for key: Key) {
      tree.objects[object].append(Member(key: key.stringValue, node: node))
    }

    mutating func encodeNil(forKey key: Key) throws { set(tree.scalar("null"), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
      set(tree.scalar(value ? "true" : "false"), for: key)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
      set(tree.string(value), for: key)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
      set(try tree.number(value), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
      set(try tree.number(value), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
      set(tree.scalar(String(value)), for: key)
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      set(try tree.node(of: value, at: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let nested = tree.newObject()
      set(.object(nested), for: key)
      return KeyedEncodingContainer(
        KeyedContainer<NestedKey>(tree: tree, object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let nested = tree.newArray()
      set(.array(nested), for: key)
      return UnkeyedContainer(tree: tree, array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
      tree.unsupported = true
      return TreeEncoder(tree: tree, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      tree.unsupported = true
      return TreeEncoder(tree: tree, codingPath: codingPath + [key])
    }
  }

  fileprivate struct UnkeyedContainer: UnkeyedEncodingContainer {
    let tree: Tree
    let array: Int
    let codingPath: [any CodingKey]
    var count: Int { tree.arrays[array].count }

    private func append(_ node: Node) { tree.arrays[array].append(node) }

    mutating func encodeNil() throws { append(tree.scalar("null")) }
    mutating func encode(_ value: Bool) throws { append(tree.scalar(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { append(tree.string(value)) }
    mutating func encode(_ value: Double) throws { append(try tree.number(value)) }
    mutating func encode(_ value: Float) throws { append(try tree.number(value)) }
    mutating func encode(_ value: Int) throws { append(tree.scalar(String(value))) }
    mutating func encode(_ value: Int8) throws { append(tree.scalar(String(value))) }
    mutating func encode(_ value: Int16) throws { append(tree.scalar(String(value))) }
    mutating func encode(_ value: Int32) throws { append(tree.scalar(String(value))) }
    mutating func encode(_ value: Int64) throws { append(tree.scalar(String(value))) }
    mutating func encode(_ value: UInt) throws { append(tree.scalar(String(value))) }
    mutating func encode(_ value: UInt8) throws { append(tree.scalar(String(value))) }
    mutating func encode(_ value: UInt16) throws { append(tree.scalar(String(value))) }
    mutating func encode(_ value: UInt32) throws { append(tree.scalar(String(value))) }
    mutating func encode(_ value: UInt64) throws { append(tree.scalar(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      append(try tree.node(of: value, at: codingPath + [IndexKey(intValue: count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let path = codingPath + [IndexKey(intValue: count)]
      let nested = tree.newObject()
      append(.object(nested))
      return KeyedEncodingContainer(
        KeyedContainer<NestedKey>(tree: tree, object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let path = codingPath + [IndexKey(intValue: count)]
      let nested = tree.newArray()
      append(.array(nested))
      return UnkeyedContainer(tree: tree, array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
      tree.unsupported = true
      return TreeEncoder(tree: tree, codingPath: codingPath)
    }
  }

  fileprivate struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: Node) {
      if encoder.node != nil { encoder.tree.unsupported = true }
      encoder.node = node
    }

    mutating func encodeNil() throws { set(encoder.tree.scalar("null")) }
    mutating func encode(_ value: Bool) throws {
      set(encoder.tree.scalar(value ? "true" : "false"))
    }
    mutating func encode(_ value: String) throws { set(encoder.tree.string(value)) }
    mutating func encode(_ value: Double) throws { set(try encoder.tree.number(value)) }
    mutating func encode(_ value: Float) throws { set(try encoder.tree.number(value)) }
    mutating func encode(_ value: Int) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode(_ value: Int8) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode(_ value: Int16) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode(_ value: Int32) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode(_ value: Int64) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode(_ value: UInt) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode(_ value: UInt8) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode(_ value: UInt16) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode(_ value: UInt32) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode(_ value: UInt64) throws { set(encoder.tree.scalar(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      set(try encoder.tree.node(of: value, at: codingPath))
    }
  }

  /// The tree as JSONEncoder's writer lays it out: keys sorted by their
  /// UTF-8 bytes; pretty-printed, two spaces a level and ` : ` after a key,
  /// and an empty object or array as its brackets around an empty line.
  fileprivate struct Writer {
    let tree: Tree
    let pretty: Bool
    var bytes: [UInt8] = []

    init(tree: Tree, pretty: Bool) {
      self.tree = tree
      self.pretty = pretty
      bytes.reserveCapacity(tree.scalars.count * 2)
    }

    static let maximumDepth = 512

    /// Writes `node`; `false` when a key repeats or the nesting is too deep.
    mutating func write(_ node: Node, depth: Int) -> Bool {
      switch node {
      case .scalar(let range):
        bytes.append(contentsOf: tree.scalars[range])
      case .written(let range):
        if pretty {
          layOut(tree.scalars[range], depth: depth)
        } else {
          bytes.append(contentsOf: tree.scalars[range])
        }
      case .array(let index):
        guard depth + 1 < Self.maximumDepth else { return false }
        bytes.append(UInt8(ascii: "["))
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        for (offset, element) in tree.arrays[index].enumerated() {
          if offset > 0 { comma() }
          if pretty { indent(depth + 1) }
          guard write(element, depth: depth + 1) else { return false }
        }
        if pretty {
          bytes.append(UInt8(ascii: "\n"))
          indent(depth)
        }
        bytes.append(UInt8(ascii: "]"))
      case .object(let index):
        guard depth + 1 < Self.maximumDepth else { return false }
        let members = tree.objects[index]
        // Sorting positions, not members, moves no strings.
        let order = members.indices.sorted { Member.precedes(members[$0], members[$1]) }
        bytes.append(UInt8(ascii: "{"))
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        for (offset, position) in order.enumerated() {
          let member = members[position]
          if offset > 0 {
            // Sorted, a repeated key is next to itself, with the same prefix.
            let previous = members[order[offset - 1]]
            guard member.prefix != previous.prefix || member.key != previous.key else {
              return false
            }
            comma()
          }
          if pretty { indent(depth + 1) }
          SortedJSONEncoder.appendString(member.key, to: &bytes)
          if pretty {
            bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
          } else {
            bytes.append(UInt8(ascii: ":"))
          }
          guard write(member.node, depth: depth + 1) else { return false }
        }
        if pretty {
          bytes.append(UInt8(ascii: "\n"))
          indent(depth)
        }
        bytes.append(UInt8(ascii: "}"))
      }
      return true
    }

    /// Compact JSON laid out as `write` lays out the tree it encodes: a
    /// line and an indent after an opening bracket and a comma, a line
    /// before a closing bracket, ` : ` after a key.
    ///
    /// - Complexity: O(size of `compact`).
    private mutating func layOut(_ compact: ArraySlice<UInt8>, depth: Int) {
      var depth = depth
      var quoted = QuotedBytes()
      for index in compact.indices {
        let byte = compact[index]
        if quoted.isQuoted(byte) {
          bytes.append(byte)
          continue
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          bytes.append(byte)
          bytes.append(UInt8(ascii: "\n"))
          depth += 1
          let next = index + 1 < compact.endIndex ? compact[index + 1] : 0
          if next != UInt8(ascii: "}") && next != UInt8(ascii: "]") { indent(depth) }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          bytes.append(UInt8(ascii: "\n"))
          depth -= 1
          indent(depth)
          bytes.append(byte)
        case UInt8(ascii: ","):
          comma()
          indent(depth)
        case UInt8(ascii: ":"):
          bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        default:
          bytes.append(byte)
        }
      }
    }

    private mutating func comma() {
      bytes.append(UInt8(ascii: ","))
      if pretty { bytes.append(UInt8(ascii: "\n")) }
    }

    private mutating func indent(_ depth: Int) {
      for _ in 0..<depth {
        bytes.append(UInt8(ascii: " "))
        bytes.append(UInt8(ascii: " "))
      }
    }
  }

  /// Whether `a` sorts before `b` by their UTF-8 bytes, as JSONEncoder
  /// sorts keys.
  @inlinable
  public static func precedes(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { x in
      b.withUTF8 { y in
        let common = min(x.count, y.count)
        if common > 0, let left = x.baseAddress, let right = y.baseAddress {
          let order = memcmp(left, right, common)
          if order != 0 { return order < 0 }
        }
        return x.count < y.count
      }
    }
  }

  /// A finite number as JSONEncoder writes it: Swift's shortest
  /// round-trip digits, without the `.0` of an integer.
  @inlinable
  public static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: value.description.utf8)
    let count = bytes.count
    if count >= 2, bytes[count - 2] == UInt8(ascii: "."), bytes[count - 1] == UInt8(ascii: "0") {
      bytes.removeLast(2)
    }
  }

  /// `text` quoted, escaped as JSONEncoder escapes (slashes left alone):
  /// runs with nothing to escape are copied whole.
  @inlinable
  public static func appendString(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    bytes.append(UInt8(ascii: "\""))
    text.withUTF8 { utf8 in
      var run = 0
      for (index, byte) in utf8.enumerated()
      where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
        run = index + 1
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x00...0x1F:
          let hex = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)]])
          bytes.append(hex[Int(byte & 0x0F)])
        default: bytes.append(byte)
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
