import ItineraryCore
import Testing

@testable import ItinerarySolver

/// The completion bound from the depot is never below the optimum, with
/// fine steps and coarse ones, and a walk in it never goes straight back
/// to the vertex it came from, nor on to one it may not visit.
@Suite struct OrienteeringCompletionBoundTests {
  @Test func theBoundFromTheDepotIsNeverBelowTheOptimum() throws {
    for seed in UInt64(0)..<40 {
      let (instance, optimum) = try OrienteeringTests.solvedInstance(
        seed: seed, customers: 1 + Int(seed % 8), days: 1)
      for maxWork in [1 << 29, 1 << 8] {
        let bound = OrienteeringCompletionBound(
          instance, day: instance.days[0], maxWork: maxWork)
        let value = bound.value(at: 0, leaving: instance.days[0].start, after: 0)
        print("seed \(seed), step \(bound.step): optimum \(optimum), bound \(value)")
        #expect(value >= optimum - 1e-9)
      }
    }
  }

  /// Two places a unit apart, far from the depot, with all day to go back
  /// and forth: were walks allowed to turn straight back, the bound would
  /// collect the two scores over and over.
  @Test func aWalkNeverTurnsStraightBack() throws {
    let travel = [
      0, 50, 50,
      50, 0, 1,
      50, 1, 0,
    ]
    let instance = try #require(
      OrienteeringInstance(
        scores: [0, 10, 7], durations: [0, 1, 1], opens: [0, 0, 0], closes: [1000, 1000, 1000],
        travel: travel, days: [OrienteeringDay(start: 0, end: 1000)]))
    let bound = OrienteeringCompletionBound(instance, day: instance.days[0], maxWork: 1 << 20)
    #expect(bound.step == 1)
    #expect(bound.value(at: 0, leaving: 0, after: 0) == 17)
    #expect(bound.value(at: 1, leaving: 60, after: 0) == 7)
    #expect(bound.value(at: 1, leaving: 60, after: 2) == 0)
    // A walk barred from the vertex it would go on to takes the next best.
    #expect(bound.value(at: 1, leaving: 60, avoiding: { _ in false }) == 7)
    #expect(bound.value(at: 1, leaving: 60, avoiding: { $0 == 2 }) == 0)
    #expect(bound.value(at: 0, leaving: 0, avoiding: { $0 == 1 }) == 17)
  }
}
