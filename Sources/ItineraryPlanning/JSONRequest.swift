import Foundation
import ItineraryCore
import ItineraryFormats
import ItineraryJSON

/// A request as JSON, the shape batch lines and HTTP bodies share: a plan
/// request (`{"plan": {...}}`), a trip request (`{"explore": {...}}`), an
/// instance with its settings (`{"instance": {...}, "top": 3, "diverse":
/// true}`) or a benchmark file's text with its settings (`{"gtsplib":
/// "..."}`, `{"optw": "...", "routes": 2}`), with an optional `id`. A saved
/// plan changed at one stop (`{"replan": {"plan": {...}, "replace": 2}}`)
/// is the plan request `Replan` makes of it.
public enum JSONRequest: Sendable {
  case plan(PlanRequest)
  case explore(PlanRequest)
  case solve(SolveRequest)
  case benchmark(BenchmarkRequest)

  /// Reads one request.
  ///
  /// - Parameter source: what errors name (`line 3`).
  /// - Throws: `.data` for JSON that does not parse or an instance that is
  ///   not one; `.usage` for an unknown key or a value of the wrong type,
  ///   naming the key and suggesting the nearest known one.
  /// - Complexity: O(size of the request).
  public static func decode(_ object: [String: Any], source: String) throws(ItineraryError)
    -> JSONRequest
  {
    let outer = Set(object.keys).subtracting(["id"])
    if object["plan"] != nil {
      try refuseUnknown(outer, known: ["plan"], at: source)
      guard let plan = object["plan"] as? [String: Any] else {
        throw ItineraryError(.usage, "\(source): plan: expected an object")
      }
      return .plan(try Self.plan(plan, source: "\(source): plan"))
    }
    if object["explore"] != nil {
      try refuseUnknown(outer, known: ["explore"], at: source)
      guard let explore = object["explore"] as? [String: Any] else {
        throw ItineraryError(.usage, "\(source): explore: expected an object")
      }
      return .explore(try Self.plan(explore, source: "\(source): explore"))
    }
    if object["replan"] != nil {
      try refuseUnknown(outer, known: ["replan"], at: source)
      guard let replan = object["replan"] as? [String: Any] else {
        throw ItineraryError(.usage, "\(source): replan: expected an object")
      }
      return .plan(try Self.replan(replan, source: "\(source): replan"))
    }
    for format in BenchmarkRequest.Format.allCases where object[format.rawValue] != nil {
      return .benchmark(try benchmark(object, format: format, source: source))
    }
    guard object["instance"] != nil else {
      throw ItineraryError(
        .usage,
        "\(source): expected a \"plan\", an \"explore\", a \"replan\", an \"instance\", "
          + "a \"gtsplib\" or an \"optw\"")
    }
    return .solve(try solve(object, source: source))
  }

  /// Reads a benchmark file's text with its settings (`{"optw": "...",
  /// "name": "c101.txt", "routes": 2}`, an `id` ignored); absent, the
  /// file's name is `source`.
  ///
  /// - Throws: `.usage` for an unknown key or a value of the wrong type.
  /// - Complexity: O(size of the request).
  public static func benchmark(
    _ object: [String: Any], format: BenchmarkRequest.Format, source: String
  ) throws(ItineraryError) -> BenchmarkRequest {
    let outer = Set(object.keys).subtracting(["id"])
    try refuseUnknown(outer, known: [format.rawValue] + BenchmarkRequest.keys, at: source)
    guard let text = object[format.rawValue] as? String else {
      throw ItineraryError(.usage, "\(source): \(format.rawValue): expected the file's text")
    }
    struct Settings: Decodable {
      var name: String?
      var routes: Int?
      var threads: Int?
      var timeLimit: Double?
      var seed: Int?
      var memoryLimit: Double?
    }
    var settingsObject = object
    settingsObject["id"] = nil
    settingsObject[format.rawValue] = nil
    let settings = try typed(Settings.self, from: settingsObject, at: source)
    var request = BenchmarkRequest(format: format, text: text, name: settings.name ?? source)
    request.routes = settings.routes
    request.threads = settings.threads
    request.timeLimit = settings.timeLimit
    request.seed = settings.seed
    request.memoryLimit = settings.memoryLimit
    return request
  }

  /// Reads a plan request object (`{"categories": [...], "at": ...}`), the
  /// body of `POST /v1/plan` and of `POST /v1/explore`.
  ///
  /// - Throws: `.usage` for an unknown key or a value of the wrong type.
  /// - Complexity: O(size of the request).
  public static func plan(_ object: [String: Any], source: String) throws(ItineraryError)
    -> PlanRequest
  {
    try refuseUnknown(Set(object.keys), known: PlanRequest.keys, at: source)
    return try typed(PlanRequest.self, from: object, at: source)
  }

