import ItineraryCore

/// Which places count as top destinations, the rule `nearest` follows.
///
/// Of a category's n places in the pool searched, a place is a top
/// destination when its score (`Scoring.score`) reaches that of the
/// category's `ceil(n / 10)`-th best place (the top tenth, ties included)
/// and beats the category's median, the score of its `ceil(n / 2)`-th best
/// place (so that a tie with the ordinary places does not make a place top).
/// Without a category, a place is a top destination when it is one for any
/// of its categories.
struct TopDestinations {
  /// The lowest score of the top tenth, and the median, by lower-cased category name.
  let thresholds: [String: (decile: Double, median: Double)]

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
      return (sorted[(sorted.count + 9) / 10 - 1], sorted[(sorted.count + 1) / 2 - 1])
    }
  }

  /// Whether `place` is a top destination of `category`, or of any of its
  /// categories when `category` is `nil`.
  func isTop(_ place: Place, of category: String? = nil) -> Bool {
    let score = Scoring.score(of: place)
    let categories = category.map { [$0] } ?? place.categories
    return categories.contains { name in
      guard place.isEligible(for: name), let bar = thresholds[name.lowercased()] else {
        return false
      }
      return score >= bar.decile && score > bar.median
    }
  }
}
