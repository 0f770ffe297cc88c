import ItineraryCore

/// The order of search results, one rule for every front end.
///
/// - `relevance`: how well the name matches the text (see `TextMatch`),
///   then the value of visiting the place alone, as the planner prices it
///   on foot: `score - 0.5 * km`; then nearest.
/// - `rating`: highest `Scoring.score` first, then more reviews (a rating
///   more people agree on), then nearest.
/// - `distance`: nearest first, then highest score.
///
/// Remaining ties go by name, then by id. (Map scores of one source never
/// tie: `ScoreTies` has told them apart.)
enum SearchRanking {
  /// A candidate result with what it is ordered by.
  struct Entry {
    var place: Place
    var distanceKm: Double
    /// Lower is better; 0 without text.
    var match: Int
    var score: Double { Scoring.score(of: place) }
    var reviews: Int { place.reviewCount ?? 0 }
    var value: Double { score - TravelMode.walk.defaultDistanceWeight * distanceKm }
  }

  /// `entries` in the order `sort` gives.
  ///
  /// - Complexity: O(n log n) for n entries.
  static func ordered(_ entries: [Entry], by sort: SearchSort) -> [Entry] {
    func key(_ entry: Entry) -> [Double] {
      switch sort {
      case .relevance: [Double(entry.match), -entry.value, entry.distanceKm]
      case .rating: [-entry.score, -Double(entry.reviews), entry.distanceKm]
      case .distance: [entry.distanceKm, -entry.score]
      }
    }
    return entries.map { (entry: $0, key: key($0)) }.sorted { a, b in
      if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
      return (a.entry.place.name, a.entry.place.id) < (b.entry.place.name, b.entry.place.id)
    }.map(\.entry)
  }
}
