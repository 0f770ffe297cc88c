/// A value that writes its own compact JSON: the bytes its `Encodable` form
/// gives under `SortedJSONEncoder` (and JSONEncoder with sorted keys), member
/// by member, without the boxed containers of `Encodable`: for the types a
/// response holds by the dozen.
protocol CompactJSONWritable: Encodable {
  func write(to json: inout CompactJSON)
}

/// One JSON object written member by member, in ascending order of keys,
/// with a member left out when its value is `nil`, as `encodeIfPresent`
/// leaves it out.
struct CompactJSON {
  private var written: [UInt8]
  /// Whether every value could be written: a number that is not finite
  /// cannot, and is for JSONEncoder to refuse.
  private(set) var isWritten = true

  init() {
    written = []
    written.reserveCapacity(512)
    written.append(UInt8(ascii: "{"))
  }

  /// Appends the object, closed, to `bytes`.
  func close(into bytes: inout [UInt8]) {
    bytes.append(contentsOf: written)
    bytes.append(UInt8(ascii: "}"))
  }

  /// - Parameter key: a name of letters and digits only, after every key
  ///   written before it.
  mutating func member(_ key: StaticString, _ value: String?) {
    guard let value else { return }
    begin(key)
    SortedJSONEncoder.appendString(value, to: &written)
  }

  mutating func member(_ key: StaticString, _ value: Double?) {
    guard let value else { return }
    guard let text = SortedJSONEncoder.numberText(value) else {
      isWritten = false
      return
    }
    begin(key)
    written.append(contentsOf: text.utf8)
  }

  mutating func member(_ key: StaticString, _ value: Bool?) {
    guard let value else { return }
    begin(key)
    let text: StaticString = value ? "true" : "false"
    text.withUTF8Buffer { written.append(contentsOf: $0) }
  }

  private mutating func begin(_ key: StaticString) {
    if written.count > 1 { written.append(UInt8(ascii: ",")) }
    written.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { written.append(contentsOf: $0) }
    written.append(UInt8(ascii: "\""))
    written.append(UInt8(ascii: ":"))
  }
}

extension PlanResponse.Stop: CompactJSONWritable {
  /// Every stored property, by name, in byte order.
  func write(to json: inout CompactJSON) {
    json.member("address", address)
    json.member("arrive", arrive)
    json.member("begin", begin)
    json.member("category", category)
    json.member("hoursKnown", hoursKnown)
    json.member("id", id)
    json.member("lat", lat)
    json.member("leave", leave)
    json.member("legKm", legKm)
    json.member("legMinutes", legMinutes)
    json.member("lon", lon)
    json.member("name", name)
    json.member("openingHours", openingHours)
    json.member("photoURL", photoURL)
    json.member("score", score)
    json.member("waitMinutes", waitMinutes)
  }
}
