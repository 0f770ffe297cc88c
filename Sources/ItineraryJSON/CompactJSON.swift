/// A value that writes its own compact JSON: the bytes its `Encodable` form
/// gives under `SortedJSONEncoder` (and JSONEncoder with sorted keys), member
/// by member, without the boxed containers of `Encodable`: a response and
/// what it holds, written once per request by the batch and the server.
public protocol CompactJSONWritable: Encodable {
  /// Writes every stored property, in ascending byte order of the keys.
  func write(to json: inout CompactJSON)
}

/// JSON objects written member by member, in ascending order of keys, with
/// a member left out when its value is `nil`, as `encodeIfPresent` leaves
/// it out.
///
/// The members are inlinable: a response's writer, in another module,
/// specializes them for the types it holds.
public struct CompactJSON {
  @usableFromInline var bytes: [UInt8]
  /// Whether every value could be written: a number that is not finite
  /// cannot, and is for JSONEncoder to refuse.
  @usableFromInline var isWritten = true
  /// Whether the object being written has a member yet.
  @usableFromInline var hasMembers = false

  @usableFromInline init(bytes: [UInt8]) { self.bytes = bytes }

  /// Appends `value` as one JSON object to `output`; `false`, with
  /// `output` as it was, when a value cannot be written.
  @inlinable
  public static func append(_ value: some CompactJSONWritable, to output: inout [UInt8]) -> Bool {
    let count = output.count
    var json = CompactJSON(bytes: [])
    swap(&json.bytes, &output)
    json.object(value)
    swap(&json.bytes, &output)
    if !json.isWritten { output.removeSubrange(count...) }
    return json.isWritten
  }

  /// - Parameter key: a name of letters and digits only, after every key
  ///   written before it.
  @inlinable
  public mutating func member(_ key: StaticString, _ value: String?) {
    guard let value else { return }
    begin(key)
    SortedJSONEncoder.appendString(value, to: &bytes)
  }

  @inlinable
  public mutating func member(_ key: StaticString, _ value: Double?) {
    guard let value else { return }
    guard value.isFinite else {
      isWritten = false
      return
    }
    begin(key)
    SortedJSONEncoder.appendNumber(value, to: &bytes)
  }

  @inlinable
  public mutating func member(_ key: StaticString, _ value: Int?) {
    guard let value else { return }
    begin(key)
    bytes.append(contentsOf: String(value).utf8)
  }

  @inlinable
  public mutating func member(_ key: StaticString, _ value: Bool?) {
    guard let value else { return }
    begin(key)
    let text: StaticString = value ? "true" : "false"
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  @inlinable
  public mutating func member(_ key: StaticString, _ value: (some CompactJSONWritable)?) {
    guard let value else { return }
    begin(key)
    object(value)
  }

  @inlinable
  public mutating func member(_ key: StaticString, _ values: [some CompactJSONWritable]?) {
    guard let values else { return }
    begin(key)
    array(values) { json, value in json.object(value) }
  }

  @inlinable
  public mutating func member(_ key: StaticString, _ values: [String]?) {
    guard let values else { return }
    begin(key)
    array(values) { json, value in SortedJSONEncoder.appendString(value, to: &json.bytes) }
  }

  /// A list of points, each a list of numbers (a path's `[lon, lat]` pairs).
  @inlinable
  public mutating func member(_ key: StaticString, _ points: [[Double]]?) {
    guard let points else { return }
    guard points.allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
      isWritten = false
      return
    }
    begin(key)
    array(points) { json, point in
      json.array(point) { json, number in SortedJSONEncoder.appendNumber(number, to: &json.bytes) }
    }
  }

  @inlinable
  public mutating func member(_ key: StaticString, _ counts: [String: Int]?) {
    guard let counts else { return }
    begin(key)
    dictionary(counts) { count, bytes in
      bytes.append(contentsOf: String(count).utf8)
      return true
    }
  }

  @inlinable
  public mutating func member(_ key: StaticString, _ numbers: [String: Double]?) {
    guard let numbers else { return }
    begin(key)
    dictionary(numbers) { number, bytes in
      guard number.isFinite else { return false }
      SortedJSONEncoder.appendNumber(number, to: &bytes)
      return true
    }
  }

  /// A value of any other kind, by `SortedJSONEncoder`.
  @inlinable
  public mutating func member(_ key: StaticString, encoding value: (some Encodable)?) {
    guard let value else { return }
    guard let encoded = try? SortedJSONEncoder.encode(value) else {
      isWritten = false
      return
    }
    begin(key)
    bytes.append(contentsOf: encoded)
  }

  /// `values` between brackets, separated by commas.
  ///
  /// - Parameter write: appends one element's JSON.
  @inlinable
  mutating func array<Element>(_ values: [Element], _ write: (inout CompactJSON, Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for (offset, value) in values.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      write(&self, value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// A dictionary's members in the byte order of their keys, as
  /// JSONEncoder sorts them.
  ///
  /// - Complexity: O(m log m) for m keys.
  ///
  /// - Parameter write: appends a value's JSON; `false` when it cannot.
  @inlinable
  mutating func dictionary<Value>(
    _ values: [String: Value], _ write: (Value, inout [UInt8]) -> Bool
  ) {
    bytes.append(UInt8(ascii: "{"))
    for (offset, name) in values.keys.sorted(by: SortedJSONEncoder.precedes).enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      SortedJSONEncoder.appendString(name, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      guard let value = values[name], write(value, &bytes) else {
        isWritten = false
        return
      }
    }
    bytes.append(UInt8(ascii: "}"))
  }

  @inlinable
  mutating func object(_ value: some CompactJSONWritable) {
    bytes.append(UInt8(ascii: "{"))
    let outer = hasMembers
    hasMembers = false
    value.write(to: &self)
    hasMembers = outer
    bytes.append(UInt8(ascii: "}"))
  }

  @inlinable
  mutating func begin(_ key: StaticString) {
    if hasMembers { bytes.append(UInt8(ascii: ",")) }
    hasMembers = true
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }
}
