import Foundation
import ItineraryCore

/// Whether places are open at one instant, their hours read in one zone.
struct OpenNow {
  let instant: Date
  let timeZone: TimeZone

  /// `true` or `false` when the place's hours say, `nil` when they are
  /// missing, say nothing definite, or are not in a syntax we read.
  ///
  /// - Complexity: that of parsing and evaluating the hours over a few days.
  func state(of place: Place) -> Bool? {
    guard let text = place.openingHours, let hours = try? OpeningHours(text), !hours.isUnknown
    else { return nil }
    return hours.isOpen(at: instant, in: timeZone)
  }
}
