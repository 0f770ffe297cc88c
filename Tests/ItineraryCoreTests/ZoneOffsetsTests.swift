import Foundation
import Testing

@testable import ItineraryCore

/// Offsets kept in runs are those ICU gives, for instants met in any order,
/// around transitions, and in zones whose offsets changed for good.
@Suite struct ZoneOffsetsTests {
  static let zones = [
    "Europe/Helsinki", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe",
    "Africa/Casablanca", "Asia/Tehran", "UTC", "Pacific/Chatham", "America/Sao_Paulo",
    "Europe/Volgograd", "America/Caracas", "Pacific/Apia", "Europe/Moscow", "America/St_Johns",
  ]

  @Test(arguments: zones) func offsetsAreThoseOfTheZone(_ identifier: String) throws {
    let zone = try #require(TimeZone(identifier: identifier))
    let seed = UInt64(identifier.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 0xFFFF)
    print("ZoneOffsetsTests \(identifier) seed \(seed)")
    var generator = SplitMix64(seed: seed)
    // 1990 to 2040, at random and then just around every transition.
    var instants = (0..<2_000).map { _ in
      Int.random(in: 631_152_000...2_208_988_800, using: &generator)
    }
    var transition = zone.nextDaylightSavingTimeTransition(
      after: Date(timeIntervalSince1970: 631_152_000))
    while let date = transition, date.timeIntervalSince1970 < 2_208_988_800 {
      let at = Int(date.timeIntervalSince1970)
      instants += [at - 86_400, at - 1, at, at + 1, at + 3_600]
      transition = zone.nextDaylightSavingTimeTransition(after: date)
    }
    instants.shuffle(using: &generator)
    for instant in instants {
      let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
      #expect(zone.offset(at: instant) == expected, "\(identifier) at \(instant)")
    }
  }
}
