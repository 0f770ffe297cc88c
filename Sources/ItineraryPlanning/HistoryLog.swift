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

  /// Records a plan, a trip (`explore`: a plan too, which `save` keeps) or a
  /// search, with its request and answer.
  ///
  /// - Parameter warn: receives one line when the store fails.
  public static func record(
    _ run: KeptRun, environment: [String: String], warn: @escaping @Sendable (String) -> Void
  ) {
    guard !isDisabled(environment: environment) else { return }
    do throws(ItineraryError) {
      let store = try Store(environment: environment) { warn($0) }
      let (summary, request, answer) = try run.summaryAndJSON()
      try store.recordHistory(kind: run.kind, summary: summary, request: request, answer: answer)
    } catch {
      warn("not kept in the history: \(error.message)")
    }
  }
}

extension KeptRun {
  /// The kind of history entry it is kept as.
  var kind: String {
    switch self {
    case .plan: HistoryLog.planKind
    case .explore: HistoryLog.exploreKind
    case .search: HistoryLog.searchKind
    }
  }

  /// Its one-line summary, and its request and answer as the store keeps them.
  func summaryAndJSON() throws(ItineraryError) -> (String, request: Data, answer: Data) {
    switch self {
    case .plan(let request, let answer), .explore(let request, let answer):
      (Summary.plan(answer), try StoredJSON.encode(request), try StoredJSON.encode(answer))
    case .search(let request, let answer):
      (Summary.search(answer), try StoredJSON.encode(request), try StoredJSON.encode(answer))
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
