import ItineraryCore

/// A plan's candidates shaped as the person asked: a place named among the
/// stops is a category only it fills (`PinnedLayer`), an avoided place is
/// no candidate, and an end point is a last stop only it fills.
enum ShapeStep {
  /// The problem's categories, in visiting order, and its places.
  ///
  /// - Parameters:
  ///   - avoided: the ids of places never visited.
  ///   - finish: the end point as a place (`PinnedLayer.finishPlace`).
  /// - Throws: `.usage` for a place both named as a stop and avoided.
  /// - Complexity: O(n * s) for n candidates and s stops.
  static func layers(
    _ stops: [StopWords.Stop], candidates: Candidates, avoided: Set<String>, finish: Place?
  ) throws(ItineraryError) -> (categories: [String], places: [Place]) {
    var places = candidates.places.filter { !avoided.contains($0.id) }
    var categories: [String] = []
    for stop in stops {
      switch stop {
      case .category(let category):
        if candidates.categories.contains(category.name) { categories.append(category.name) }
      case .place(let place):
        if avoided.contains(place.id) {
          throw ItineraryError(.usage, "\(place.name) (\(place.id)) is both a stop and avoided")
        }
        let layer = PinnedLayer.name(of: place)
        categories.append(layer)
        if let index = places.firstIndex(where: { $0.id == place.id }) {
          places[index].categories.append(layer)
        } else {
          var pinned = place
          pinned.categories.append(layer)
          places.append(pinned)
        }
      }
    }
    if let finish {
      categories.append(PinnedLayer.finish)
      places.append(finish)
    }
    return (categories, places)
  }

  /// The ids of the places `words` name among `city`.
  ///
  /// - Throws: `.usage` for a word naming several places or none.
  /// - Complexity: that of `PlaceName.resolve` for each word.
  static func avoided(_ words: [String]?, in city: [Place]) throws(ItineraryError) -> Set<String> {
    var ids: Set<String> = []
    for word in words ?? [] {
      ids.insert(try PlaceName.resolve(word, role: "avoid", in: city).id)
    }
    return ids
  }
}
