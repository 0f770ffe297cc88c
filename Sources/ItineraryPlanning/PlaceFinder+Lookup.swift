import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStore

extension PlaceFinder {
  /// The place `word` means: the place with that id, from the embedded
  /// city, else as the store keeps it (liked, in a collection, or found by a
  /// search in the history); else, for a word that is no id (`node/123`), the
  /// city's place of that name (`PlaceName.resolve`: accents ignored, a typo
  /// forgiven), so that `show Kiasma` and `like atenum` work.
  ///
  /// - Parameter store: where kept places are looked for; `nil`: nowhere.
  /// - Throws: `.data` naming an id no place has, with the nearest known
  ///   one; `.usage` for a name of several places (listing their ids) or of
  ///   none (suggesting the nearest names).
  /// - Complexity: O(n) for the n places of the city and of the store, and
  ///   that of `PlaceName.resolve` for a name.
  public func place(id word: String, store: Store?, now: Date = Date()) throws(ItineraryError)
    -> FoundPlace
  {
    let city = EmbeddedCity.helsinki
    let zone = TimeZone(identifier: SearchArea.embeddedZone) ?? .current
    func found(_ place: Place) -> FoundPlace {
      FoundPlace(place, openNow: OpenNow(instant: now, timeZone: zone).state(of: place))
    }
    if let place = city.places.first(where: { $0.id == word }) { return found(place) }
    let kept =
      try store.map { store throws(ItineraryError) in try Self.keptPlaces(in: store) } ?? []
    if var place = kept.first(where: { $0.id == word }) {
      place.distanceKm = nil
      place.walkingMinutes = nil
      return place
    }
    guard Self.isID(word) else {
      return found(try PlaceName.resolve(word, role: "place", in: city.places))
    }
    let known = city.places.map(\.id) + kept.map(\.id)
    throw ItineraryError(
      .data, "no place with id '\(word)'\(NearestWord.hint(word, among: known))")
  }

  /// Whether `word` is written as a place id (`node/123`, `fsq:4b0588…`)
  /// rather than a name.
  public static func isID(_ word: String) -> Bool {
    word.contains("/") || word.contains(":")
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
