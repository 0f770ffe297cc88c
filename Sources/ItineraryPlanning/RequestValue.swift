import ItineraryCore
import ItineraryJSON
import ItineraryPlaces

/// A type a request key may hold, with the three ways requests are read and
/// written: `Codable` (JSONDecoder, and the JSON of a history),
/// `init(scanned:)` (the quick reader of batch lines and bodies) and
/// `echo(_:to:)` (the compact writer of answers), which agree value for value.
protocol RequestValue: Codable, Sendable {
  /// The value `scanned` plainly holds, as `init(from:)` reads it; `nil`
  /// when it holds another type, for `JSONDecoder` to read and name.
  init?(scanned: ScannedJSON)
  /// Writes the value as the member `key`.
  func echo(_ key: StaticString, to json: inout CompactJSON)
}

extension Bool: RequestValue {
  init?(scanned: ScannedJSON) { guard let value = scanned.bool else { return nil }; self = value }
  func echo(_ key: StaticString, to json: inout CompactJSON) { json.member(key, self) }
}

extension Int: RequestValue {
  init?(scanned: ScannedJSON) {
    guard let value = scanned.integer else { return nil }; self = value
  }
  func echo(_ key: StaticString, to json: inout CompactJSON) { json.member(key, self) }
}

extension Double: RequestValue {
  init?(scanned: ScannedJSON) { guard let value = scanned.double else { return nil }; self = value }
  func echo(_ key: StaticString, to json: inout CompactJSON) { json.member(key, self) }
}

extension String: RequestValue {
  init?(scanned: ScannedJSON) { guard let value = scanned.string else { return nil }; self = value }
  func echo(_ key: StaticString, to json: inout CompactJSON) { json.member(key, self) }
}

/// A type whose lists a request key may hold (`avoid`, `day`).
protocol RequestListElement: Codable, Sendable {
  init?(scanned: ScannedJSON)
  /// Writes `list` as the member `key`.
  static func echo(_ list: [Self], _ key: StaticString, to json: inout CompactJSON)
}

extension Array: RequestValue where Element: RequestListElement {
  init?(scanned: ScannedJSON) {
    guard case .array(let values) = scanned else { return nil }
    var list: [Element] = []
    for value in values {
      guard let element = Element(scanned: value) else { return nil }
      list.append(element)
    }
    self = list
  }

  func echo(_ key: StaticString, to json: inout CompactJSON) { Element.echo(self, key, to: &json) }
}

extension String: RequestListElement {
  static func echo(_ list: [String], _ key: StaticString, to json: inout CompactJSON) {
    json.member(key, list)
  }
}

/// Minutes by category word (`dwell`): an object of numbers.
extension Dictionary: RequestValue where Key == String, Value == Double {
  init?(scanned: ScannedJSON) {
    guard case .object(let members) = scanned else { return nil }
    var minutes: [String: Double] = [:]
    for (word, value) in members {
      guard let number = value.double else { return nil }
      minutes[word] = number
    }
    self = minutes
  }

  func echo(_ key: StaticString, to json: inout CompactJSON) { json.member(key, self) }
}

/// `{"lat": ..., "lon": ...}` and nothing else.
extension Coordinate: RequestValue {
  init?(scanned: ScannedJSON) {
    guard let (lat, lon) = scanned.pair("lat", "lon", \.double) else { return nil }
    self.init(lat: lat, lon: lon)
  }

  func echo(_ key: StaticString, to json: inout CompactJSON) { json.member(key, self) }
}

/// A day of a trip: `{"start": ..., "end": ...}` and nothing else.
extension TripDay: RequestListElement {
  init?(scanned: ScannedJSON) {
    guard let (start, end) = scanned.pair("start", "end", \.string) else { return nil }
    self.init(start: start, end: end)
  }

  static func echo(_ list: [TripDay], _ key: StaticString, to json: inout CompactJSON) {
    json.member(key, list)
  }
}

/// A choice among names (`mode`, `pace`, ...): one of its strings.
protocol RequestChoice: RequestValue, RawRepresentable<String> {}

extension RequestChoice {
  init?(scanned: ScannedJSON) {
    guard let name = scanned.string, let value = Self(rawValue: name) else { return nil }
    self = value
  }

  func echo(_ key: StaticString, to json: inout CompactJSON) { json.member(key, rawValue) }
}

extension ProviderID: RequestChoice {}
extension TravelMode: RequestChoice {}
extension Distances: RequestChoice {}
extension DistanceUnit: RequestChoice {}
extension UnknownHours: RequestChoice {}
extension Pace: RequestChoice {}