  /// Reads an instance with its settings (`{"instance": {...}, "top": 3}`,
  /// an `id` ignored), the body of `POST /v1/solve`.
  ///
  /// - Throws: `.usage` for a missing instance, an unknown key or a value of
  ///   the wrong type; `.data` for an instance that is not one.
  /// - Complexity: O(size of the request).
  public static func solve(_ object: [String: Any], source: String) throws(ItineraryError)
    -> SolveRequest
  {
    guard let instance = object["instance"] else {
      throw ItineraryError(.usage, "\(source): expected an \"instance\"")
    }
    let outer = Set(object.keys).subtracting(["id"])
    try refuseUnknown(outer, known: ["instance"] + SolveSettings.keys, at: source)
    var settingsObject = object
    settingsObject["id"] = nil
    settingsObject["instance"] = nil
    var settings = try typed(SolveSettings.self, from: settingsObject, at: source)
    settings.source = nil
    let data: Data
    do {
      data = try JSONSerialization.data(withJSONObject: instance, options: .fragmentsAllowed)
    } catch {
      throw ItineraryError(.data, "\(source): instance: expected an object")
    }
    let problem = try InstanceFile.decode(data, source: "\(source): instance")
    return SolveRequest(instance: problem, settings: settings)
  }

  /// Reads one request line or body, with its `id` (any JSON value, or `nil`
  /// when absent or unreadable). Plain plan requests are read the quick way
  /// (`quickly(_:)`), any other in one pass of `JSONDecoder`; instances go
  /// through the instance file reader, which names their fields.
  ///
  /// - Complexity: O(size of the request).
  public static func decode(_ data: Data, source: String) -> (
    id: JSONValue?, request: Result<JSONRequest, ItineraryError>
  ) {
    if let problem = rawControlCharacter(in: data, source: source) {
      return (nil, .failure(problem))
    }
    if let (id, request) = quickly(data) { return (id, .success(request)) }
    return decodeInFull(data, source: source)
  }

  /// The error for a control character JSON never holds raw (anything
  /// below U+0020 but tab, line feed and carriage return, which may only
  /// separate tokens): inside a string it must be escaped (`\u0000`).
  /// Named as what it is, not as whatever the decoder trips on next.
  ///
  /// - Complexity: O(size of the data).
  static func rawControlCharacter(in data: Data, source: String) -> ItineraryError? {
    guard
      let offset = data.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
    else { return nil }
    let code = String(format: "U+%04X", Int(data[offset]))
    return ItineraryError(
      .data,
      "\(source): malformed JSON: a raw control character \(code) at byte \(offset - data.startIndex + 1) (inside a string it must be escaped, as \\u\(code.dropFirst(2)))"
    )
  }

  /// What a top-level JSON value is, when it is not an object: `an array`.
  static func kind(of data: Data) -> String? {
    guard let value = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    else { return nil }
    switch value {
    case is [Any]: return "an array"
    case is String: return "a string"
    case is NSNull: return "null"
    case let number as NSNumber:
      return String(cString: number.objCType) == "c" ? "true or false" : "a number"
    default: return nil
    }
  }

  /// `decode(_:source:)` through `JSONDecoder` alone.
  static func decodeInFull(_ data: Data, source: String) -> (
    id: JSONValue?, request: Result<JSONRequest, ItineraryError>
  ) {
    let line: Line
    do {
      line = try JSONDecoder().decode(Line.self, from: data)
    } catch {
      // A request that does not read keeps its `id`, so that its error
      // answer says which request it is and `batch --resume` knows it.
      if case DecodingError.typeMismatch(_, let context) = error, context.codingPath.isEmpty {
        let found = kind(of: data).map { ", not \($0)" } ?? ""
        return (nil, .failure(ItineraryError(.data, "\(source): expected a JSON object\(found)")))
      }
      return (id(of: data), .failure(describe(error, at: source)))
    }
    if let plan = line.plan { return (line.id, .success(.plan(plan))) }
    if let explore = line.explore { return (line.id, .success(.explore(explore))) }
    do throws(ItineraryError) {
      return (line.id, .success(try decode(parse(data, source: source), source: source)))
    } catch {
      return (line.id, .failure(error))
    }
  }

  /// The `id` of a line that is a JSON object, whatever else it holds:
  /// `nil` when it has none (or `null`), or is no JSON object.
  ///
  /// - Complexity: O(size of the line).
  static func id(of data: Data) -> JSONValue? {
    struct Identified: Decodable { var id: JSONValue? }
    return (try? JSONDecoder().decode(Identified.self, from: data))?.id
  }

