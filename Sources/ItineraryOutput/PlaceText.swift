import Foundation
import ItineraryCore
import ItineraryPlanning

/// The pieces of a found place as the tables write them.
enum PlaceText {
  /// `4.3 ★ (120)` for a rating, `score 3.84` without one.
  static func quality(_ place: FoundPlace) -> String {
    if let rating = place.rating {
      return String(format: "%.1f ★", rating) + (place.reviewCount.map { " (\($0))" } ?? "")
    }
    return String(format: "score %.2f", place.score)
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
