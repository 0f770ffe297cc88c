import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStore

extension PlaceFinder {
  /// The place with `id`: from the embedded city, else as the store keeps
  /// it (liked, in a collection, or found by a search in the history).
  ///
  /// - Parameter store: where kept places are looked for; `nil`: nowhere.
  /// - Throws: `.data` naming the id, with the nearest known one, when no
  ///   place has it.
  /// - Complexity: O(n) for the n places of the city and of the store.
  public func place(id: String, store: Store?, now: Date = Date()) throws(ItineraryError)
    -> FoundPlace
  {
    let city = EmbeddedCity.helsinki
    if let place = city.places.first(where: { $0.id == id }) {
      let zone = TimeZone(identifier: SearchArea.embeddedZone) ?? .current
      return FoundPlace(place, openNow: OpenNow(instant: now, timeZone: zone).state(of: place))
    }
    let kept =
      try store.map { store throws(ItineraryError) in try Self.keptPlaces(in: store) } ?? []
    if var place = kept.first(where: { $0.id == id }) {
      place.distanceKm = nil
      place.walkingMinutes = nil
      return place
    }
    let known = city.places.map(\.id) + kept.map(\.id)
    throw ItineraryError(.data, "no place with id '\(id)'\(NearestWord.hint(id, among: known))")
  }

  /// Every place the store holds: liked, in collections, then the results
  /// of the searches in the history, newest first.
  static func keptPlaces(in store: Store) throws(ItineraryError) -> [FoundPlace] {
    let decoder = JSONDecoder()
    var places = try store.likedPlaces().compactMap { try? FoundPlace(kept: $0, source: "") }
    for collection in try store.collections() {
      places += try store.collection(named: collection.name).compactMap {
        try? FoundPlace(kept: $0, source: "")
      }
    }
    for entry in try store.history() where entry.kind == HistoryLog.searchKind {
      if let answer = try? decoder.decode(SearchResponse.self, from: entry.answer) {
        places += answer.results
      }
    }
    return places
  }
}
