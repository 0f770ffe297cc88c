import ItineraryCore
import ItineraryTestSupport
import Testing

@testable import ItinerarySolver

/// Beam search for one orienteering route, and the first trip built from
/// it, on the seeded instances of `OrienteeringTests`, checked by that
/// suite's own timeline reading and brute force.
@Suite struct OrienteeringBeamSearchTests {
  /// A beam wide enough to keep every partial route (at most n * 2^n of
  /// them, one per last vertex and set of visits) misses nothing: it finds
  /// the optimum, whatever the weight of time.
  @Test(arguments: 0..<40)
  func aWideEnoughBeamIsExact(seed: Int) throws {
    let seed = UInt64(seed) &* 6151 &+ 5
    print("beam seed \(seed)")
    let instance = try #require(
      OrienteeringTests.instance(seed: seed, customers: 1 + Int(seed % 8), days: 1))
    let day = instance.days[0]
    let found = OrienteeringBeamSearch.bestRoute(
      instance, day: day, width: 1 << 13, valueOfTime: Double(seed % 3) / 100,
      successors: OrienteeringSuccessors(instance), deadline: Deadline(after: .seconds(30)))
    #expect(found.score == OrienteeringTests.bruteForce(instance))
    OrienteeringTests.expectTrip([found.route], worth: found.score, in: instance)
  }

  /// Narrow beams may miss the optimum but never give a late route.
  @Test(arguments: 0..<30)
  func narrowBeamsStayOnTime(seed: Int) throws {
    let seed = UInt64(seed) &* 3571 &+ 17
    print("beam seed \(seed)")
    var random = SplitMix64(seed: seed)
    let instance = try #require(OrienteeringTests.instance(seed: seed, customers: 40, days: 1))
    let found = OrienteeringBeamSearch.bestRoute(
      instance, day: instance.days[0], width: 1 + random.below(20), valueOfTime: 0.01,
      successors: OrienteeringSuccessors(instance), deadline: Deadline(after: .seconds(30)))
    #expect(!found.route.isEmpty)
    #expect(!found.complete)
    OrienteeringTests.expectTrip([found.route], worth: found.score, in: instance)
  }

  @Test func aPassedDeadlineGivesTheEmptyRoute() throws {
    let instance = try #require(OrienteeringTests.instance(seed: 9, customers: 20, days: 1))
    let found = OrienteeringBeamSearch.bestRoute(
      instance, day: instance.days[0], width: 100, valueOfTime: 0.01,
      successors: OrienteeringSuccessors(instance), deadline: Deadline(after: .zero))
    #expect(found.route.isEmpty)
    #expect(found.score == 0)
  }
}

extension OrienteeringBeamSearchTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    /// The calibrated, widening search is on time, and on small instances,
    /// where a beam soon keeps every partial route, it is exact (it stops
    /// there, long before its deadline).
    @Test(arguments: 0..<20)
    func theWideningSearchIsOnTimeAndExactWhenSmall(seed: Int) throws {
      let seed = UInt64(seed) &* 7727 &+ 1
      print("beam seed \(seed)")
      for customers in [6, 30 + Int(seed % 30)] {
        let instance = try #require(
          OrienteeringTests.instance(seed: seed, customers: customers, days: 1))
        let route = OrienteeringBeamSearch.route(
          instance, day: instance.days[0], successors: OrienteeringSuccessors(instance),
          until: Deadline(after: .milliseconds(customers == 6 ? 30_000 : 300)))
        #expect(OrienteeringTests.isTrip([route], instance))
        if customers == 6 {
          #expect(instance.score([route]) == OrienteeringTests.bruteForce(instance))
        }
      }
    }
  }
}
