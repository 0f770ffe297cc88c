import Foundation
import ItineraryCore
import ItineraryPlanning

/// The pieces of a found place as the tables write them.
enum PlaceText {
  /// The score and what it is: `map score 3.84`; `yelp score 4.12 (4.5 ★, 120)`
  /// with the rating it comes from; `score 3.84` from no known source.
  static func quality(_ place: FoundPlace) -> String {
    let score =
      scoreTitle(place.scoreSource.map { [$0] } ?? []) + String(format: " %.2f", place.score)
    guard let rating = place.rating else { return score }
    return score + String(format: " (%.1f ★", rating)
      + (place.reviewCount.map { ", \($0)" } ?? "") + ")"
  }

  /// What a column of scores holds: `map score` when every score comes from
  /// the map, `yelp score`, `foursquare score`; `score` for several sources or none.
  static func scoreTitle(_ sources: [ScoreSource]) -> String {
    guard let first = sources.first, sources.allSatisfy({ $0 == first }) else { return "score" }
    return "\(first.rawValue) score"
  }

  /// `open`, `closed`, or nothing when the hours do not say.
  static func open(_ place: FoundPlace) -> String {
    switch place.openNow {
    case true?: "open"
    case false?: "closed"
    case nil: ""
    }
  }

  /// `0.42 km, 5 min walk`, in the units asked for.
  static func distance(_ place: FoundPlace, units: DistanceUnit) -> String {
    guard let km = place.distanceKm else { return "" }
    return units.format(km: km) + ", " + PlanTable.duration(place.walkingMinutes ?? 0) + " walk"
  }
}
