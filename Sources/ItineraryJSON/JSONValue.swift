import Foundation

/// Any JSON value, kept as read: what a request's `id` may be, echoed in
/// its answer exactly as it was written.
public indirect enum JSONValue: Codable, Sendable, Hashable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let bool = try? single.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? single.decode(Int.self) {
      self = .integer(integer)
    } else if let number = try? single.decode(Double.self) {
      self = .number(number)
    } else if let string = try? single.decode(String.self) {
      self = .string(string)
    } else if let array = try? single.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try single.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var single = encoder.singleValueContainer()
    switch self {
    case .null: try single.encodeNil()
    case .bool(let value): try single.encode(value)
    case .integer(let value): try single.encode(value)
    case .number(let value): try single.encode(value)
    case .string(let value): try single.encode(value)
    case .array(let value): try single.encode(value)
    case .object(let value): try single.encode(value)
    }
  }

  /// The value as compact JSON with sorted keys: the same text for the same
  /// value, wherever it was read.
  public var text: String {
    (try? SortedJSONEncoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}
