import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// What the schedule says an insertion does against living through the
/// route again with `TripInstance.evaluate`: the same answer to whether it
/// fits, the same finish and value up to rounding, for every place not on a
/// route and every position, on seeded trips with opening hours (one or two
/// intervals, or unknown), dwell, a waiting price and up to two days; from
/// seed 40 on, a person's day with restaurants as meals.
@Suite struct TripRouteScheduleTests {
  @Test(arguments: 0..<70)
  func insertionsAgreeWithLivingThroughTheRoute(seed: UInt64) throws {
    print("schedule seed \(seed)")
    let days = 1 + Int(seed % 2)
    let trip = RandomTrips.make(seed: seed, places: 12, days: days, shaped: seed >= 40)
    let instance = try #require(TripInstance(trip.problem))
    var random = SplitMix64(seed: seed &+ 1)
    var checked = (fits: 0, late: 0)
    for day in 0..<instance.dayCount {
      // A route grown by random insertions that fit, checked at every size.
      var route: [Int] = []
      for _ in 0..<40 {
        let schedule = try #require(TripRouteSchedule(instance, route: route, day: day))
        let full = try #require(instance.evaluate(route, day: day))
        #expect(schedule.finish == full.finish && abs(schedule.value - full.value) < 1e-9)
        var fitting: [(Int, Int)] = []
        for vertex in 1..<instance.vertexCount where !route.contains(vertex) {
          for position in 0...route.count {
            var longer = route
            longer.insert(vertex, at: position)
            let expected = instance.evaluate(longer, day: day)
            let found = schedule.inserting(vertex, at: position)
            #expect((found == nil) == (expected == nil), "seed \(seed) \(longer)")
            guard let found, let expected else {
              checked.late += 1
              continue
            }
            checked.fits += 1
            #expect(abs(found.finish - expected.finish) < 1e-9, "seed \(seed) \(longer)")
            #expect(abs(found.value - expected.value) < 1e-9, "seed \(seed) \(longer)")
            fitting.append((vertex, position))
          }
        }
        guard !fitting.isEmpty else { break }
        let (vertex, position) = fitting[random.below(fitting.count)]
        route.insert(vertex, at: position)
      }
    }
    print("seed \(seed): \(checked.fits) insertions fit, \(checked.late) do not")
    #expect(checked.fits > 0 && checked.late > 0)
  }
}
