import Foundation
import ItineraryCore

/// One line about an answer, for the lists of the history and of saved plans.
public enum Summary {
  /// `restaurant > park > art from 60.1699,24.9384: 3 plans, best 2.31 km`;
  /// a trip: `museum, cafe from 60.1699,24.9384: 2 days, 7 stops, 5.10 km`.
  public static func plan(_ response: PlanResponse) -> String {
    let stops = response.categories.joined(separator: separator(response))
    if let days = response.days {
      let visits = days.map(\.stops.count).reduce(0, +)
      let km = days.map(\.distanceKm).reduce(0, +)
      return "\(stops) from \(response.origin): \(days.count) day\(days.count == 1 ? "" : "s"), "
        + "\(visits) stop\(visits == 1 ? "" : "s"), " + String(format: "%.2f km", km)
    }
    let best = response.plans.first.map { String(format: ", best %.2f km", $0.distanceKm) } ?? ""
    let count = response.plans.count
    return "\(stops) from \(response.origin): \(count) plan\(count == 1 ? "" : "s")\(best)"
  }

  /// How a response's categories are listed: in order (`>`) for a ranked
  /// plan, as a set (`,`) for any order and for a trip's choices.
  public static func separator(_ response: PlanResponse) -> String {
    response.anyOrder || response.days != nil ? ", " : " > "
  }

  /// `restaurant "sushi" around 60.1699,24.9384: 4 of 12 places`.
  public static func search(_ response: SearchResponse) -> String {
    let what =
      response.categories.isEmpty ? "any place" : response.categories.joined(separator: ", ")
    let text = response.request.text.map { " \"\($0)\"" } ?? ""
    return "\(what)\(text) around \(response.origin): \(response.results.count) of "
      + "\(response.matched) places"
  }
}
