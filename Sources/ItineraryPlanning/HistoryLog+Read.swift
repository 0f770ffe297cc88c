import Foundation
import ItineraryCore
import ItineraryStore

/// A history entry read back: the request and answer it keeps, typed.
public enum KeptRun: Sendable {
  case plan(PlanRequest, PlanResponse)
  /// A trip: its request is planned again with `explore`.
  case explore(PlanRequest, PlanResponse)
  case search(SearchRequest, SearchResponse)
}

extension HistoryLog {
  /// The request and answer `entry` keeps.
  ///
  /// - Throws: `.data` naming the entry when they do not read back (an
  ///   entry of another kind, or of a newer version).
  public static func read(_ entry: HistoryEntry) throws(ItineraryError) -> KeptRun {
    let source = "history entry \(entry.id)"
    switch entry.kind {
    case planKind:
      return .plan(
        try StoredJSON.decode(PlanRequest.self, from: entry.request, source: source),
        try StoredJSON.decode(PlanResponse.self, from: entry.answer, source: source))
    case exploreKind:
      return .explore(
        try StoredJSON.decode(PlanRequest.self, from: entry.request, source: source),
        try StoredJSON.decode(PlanResponse.self, from: entry.answer, source: source))
    case searchKind:
      return .search(
        try StoredJSON.decode(SearchRequest.self, from: entry.request, source: source),
        try StoredJSON.decode(SearchResponse.self, from: entry.answer, source: source))
    default:
      throw ItineraryError(.data, "\(source) is a '\(entry.kind)', which cannot be read back")
    }
  }

  /// The newest plan or trip in the history: what was planned last,
  /// whichever command planned it.
  ///
  /// - Throws: `.data` when the history holds neither.
  public static func lastPlan(in store: Store) throws(ItineraryError) -> (
    HistoryEntry, PlanResponse
  ) {
    for entry in try store.history() where [planKind, exploreKind].contains(entry.kind) {
      switch try read(entry) {
      case .plan(_, let response), .explore(_, let response): return (entry, response)
      case .search: continue
      }
    }
    throw ItineraryError(
      .data, "the history holds no plan to save (run 'itinerary plan' or 'explore' first)")
  }
}
