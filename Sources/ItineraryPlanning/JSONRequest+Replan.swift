import Foundation
import ItineraryCore

extension JSONRequest {
  /// Reads a saved plan and the stop to change (`{"plan": {...}, "replace":
  /// 2}`, a batch line's `replan`), the plan as `GET /v1/plans/{name}`
  /// answers it under `plan`: the request `Replan` makes of them.
  ///
  /// - Throws: `.usage` for an unknown key, a missing or mistyped one, a
  ///   plan that is no plan response or a trip, or a stop it does not have.
  /// - Complexity: O(size of the plan).
  public static func replan(_ object: [String: Any], source: String) throws(ItineraryError)
    -> PlanRequest
  {
    try refuseUnknown(Set(object.keys), known: ["plan", "replace"], at: source)
    guard let plan = object["plan"] as? [String: Any] else {
      throw ItineraryError(.usage, "\(source): plan: expected an object, a saved plan")
    }
    let number = try replaceNumber(object.filter { $0.key != "plan" }, source: source)
    let data: Data
    do {
      data = try JSONSerialization.data(withJSONObject: plan)
    } catch {
      throw ItineraryError(.usage, "\(source): plan: expected an object, a saved plan")
    }
    let saved = try StoredJSON.decode(PlanResponse.self, from: data, source: "\(source): plan")
    return try Replan.request(from: saved, replacing: number, key: "\(source): replace")
  }

  /// The stop a replan changes: `replace`, a whole number, the only key
  /// of `object` (the body of `POST /v1/plans/{name}/replan`).
  ///
  /// - Throws: `.usage` for a missing or mistyped `replace`, or another key.
  public static func replaceNumber(_ object: [String: Any], source: String)
    throws(ItineraryError) -> Int
  {
    struct Body: Decodable { var replace: Int }
    try refuseUnknown(Set(object.keys), known: ["replace"], at: source)
    guard object["replace"] != nil else {
      throw ItineraryError(.usage, "\(source): expected \"replace\": N, the stop to change")
    }
    return try value(Body.self, from: object, at: source).replace
  }
}
