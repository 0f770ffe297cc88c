import ItineraryCore

extension CityFile {
  /// The vocabulary's category names, indexed once per process.
  private static let categoryNames = Result { () throws(ItineraryError) in
    try PlacesIndex(places: [])
  }

  /// The category and place names that complete `prefix`, at most `limit`:
  /// the rules of `PlacesIndex.complete`, categories first, then this
  /// city's places best first.
  ///
  /// - Throws: `ItineraryError` (usage) for an empty prefix or a limit below 1.
  /// - Complexity: O(limit) row reads after the FTS5 lookups of the prefix's words.
  public func completions(prefix: String, limit: Int) throws(ItineraryError) -> [Completion] {
    let categories = try Self.categoryNames.get().complete(prefix: prefix, limit: limit)
    let places = try complete(prefix: prefix, limit: limit - categories.count)
    return categories + places.map(Completion.place)
  }
}
