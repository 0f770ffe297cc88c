import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// The completion bound from the origin at the start of the trip is an
/// upper bound: never below the brute force's optimum, with one-minute
/// steps and with coarse ones. Places may repeat in it, so it can pass the
/// sum of every score, but the hours and the kilometres keep it below that
/// on some trips.
@Suite struct TripCompletionBoundTests {
  @Test func theBoundFromTheOriginIsNeverBelowTheOptimum() throws {
    var tighter = 0
    for seed in UInt64(0)..<40 {
      let days = seed % 3 == 0 ? 2 : 1
      let trip = RandomTrips.make(seed: seed, places: days == 2 ? 6 : 8, days: days)
      let instance = try #require(TripInstance(trip.problem))
      let optimum = RandomTrips.bruteForce(trip)
      for maxWork in [1 << 22, 1 << 10] {
        let bound = TripCompletionBound(instance, maxWork: maxWork)
        let value = bound.value(day: 0, at: 0, leaving: 0, after: 0)
        print(
          "seed \(seed), work \(maxWork), step \(bound.step): optimum \(optimum), bound \(value)")
        #expect(value >= optimum - 1e-9)
        if value < instance.scores.reduce(0, +) - 1e-9 { tighter += 1 }
      }
    }
    #expect(tighter >= 5)
  }
}
