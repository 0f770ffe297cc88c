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
        let bound = TripCompletionBound(
          instance, successors: DaySuccessors(instance), maxWork: maxWork)
        let value = bound.value(day: 0, at: 0, leaving: 0, after: 0)
        print(
          "seed \(seed), work \(maxWork), step \(bound.step): optimum \(optimum), bound \(value)")
        #expect(value >= optimum - 1e-9)
        if value < instance.scores.reduce(0, +) - 1e-9 { tighter += 1 }
      }
    }
    #expect(tighter >= 5)
  }

  /// On a benchmark file's route too, with fine steps and coarse ones.
  @Test func theBoundOfABenchmarkRouteIsNeverBelowItsOptimum() throws {
    for seed in UInt64(0)..<40 {
      let (orienteering, optimum) = try OrienteeringTests.solvedInstance(
        seed: seed, customers: 1 + Int(seed % 8), days: 1)
      let instance = TripInstance(orienteering, day: orienteering.days[0])
      for maxWork in [1 << 29, 1 << 8] {
        let bound = TripCompletionBound(
          instance, successors: DaySuccessors(instance), maxWork: maxWork)
        let value = bound.value(day: 0, at: 0, leaving: 0, after: 0)
        print("seed \(seed), step \(bound.step): optimum \(optimum), bound \(value)")
        #expect(value >= optimum - 1e-9)
      }
    }
  }

  /// Two places a minute apart, far from the origin, with all day to go
  /// back and forth: were walks allowed to turn straight back, the bound
  /// would collect the two scores over and over.
  @Test func aWalkNeverTurnsStraightBack() throws {
    let travel = [
      0, 50, 50,
      50, 0, 1,
      50, 1, 0,
    ]
    let orienteering = try #require(
      OrienteeringInstance(
        scores: [0, 10, 7], durations: [0, 1, 1], opens: [0, 0, 0], closes: [1000, 1000, 1000],
        travel: travel, days: [OrienteeringDay(start: 0, end: 1000)]))
    let instance = TripInstance(orienteering, day: orienteering.days[0])
    let bound = TripCompletionBound(
      instance, successors: DaySuccessors(instance), maxWork: 1 << 20)
    #expect(bound.step == 1)
    #expect(bound.value(day: 0, at: 0, leaving: 0, after: 0) == 17)
    #expect(bound.value(day: 0, at: 1, leaving: 60, after: 0) == 7)
    #expect(bound.value(day: 0, at: 1, leaving: 60, after: 2) == 0)
    // A walk barred from the vertex it would go on to takes the next best.
    #expect(bound.value(day: 0, at: 1, leaving: 60, avoiding: { _ in false }) == 7)
    #expect(bound.value(day: 0, at: 1, leaving: 60, avoiding: { $0 == 2 }) == 0)
    #expect(bound.value(day: 0, at: 0, leaving: 0, avoiding: { $0 == 1 }) == 17)
  }
}
