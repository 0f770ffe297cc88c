import Foundation
import ItineraryCore
import ItineraryJSON
import ItineraryStore

/// Every plan, trip and search kept in the store's history with its request and
/// answer as JSON, unless the person wants none (`ITINERARY_NO_HISTORY`).
///
/// Keeping history never fails what it records: a store that cannot be
/// opened or written is one warning, and the answer stands.
public enum HistoryLog {
  /// The kinds of entry, as the store names them.
  public static let planKind = "plan"
  public static let exploreKind = "explore"
  public static let searchKind = "search"

  /// Whether the environment turns history off: `ITINERARY_NO_HISTORY` set
  /// to anything but empty or `0`.
  public static func isDisabled(environment: [String: String]) -> Bool {
    guard let value = environment["ITINERARY_NO_HISTORY"] else { return false }
    return !value.isEmpty && value != "0"
  }

  /// Records a plan.
  ///
  /// - Parameter warn: receives one line when the store fails.
  public static func record(
    plan request: PlanRequest, answer: PlanResponse, environment: [String: String],
    warn: @escaping @Sendable (String) -> Void
  ) {
    record(
      kind: planKind, summary: Summary.plan(answer), request: request, answer: answer,
      environment: environment, warn: warn)
  }

  /// Records a trip (`explore`): a plan too, which `save` keeps.
  public static func record(
    explore request: PlanRequest, answer: PlanResponse, environment: [String: String],
    warn: @escaping @Sendable (String) -> Void
  ) {
    record(
      kind: exploreKind, summary: Summary.plan(answer), request: request, answer: answer,
      environment: environment, warn: warn)
  }

  /// Records a search.
  public static func record(
    search request: SearchRequest, answer: SearchResponse, environment: [String: String],
    warn: @escaping @Sendable (String) -> Void
  ) {
    record(
      kind: searchKind, summary: Summary.search(answer), request: request, answer: answer,
      environment: environment, warn: warn)
  }

  private static func record(
    kind: String, summary: String, request: some Encodable, answer: some Encodable,
    environment: [String: String], warn: @escaping @Sendable (String) -> Void
  ) {
    guard !isDisabled(environment: environment) else { return }
    do throws(ItineraryError) {
      let store = try Store(environment: environment) { warn($0) }
      try store.recordHistory(
        kind: kind, summary: summary, request: try StoredJSON.encode(request),
        answer: try StoredJSON.encode(answer))
    } catch {
      warn("not kept in the history: \(error.message)")
    }
  }
}

/// The JSON the store keeps: sorted keys, so equal values are equal bytes.
public enum StoredJSON {
  /// - Throws: `.failure` when the value cannot be written (a number that is not finite).
  public static func encode(_ value: some Encodable) throws(ItineraryError) -> Data {
    do {
      return try SortedJSONEncoder.encode(value)
    } catch {
      throw ItineraryError(.failure, "cannot write the value as JSON: \(error)")
    }
  }

  /// - Throws: `.data` naming `source` when the bytes are not a `T`.
  public static func decode<T: Decodable>(_: T.Type, from data: Data, source: String)
    throws(ItineraryError) -> T
  {
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch {
      throw ItineraryError(.data, "\(source): cannot be read back")
    }
  }
}
