import Foundation
import ItineraryCore
import ItineraryJSON

extension JSONRequest {
  /// A plan or trip request line read the quick way (`ScannedJSON`): the
  /// same `id` and request as `decode(_:source:)` gives, or `nil` for any
  /// line that is not a plain, valid one of those, which that reads instead.
  ///
  /// - Complexity: O(size of the line).
  static func quickly(_ data: Data) -> (id: JSONValue?, request: JSONRequest)? {
    guard case .object(let members) = ScannedJSON.scan(data) else { return nil }
    var id: JSONValue?
    var request: JSONRequest?
    for (key, value) in members {
      switch key {
      case "id":
        // As `decodeIfPresent` reads it, `null` being none; any other number
        // than a whole one is for `JSONValue.init(from:)` to read.
        switch value {
        case .null: id = nil
        case .bool(let flag): id = .bool(flag)
        case .string(let text): id = .string(text)
        default:
          guard let integer = value.integer else { return nil }
          id = .integer(integer)
        }
      case "plan", "explore":
        guard request == nil, let plan = PlanRequest(scanned: value) else { return nil }
        request = key == "plan" ? .plan(plan) : .explore(plan)
      default: return nil
      }
    }
    return request.map { (id, $0) }
  }

  /// A plan request body (`POST /v1/plan`, `POST /v1/explore`): read the
  /// quick way when it is a plain one, else as `plan(_:source:)` reads it.
  ///
  /// - Throws: what `parse(_:source:)` and `plan(_:source:)` throw.
  /// - Complexity: O(size of the body).
  public static func plan(body: Data, source: String) throws(ItineraryError) -> PlanRequest {
    if let scanned = ScannedJSON.scan(body), let plan = PlanRequest(scanned: scanned) {
      return plan
    }
    return try plan(parse(body, source: source), source: source)
  }
}

extension PlanRequest {
  /// The request an object holds, as `init(from:)` reads it, or `nil` when
  /// a key is unknown or a value is not plainly of its key's type.
  fileprivate init?(scanned: ScannedJSON) {
    guard case .object(let members) = scanned else { return nil }
    self.init(categories: [])
    guard Self.schema.scan(members, into: &self) else { return nil }
  }
}
