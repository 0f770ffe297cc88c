import ItineraryCore

/// How long a request's visits take: what the place is, not only the stop
/// it fills. A place of a known kind takes the minutes of the category its
/// kind belongs to (`CategoryVocabulary.dwellMinutes(ofKind:)`): Ateneum in
/// an `art` stop is a museum visit, a statue in a `landmark` stop a short
/// look. `--dwell` still wins: a place of a category the request gives
/// minutes for (or `"*"`) keeps the request's minutes, and a place's own
/// minutes are kept.
enum VisitLength {
  /// `places` with the minutes of their kind where no one said otherwise.
  ///
  /// - Complexity: O(n * t) for n places and t tags of the vocabulary.
  static func apply(to places: [Place], dwell: [String: Double]?) -> [Place] {
    let given = Set(
      (dwell ?? [:]).keys.map { CategoryVocabulary.standard.resolve($0)?.name ?? $0 })
    if given.contains(TimeFrame.anyCategory) { return places }
    return places.map { place in
      guard place.dwellMinutes == nil, let kind = place.kind,
        !place.categories.contains(where: given.contains),
        let minutes = CategoryVocabulary.standard.dwellMinutes(ofKind: kind)
      else { return place }
      var place = place
      place.dwellMinutes = minutes
      return place
    }
  }
}
