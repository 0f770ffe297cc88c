import ItineraryCore

/// The stops a plan's words ask for, in order: a category of the vocabulary,
/// or else a place of the city by name or id (`plan "Kiasma > cafe"`), which
/// the plan visits at that position.
enum StopWords {
  enum Stop: Equatable {
    case category(CanonicalCategory)
    case place(Place)
  }

  /// - Parameter city: the places names are looked for among, asked for only
  ///   when a word is no category; `nil` when the source has no city.
  /// - Throws: `.usage` when no stop is given, for a word that names several
  ///   places (listing them) or nothing (suggesting the nearest category or
  ///   name), and for a name where the places come from a live provider.
  /// - Complexity: O(w * n * m * L) for w words that are no category, and
  ///   `PlaceName`'s cost over the city's n places.
  static func resolve(
    _ words: [String], city: () throws(ItineraryError) -> [Place]?
  ) throws(ItineraryError) -> [Stop] {
    var stops: [Stop] = []
    for name in try CategoryWords.split(words) {
      if let category = CategoryVocabulary.standard.resolve(name) {
        stops.append(.category(category))
        continue
      }
      guard let places = try city() else {
        throw ItineraryError(
          .usage,
          "unknown category '\(name)'\(NearestWord.hint(name, among: CategoryWords.known)); "
            + "places are named as stops in the embedded city or an imported one")
      }
      if PlaceName.named(name, in: places).isEmpty {
        // A misspelt category is meant more often than a misspelt name.
        if let category = NearestWord.suggest(name, among: CategoryWords.known) {
          throw ItineraryError(
            .usage, "unknown category '\(name)' (did you mean \(category)?)")
        }
        if PlaceName.nearlyNamed(name, in: places).isEmpty {
          let categories = CategoryVocabulary.standard.categories.map(\.name)
          throw ItineraryError(
            .usage,
            "unknown category or place '\(name)' (nearest places: "
              + PlaceName.nearest(name, in: places).joined(separator: ", ")
              + "; categories: \(categories.joined(separator: ", ")))")
        }
      }
      stops.append(.place(try PlaceName.resolve(name, role: "stop", in: places)))
    }
    return stops
  }
}
