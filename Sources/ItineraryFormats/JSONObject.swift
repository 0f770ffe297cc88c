import Foundation
import ItineraryCore

/// A JSON object read with `JSONSerialization`, whose accessors name the
/// offending field in their errors: `file.json: places[3].lat: expected a number`.
struct JSONObject {
  let source: String
  let path: String
  let values: [String: Any]

  /// Parses `data` as a JSON object.
  init(data: Data, source: String) throws(ItineraryError) {
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data, options: [])
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      throw ItineraryError(
        .data, "\(source): malformed JSON" + (detail.map { " (\($0))" } ?? ""))
    }
    guard let object = parsed as? [String: Any] else {
      throw ItineraryError(.data, "\(source): expected a JSON object at the top level")
    }
    self.init(source: source, path: "", values: object)
  }

  private init(source: String, path: String, values: [String: Any]) {
    self.source = source
    self.path = path
    self.values = values
  }

  private func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func failure(_ key: String, _ message: String) -> ItineraryError {
    ItineraryError(.data, "\(source): \(name(key)): \(message)")
  }

  func has(_ key: String) -> Bool { values[key] != nil && !(values[key] is NSNull) }

  func object(_ key: String) throws(ItineraryError) -> JSONObject {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let object = value as? [String: Any] else { throw failure(key, "expected an object") }
    return JSONObject(source: source, path: name(key), values: object)
  }

  func objects(_ key: String) throws(ItineraryError) -> [JSONObject] {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let array = value as? [Any] else { throw failure(key, "expected an array") }
    var result: [JSONObject] = []
    for (index, element) in array.enumerated() {
      guard let object = element as? [String: Any] else {
        throw failure("\(key)[\(index)]", "expected an object")
      }
      result.append(JSONObject(source: source, path: name("\(key)[\(index)]"), values: object))
    }
    return result
  }

  func strings(_ key: String) throws(ItineraryError) -> [String] {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let array = value as? [Any] else { throw failure(key, "expected an array of strings") }
    var result: [String] = []
    for (index, element) in array.enumerated() {
      guard let string = element as? String else {
        throw failure("\(key)[\(index)]", "expected a string")
      }
      result.append(string)
    }
    return result
  }

  func string(_ key: String) throws(ItineraryError) -> String {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let string = value as? String else { throw failure(key, "expected a string") }
    return string
  }

  /// A string, or a whole number written as one (some sources number their ids).
  func identifier(_ key: String) throws(ItineraryError) -> String {
    if let number = values[key] as? NSNumber, !isBoolean(number),
      number.doubleValue == number.doubleValue.rounded()
    {
      return number.stringValue
    }
    return try string(key)
  }

  func optionalString(_ key: String) throws(ItineraryError) -> String? {
    has(key) ? try string(key) : nil
  }

  func number(_ key: String) throws(ItineraryError) -> Double {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let number = value as? NSNumber, !isBoolean(number) else {
      throw failure(key, "expected a number")
    }
    let double = number.doubleValue
    guard double.isFinite else { throw failure(key, "\(double) is not a finite number") }
    return double
  }

  func optionalNumber(_ key: String) throws(ItineraryError) -> Double? {
    has(key) ? try number(key) : nil
  }

  func optionalInteger(_ key: String) throws(ItineraryError) -> Int? {
    guard has(key) else { return nil }
    let value = try number(key)
    guard value == value.rounded(), abs(value) < 1e15 else {
      throw failure(key, "expected a whole number, found \(value)")
    }
    return Int(value)
  }

  func optionalBool(_ key: String) throws(ItineraryError) -> Bool? {
    guard has(key) else { return nil }
    guard let number = values[key] as? NSNumber, isBoolean(number) else {
      throw failure(key, "expected true or false")
    }
    return number.boolValue
  }

  /// JSONSerialization gives `true` and `false` as NSNumbers of type `c`.
  private func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
