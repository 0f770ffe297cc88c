import Foundation
import ItineraryCore

/// What time "now" is: the system clock, or the instant `ITINERARY_NOW`
/// names, so that a batch, a replay or a test plans "now" the same way on
/// every run.
public enum WallClock {
  /// The variable that pins "now": `2026-12-01T12:00` (UTC).
  public static let variable = "ITINERARY_NOW"

  /// The pinned instant when the environment names one, else the clock.
  ///
  /// - Throws: `.usage` when the variable is set but is no such time.
  public static func now(_ environment: [String: String]) throws(ItineraryError) -> Date {
    guard let text = environment[variable] else { return Date() }
    do throws(ItineraryError) {
      return try LocalDateTime(parsing: text).instant(in: .gmt)
    } catch {
      throw ItineraryError(.usage, "\(variable): \(error.message) (a UTC time)")
    }
  }
}
