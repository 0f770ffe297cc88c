import ItineraryCore

/// The order of search results, one rule for every front end.
///
/// - `relevance`: how well the name matches the text (see `TextMatch`),
///   then the value of visiting the place alone, as the planner prices it
///   on foot: `score - 0.5 * km`; then nearest, then id.
/// - `rating`: highest `Scoring.score` first, then nearest, then id.
/// - `distance`: nearest first, then highest score, then id.
enum SearchRanking {
  /// A candidate result with what it is ordered by.
  struct Entry {
    var place: Place
    var distanceKm: Double
    /// Lower is better; 0 without text.
    var match: Int
    var score: Double { Scoring.score(of: place) }
    var value: Double { score - TravelMode.walk.defaultDistanceWeight * distanceKm }
  }

  /// `entries` in the order `sort` gives.
  ///
  /// - Complexity: O(n log n) for n entries.
  static func ordered(_ entries: [Entry], by sort: SearchSort) -> [Entry] {
    entries.sorted { a, b in
      switch sort {
      case .relevance:
        (a.match, -a.value, a.distanceKm, a.place.id) < (
          b.match, -b.value, b.distanceKm, b.place.id
        )
      case .rating:
        (-a.score, a.distanceKm, a.place.id) < (-b.score, b.distanceKm, b.place.id)
      case .distance:
        (a.distanceKm, -a.score, a.place.id) < (b.distanceKm, -b.score, b.place.id)
      }
    }
  }
}
