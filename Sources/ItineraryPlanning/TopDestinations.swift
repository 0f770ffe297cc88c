import ItineraryCore

/// Which places count as top destinations, the rule `nearest` follows.
///
/// A place is a top destination of a category when its score
/// (`Scoring.score`) is at least that of the category's `ceil(n / 10)`-th
/// best place, n being the category's places in the pool searched: the top
/// decile, ties included, and never fewer than one place. Without a
/// category, a place is a top destination when it is one for any of its
/// categories.
struct TopDestinations {
  /// The lowest score of a top destination, by lower-cased category name.
  let thresholds: [String: Double]

  /// - Complexity: O(c * n log n) for n places and c categories each.
  init(_ places: [Place]) {
    var scores: [String: [Double]] = [:]
    for place in places {
      for category in Set(place.categories.map { $0.lowercased() }) {
        scores[category, default: []].append(Scoring.score(of: place))
      }
    }
    thresholds = scores.mapValues { list in
      let sorted = list.sorted(by: >)
      return sorted[(sorted.count + 9) / 10 - 1]
    }
  }

  /// Whether `place` is a top destination of `category`, or of any of its
  /// categories when `category` is `nil`.
  func isTop(_ place: Place, of category: String? = nil) -> Bool {
    let score = Scoring.score(of: place)
    let categories = category.map { [$0] } ?? place.categories
    return categories.contains { name in
      place.isEligible(for: name) && thresholds[name.lowercased()].map { score >= $0 } == true
    }
  }
}
