import Foundation
import ItineraryCore
import ItineraryPlanning
import ItineraryStore

/// JSON values the store keeps as they came: written whole, read back whole.
enum JSONValue {
  /// A parsed JSON value (from `JSONSerialization`) as compact JSON.
  static func data(_ value: Any) throws(ItineraryError) -> Data {
    do {
      return try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    } catch {
      throw ItineraryError(.usage, "body: cannot be written back as JSON")
    }
  }

  static func encode<Value: Encodable>(_ value: Value) throws(ItineraryError) -> Data {
    do {
      return try JSONEncoder().encode(value)
    } catch {
      throw ItineraryError(.failure, "cannot write the request as JSON")
    }
  }

  /// Stored JSON parsed again, `null` if it no longer parses.
  static func parsed(_ data: Data) -> Any {
    (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) ?? NSNull()
  }

  /// An object with stored JSON among its values, as the API's JSON.
  static func object(_ object: [String: Any]) -> Data {
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    return (data ?? Data("{}".utf8)) + Data("\n".utf8)
  }
}

/// A place sent to be liked or collected (a result of a search, a stop of
/// a plan as the map page sends it), kept as the command line keeps one
/// (`FoundPlace`), so that `itinerary liked` and `collection show` read
/// back whatever the server accepted.
struct PlaceBody {
  var name: String
  var payload: Data

  /// - Parameter id: the place id the path names; it wins over the body's.
  init(_ body: Data, id: String) throws(ItineraryError) {
    let object = try JSONRequest.parse(body, source: "body")
    guard object["name"] is String else {
      throw ItineraryError(.usage, "body.name: expected a string (the place's name)")
    }
    let place = try FoundPlace(sent: object, id: id, source: "body")
    name = place.name
    payload = try StoredJSON.encode(place)
  }
}

extension Date {
  /// `2026-12-01T10:00:00Z`.
  var iso8601: String { formatted(.iso8601) }
}

/// A liked or collected place with the JSON it was sent as.
enum KeptPlaceJSON {
  static func object(_ kept: KeptPlace) -> [String: Any] {
    [
      "placeId": kept.placeID, "name": kept.name, "addedAt": kept.addedAt.iso8601,
      "place": JSONValue.parsed(kept.payload),
    ]
  }
}

struct CollectionJSON: Encodable {
  var name: String
  var count: Int
  var createdAt: String

  init(_ summary: CollectionSummary) {
    name = summary.name
    count = summary.count
    createdAt = summary.createdAt.iso8601
  }
}

struct SavedPlanJSON: Encodable {
  var name: String
  var summary: String
  var createdAt: String
  var updatedAt: String

  init(_ plan: SavedPlan) {
    name = plan.name
    summary = plan.summary
    createdAt = plan.createdAt.iso8601
    updatedAt = plan.updatedAt.iso8601
  }

  /// With the plan itself.
  static func full(_ plan: SavedPlan) -> Data {
    JSONValue.object([
      "name": plan.name, "summary": plan.summary, "createdAt": plan.createdAt.iso8601,
      "updatedAt": plan.updatedAt.iso8601, "plan": JSONValue.parsed(plan.payload),
    ])
  }
}

struct HistoryJSON: Encodable {
  var id: Int64
  var kind: String
  var summary: String
  var createdAt: String

  init(_ entry: HistoryEntry) {
    id = entry.id
    kind = entry.kind
    summary = entry.summary
    createdAt = entry.createdAt.iso8601
  }

  /// With the request and its answer.
  static func full(_ entry: HistoryEntry) -> Data {
    JSONValue.object([
      "id": entry.id, "kind": entry.kind, "summary": entry.summary,
      "createdAt": entry.createdAt.iso8601, "request": JSONValue.parsed(entry.request),
      "answer": JSONValue.parsed(entry.answer),
    ])
  }
}
