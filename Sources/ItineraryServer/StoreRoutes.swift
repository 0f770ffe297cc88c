import Foundation
import ItineraryCore
import ItineraryPlanning
import ItineraryStore
import Synchronization

/// What a person keeps, over HTTP: saved plans, liked places, collections
/// of places and the history, under `/v1/`. `PUT` creates (`201`) or
/// replaces (`200`), `DELETE` answers `204`, and what is not there `404`.
///
/// The store opens on its first use, so a server whose data directory is
/// unusable still plans.
struct StoreRoutes: Sendable {
  private let opened: OpenedStore
  private let environment: [String: String]
  private let warn: @Sendable (String) -> Void

  init(environment: [String: String], warn: @escaping @Sendable (String) -> Void) {
    self.environment = environment
    self.warn = warn
    opened = OpenedStore()
  }

  func store() throws(ItineraryError) -> Store {
    let result: Result<Store, ItineraryError> = opened.store.withLock { store in
      if let store { return .success(store) }
      do throws(ItineraryError) {
        let made = try Store(environment: environment, warn: warn)
        store = made
        return .success(made)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  var routes: [Route] {
    [
      Route("GET", "/v1/plans") { _, _, _ in try listPlans() },
      Route("GET", "/v1/plans/{name}") { _, path, _ in
        try getPlan(path["name"] ?? "")
      },
      Route("PUT", "/v1/plans/{name}") { request, path, _ in
        try putPlan(path["name"] ?? "", request.body)
      },
      Route("DELETE", "/v1/plans/{name}") { _, path, _ in
        try found { () throws(ItineraryError) in try store().deletePlan(named: path["name"] ?? "") }
        return .noContent
      },
      Route("GET", "/v1/likes") { _, _, _ in
        .json(JSONValue.object(["likes": try store().likedPlaces().map(KeptPlaceJSON.object)]))
      },
      Route("PUT", "/v1/likes/{placeId}") { request, path, _ in
        let place = try PlaceBody(request.body, id: path["placeId"] ?? "")
        let added = try store().like(
          placeID: path["placeId"] ?? "", name: place.name, payload: place.payload)
        return try .encoded(["liked": path["placeId"] ?? ""], status: added ? 201 : 200)
      },
      Route("DELETE", "/v1/likes/{placeId}") { _, path, _ in
        try found { () throws(ItineraryError) in try store().unlike(placeID: path["placeId"] ?? "")
        }
        return .noContent
      },
      Route("GET", "/v1/collections") { _, _, _ in
        try .encoded(["collections": store().collections().map(CollectionJSON.init)])
      },
      Route("GET", "/v1/collections/{name}") { _, path, _ in
        let name = path["name"] ?? ""
        let places = try found { () throws(ItineraryError) in try store().collection(named: name) }
        return .json(JSONValue.object(["name": name, "places": places.map(KeptPlaceJSON.object)]))
      },
      Route("PUT", "/v1/collections/{name}") { _, path, _ in
        let name = path["name"] ?? ""
        let store = try store()
        if let existing = try store.collections().first(where: {
          $0.name.lowercased() == name.lowercased()
        }) {
          return try .encoded(CollectionJSON(existing))
        }
        return try .encoded(CollectionJSON(store.createCollection(named: name)), status: 201)
      },
      Route("DELETE", "/v1/collections/{name}") { _, path, _ in
        try found { () throws(ItineraryError) in
          try store().deleteCollection(named: path["name"] ?? "")
        }
        return .noContent
      },
      Route("PUT", "/v1/collections/{name}/places/{placeId}") {
        request, path, _ in
        let place = try PlaceBody(request.body, id: path["placeId"] ?? "")
        let added = try found { () throws(ItineraryError) in
          try store().addPlace(
            placeID: path["placeId"] ?? "", name: place.name, payload: place.payload,
            toCollection: path["name"] ?? "")
        }
        return try .encoded(["added": path["placeId"] ?? ""], status: added ? 201 : 200)
      },
      Route("DELETE", "/v1/collections/{name}/places/{placeId}") {
        _, path, _ in
        try found { () throws(ItineraryError) in
          try store().removePlace(
            placeID: path["placeId"] ?? "", fromCollection: path["name"] ?? "")
        }
        return .noContent
      },
      Route("GET", "/v1/history") { request, _, _ in
        let limit = try QueryValues(query: request.query).integer("limit", in: 1...10_000)
        return try .encoded(["history": store().history(limit: limit).map(HistoryJSON.init)])
      },
      Route("DELETE", "/v1/history") { _, _, _ in
        _ = try store().clearHistory()
        return .noContent
      },
      Route("GET", "/v1/history/{id}") { _, path, _ in
        let id = try historyID(path["id"])
        let entry = try found { () throws(ItineraryError) in try store().historyEntry(id) }
        return .json(HistoryJSON.full(entry))
      },
      Route("DELETE", "/v1/history/{id}") { _, path, _ in
        let id = try historyID(path["id"])
        try found { () throws(ItineraryError) in try store().deleteHistoryEntry(id) }
        return .noContent
      },
    ]
  }

  private func listPlans() throws(ItineraryError) -> HTTPResponse {
    try .encoded(["plans": store().savedPlans().map(SavedPlanJSON.init)])
  }

  private func getPlan(_ name: String) throws -> HTTPResponse {
    .json(SavedPlanJSON.full(try savedPlan(name)))
  }

  /// The saved plan of that name; answered `404` when there is none.
  func savedPlan(_ name: String) throws -> SavedPlan {
    try found { () throws(ItineraryError) in try store().savedPlan(named: name) }
  }

  /// The body is `{"plan": {...}, "summary": "..."}`; the plan is kept as sent.
  private func putPlan(_ name: String, _ body: Data) throws(ItineraryError) -> HTTPResponse {
    let object = try JSONRequest.parse(body, source: "body")
    guard let plan = object["plan"], plan is [String: Any] else {
      throw ItineraryError(.usage, "body: plan: expected an object")
    }
    if let unknown = object.keys.sorted().first(where: { !["plan", "summary"].contains($0) }) {
      throw ItineraryError(.usage, "body: unknown key '\(unknown)' (known: plan, summary)")
    }
    guard object["summary"] == nil || object["summary"] is String else {
      throw ItineraryError(.usage, "body.summary: expected a string")
    }
    let payload = try JSONValue.data(plan)
    let store = try store()
    let existed = try store.savedPlans().contains { $0.name.lowercased() == name.lowercased() }
    let saved = try store.savePlan(
      named: name, payload: payload, summary: object["summary"] as? String ?? "", replace: true)
    return try .encoded(SavedPlanJSON(saved), status: existed ? 200 : 201)
  }

  /// Writes a plan answered by `POST /v1/plan` to the history.
  func recordPlan(_ request: PlanRequest, _ answer: Data) {
    let summary = request.categories.joined(separator: " > ")
    do throws(ItineraryError) {
      let encoded = try JSONValue.encode(request)
      try store().recordHistory(kind: "plan", summary: summary, request: encoded, answer: answer)
    } catch {
      warn("warning: the history was not written: \(error.message)")
    }
  }

  private func historyID(_ text: String?) throws(ItineraryError) -> Int64 {
    guard let text, let id = Int64(text) else {
      throw ItineraryError(.usage, "a history entry is a number, not '\(text ?? "")'")
    }
    return id
  }

  /// Runs a look-up whose only data error is that the thing is not there:
  /// that error is answered `404`.
  private func found<T>(_ body: () throws(ItineraryError) -> T) throws -> T {
    do throws(ItineraryError) {
      return try body()
    } catch  where error.kind == .data {
      throw HTTPFailure.notFound(error)
    }
  }
}

/// The store once opened, shared by every copy of the routes.
final class OpenedStore: Sendable {
  let store = Mutex<Store?>(nil)
}