  /// A request line's `id`, and its plan or trip request when it is one.
  private struct Line: Decodable {
    var id: JSONValue?
    var plan: PlanRequest?
    var explore: PlanRequest?

    init(from decoder: any Decoder) throws {
      let values = try decoder.container(keyedBy: AnyKey.self)
      id = try values.decodeIfPresent(JSONValue.self, forKey: AnyKey(stringValue: "id"))
      let keys = values.allKeys.map(\.stringValue)
      for kind in ["plan", "explore"] where keys.contains(kind) {
        try UnknownKey.check(decoder, known: ["id", kind])
        let request = try values.decode(PlanRequest.self, forKey: AnyKey(stringValue: kind))
        if kind == "plan" { plan = request } else { explore = request }
        return
      }
    }
  }

  /// A decoding error as one line naming the key.
  static func describe(_ error: any Error, at source: String) -> ItineraryError {
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }
    func at(_ keys: [any CodingKey]) -> String {
      keys.isEmpty ? source : "\(source): \(path(keys))"
    }
    switch error {
    case let unknown as UnknownKey:
      let prefix =
        unknown.codingPath.isEmpty ? "" : unknown.codingPath.joined(separator: ".") + ": "
      return ItineraryError(
        .usage, "\(source): \(prefix)unknown key '\(unknown.key)'\(unknown.hint)")
    case DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty:
      // What the error carries is the type expected (an object), not the one found.
      return ItineraryError(.data, "\(source): expected a JSON object")
    case DecodingError.typeMismatch(let type, let context),
      DecodingError.valueNotFound(let type, let context):
      return ItineraryError(.usage, "\(at(context.codingPath)): expected \(describe(type))")
    case DecodingError.keyNotFound(let key, let context):
      return ItineraryError(.usage, "\(at(context.codingPath + [key])): missing")
    case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
      return ItineraryError(.data, "\(source): malformed JSON")
    case DecodingError.dataCorrupted(let context):
      return ItineraryError(.usage, "\(at(context.codingPath)): \(context.debugDescription)")
    default:
      return ItineraryError(.data, "\(source): cannot read the request")
    }
  }

  /// Parses one JSON object, with its `id` (any JSON value, or `nil`).
  public static func parse(_ data: Data, source: String) throws(ItineraryError) -> [String: Any] {
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    } catch {
      throw ItineraryError(.data, "\(source): malformed JSON")
    }
    guard let object = parsed as? [String: Any] else {
      throw ItineraryError(.data, "\(source): expected a JSON object")
    }
    return object
  }

  static func refuseUnknown(_ keys: Set<String>, known: [String], at source: String)
    throws(ItineraryError)
  {
    for key in keys.sorted() where !known.contains(key) {
      throw ItineraryError(
        .usage, "\(source): unknown key '\(key)'\(NearestWord.hint(key, among: known))")
    }
  }

  /// A value decoded from a parsed JSON object (a body), its errors naming
  /// the key as request errors do.
  ///
  /// - Throws: `.usage` for a missing key or a value of the wrong type.
  public static func value<T: Decodable>(
    _: T.Type, from object: [String: Any], at source: String
  ) throws(ItineraryError) -> T {
    try typed(T.self, from: object, at: source)
  }

  /// A value decoded from a JSON object, its errors naming the key.
  private static func typed<T: Decodable>(_: T.Type, from object: [String: Any], at source: String)
    throws(ItineraryError) -> T
  {
    do {
      let data = try JSONSerialization.data(withJSONObject: object)
      return try JSONDecoder().decode(T.self, from: data)
    } catch {
      throw describe(error, at: source)
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: "a whole number"
    case is Double.Type: "a number"
    case is Bool.Type: "true or false"
    case is String.Type: "a string"
    case is [Any].Type: "a list"
    case is [String: Any].Type: "an object"
    default: "a value of another type"
    }
  }
}

extension PlanningPipeline {
  /// Answers a JSON request as `plan`, `explore`, `solve`, `gtsp` or `optw`
  /// would, as one line of JSON with sorted keys.
  public func answer(_ request: JSONRequest) throws(ItineraryError) -> Data {
    switch request {
    case .plan(let plan): try ResponseEncoding.compact(self.plan(plan))
    case .explore(let explore): try ResponseEncoding.compact(self.explore(explore))
    case .solve(let solve): try ResponseEncoding.compact(self.solve(solve))
    case .benchmark(let file): try ResponseEncoding.compact(benchmark(file))
    }
  }
}
