import Foundation
import ItineraryCore

/// A JSON object read with `JSONSerialization`, whose accessors name the
/// offending field in their errors: `file.json: places[3].lat: expected a number`.
public struct JSONObject {
  let source: String
  let path: String
  public let values: [String: Any]

  /// Parses `data` as a JSON object, unless reading it would take more
  /// than `memoryLimit` bytes (`JSONFootprint`) or last past `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: when parsing must have ended: past it, `.failure`
  ///     saying the time limit ran out. The parse runs on a thread of its
  ///     own, which is left to finish on its own when the time runs out
  ///     (its memory is within `memoryLimit`): for a command that exits on
  ///     the error, not for a server.
  ///   - otherFormat: for bytes that are not JSON, what they look like
  ///     instead (a file of another format and how to read it), or `nil`.
  public init(
    data: Data, source: String, memoryLimit: Int = .max, deadline: Deadline? = nil,
    otherFormat: (Data) -> String? = { _ in nil }
  ) throws(ItineraryError) {
    let needed = JSONFootprint.estimate(data)
    guard needed <= memoryLimit else {
      throw ItineraryError(
        .data,
        "\(source): reading its \(data.count >> 20) MB of JSON needs about \(needed >> 20) MB, "
          + "over the memory limit of \(memoryLimit >> 20) MB")
    }
    let parsed: Any
    do {
      parsed = try Self.parse(data, source: source, by: deadline)
    } catch let error as ItineraryError {
      throw error
    } catch {
      throw Self.malformed(data, source: source, error, otherFormat: otherFormat)
    }
    guard let object = parsed as? [String: Any] else {
      throw ItineraryError(
        .data, "\(source): expected a JSON object at the top level, found \(Self.kind(of: parsed))")
    }
    self.init(source: source, path: "", values: object)
  }

  /// `JSONSerialization`'s value of `data`, parsed on a thread of its own
  /// when there is a deadline, so that the wait for it can end there.
  private static func parse(_ data: Data, source: String, by deadline: Deadline?) throws -> Any {
    guard let deadline else {
      return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
    let expired = ItineraryError(
      .failure, "\(source): the time limit ran out while reading the file")
    guard !deadline.hasPassed else { throw expired }
    let outcome = ParseOutcome()
    let parser = Thread {
      outcome.finish(
        Result { try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) })
    }
    // The main thread's stack, for deeply nested values.
    parser.stackSize = 8 << 20
    parser.start()
    guard let result = outcome.wait(until: deadline) else { throw expired }
    return try result.get()
  }

  /// A parse's result, handed from its thread to the one waiting for it.
  private final class ParseOutcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<Any, any Error>?

    func finish(_ result: Result<Any, any Error>) {
      lock.withLock { self.result = result }
      done.signal()
    }

    /// The result, or `nil` when `deadline` passed (or was cancelled) first.
    func wait(until deadline: Deadline) -> Result<Any, any Error>? {
      // Wakes at least every tenth of a second to see a cancellation.
      while !deadline.hasPassed {
        let slice = min(deadline.remaining, .milliseconds(100))
        let nanoseconds =
          slice.components.seconds * 1_000_000_000
          + slice.components.attoseconds / 1_000_000_000
        if done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success {
          return lock.withLock { result }
        }
      }
      return nil
    }
  }

  /// The error for bytes that are not JSON: what they look like instead, or
  /// where the parser stopped.
  private static func malformed(
    _ data: Data, source: String, _ error: any Error, otherFormat: (Data) -> String?
  ) -> ItineraryError {
    if String(decoding: data, as: UTF8.self).allSatisfy(\.isWhitespace) {
      return ItineraryError(.data, "\(source): the file is empty")
    }
    if let other = otherFormat(data) { return ItineraryError(.data, "\(source): \(other)") }
    let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    return ItineraryError(.data, "\(source): malformed JSON" + (detail.map { " (\($0))" } ?? ""))
  }

  /// A JSON value's kind in words, for an error message.
  static func kind(of value: Any) -> String {
    switch value {
    case is [Any]: "an array"
    case is String: "a string"
    case is NSNull: "null"
    case let number as NSNumber: isBoolean(number) ? "true or false" : "a number"
    default: "another value"
    }
  }

  private init(source: String, path: String, values: [String: Any]) {
    self.source = source
    self.path = path
    self.values = values
  }

  private func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  public func failure(_ key: String, _ message: String) -> ItineraryError {
    ItineraryError(.data, "\(source): \(name(key)): \(message)")
  }

  /// `key: expected a number, found a string`.
  private func mismatch(_ key: String, _ expected: String, _ value: Any) -> ItineraryError {
    failure(key, "expected \(expected), found \(Self.kind(of: value))")
  }

  public func has(_ key: String) -> Bool { values[key] != nil && !(values[key] is NSNull) }

  public func object(_ key: String) throws(ItineraryError) -> JSONObject {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let object = value as? [String: Any] else { throw mismatch(key, "an object", value) }
    return JSONObject(source: source, path: name(key), values: object)
  }

  public func objects(_ key: String) throws(ItineraryError) -> [JSONObject] {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let array = value as? [Any] else { throw mismatch(key, "an array", value) }
    var result: [JSONObject] = []
    for (index, element) in array.enumerated() {
      guard let object = element as? [String: Any] else {
        throw mismatch("\(key)[\(index)]", "an object", element)
      }
      result.append(JSONObject(source: source, path: name("\(key)[\(index)]"), values: object))
    }
    return result
  }

  public func strings(_ key: String) throws(ItineraryError) -> [String] {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let array = value as? [Any] else { throw mismatch(key, "an array of strings", value) }
    var result: [String] = []
    for (index, element) in array.enumerated() {
      guard let string = element as? String else {
        throw mismatch("\(key)[\(index)]", "a string", element)
      }
      result.append(string)
    }
    return result
  }

  public func string(_ key: String) throws(ItineraryError) -> String {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let string = value as? String else { throw mismatch(key, "a string", value) }
    return string
  }

  /// A string, or a whole number written as one (some sources number their ids).
  public func identifier(_ key: String) throws(ItineraryError) -> String {
    if let number = values[key] as? NSNumber, !Self.isBoolean(number),
      number.doubleValue == number.doubleValue.rounded()
    {
      return number.stringValue
    }
    return try string(key)
  }

  public func optionalString(_ key: String) throws(ItineraryError) -> String? {
    has(key) ? try string(key) : nil
  }

  public func number(_ key: String) throws(ItineraryError) -> Double {
    guard let value = values[key] else { throw failure(key, "missing") }
    guard let number = value as? NSNumber, !Self.isBoolean(number) else {
      throw mismatch(key, "a number", value)
    }
    let double = number.doubleValue
    guard double.isFinite else { throw failure(key, "\(double) is not a finite number") }
    return double
  }

  public func optionalNumber(_ key: String) throws(ItineraryError) -> Double? {
    has(key) ? try number(key) : nil
  }

  public func optionalInteger(_ key: String) throws(ItineraryError) -> Int? {
    guard has(key) else { return nil }
    let value = try number(key)
    guard value == value.rounded(), abs(value) < 1e15 else {
      throw failure(key, "expected a whole number, found \(value)")
    }
    return Int(value)
  }

  public func optionalBool(_ key: String) throws(ItineraryError) -> Bool? {
    guard has(key) else { return nil }
    guard let number = values[key] as? NSNumber, Self.isBoolean(number) else {
      throw mismatch(key, "true or false", values[key] ?? NSNull())
    }
    return number.boolValue
  }

  /// JSONSerialization gives `true` and `false` as NSNumbers of type `c`.
  private static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
