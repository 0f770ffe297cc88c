import ItineraryCore
import ItinerarySolver
import Testing

/// The way back made free where it cannot make a route late: the same
/// routes are on time, on every day, as in the instance it comes from.
@Suite struct OrienteeringFreeReturnsTests {
  /// Every route of up to four visits, on every day of seeded instances
  /// whose days end at different times (so that some ways back bind and
  /// some do not): on time in both instances or in neither.
  @Test(arguments: 0..<8)
  func theSameRoutesAreOnTime(seed: Int) throws {
    let seed = UInt64(seed) &+ 6000
    print("orienteering seed \(seed)")
    let instance = try #require(OrienteeringTests.instance(seed: seed, customers: 7, days: 3))
    let free = instance.withFreeReturns()
    var freed = 0
    for vertex in 1..<instance.vertexCount where free.travel(vertex, 0) < instance.travel(vertex, 0)
    {
      #expect(free.travel(vertex, 0) == 0)
      freed += 1
    }
    var routes: [[Int]] = [[]]
    var checked = 0
    var onTime = 0
    while let route = routes.popLast() {
      for day in instance.days {
        let expected = OrienteeringTests.onTime(route, day: day, instance)
        #expect(OrienteeringTests.onTime(route, day: day, free) == expected, "\(route) \(day)")
        #expect((free.visitStarts(of: route, day: day) != nil) == expected)
        checked += 1
        if expected { onTime += 1 }
      }
      guard route.count < 4 else { continue }
      for vertex in 1..<instance.vertexCount where !route.contains(vertex) {
        routes.append(route + [vertex])
      }
    }
    print("\(freed) ways back freed, \(onTime) of \(checked) routes on time")
    #expect(freed > 0)
    #expect(onTime > 0 && onTime < checked)
  }

  /// A way back that can make a route late is kept: the vertex closes so
  /// late that a visit begun at the close would be back after the day.
  @Test func aWayBackThatBindsIsKept() throws {
    let instance = try #require(
      OrienteeringInstance(
        scores: [0, 5, 5], durations: [0, 10, 10], opens: [0, 0, 0], closes: [200, 50, 180],
        travel: [0, 20, 20, 20, 0, 30, 20, 30, 0], days: [OrienteeringDay(start: 0, end: 200)]))
    let free = instance.withFreeReturns()
    #expect(free.travel(1, 0) == 0)
    #expect(free.travel(2, 0) == 20)
    #expect(free.travel(0, 1) == 20 && free.travel(1, 2) == 30)
    let day = instance.days[0]
    // Vertex 2 begun at 175 is back at 205: late in both.
    let late = try #require(
      OrienteeringInstance(
        scores: [0, 5, 5], durations: [0, 10, 10], opens: [0, 0, 175], closes: [200, 50, 180],
        travel: [0, 20, 20, 20, 0, 30, 20, 30, 0], days: [day]))
    #expect(late.visitStarts(of: [2], day: day) == nil)
    #expect(late.withFreeReturns().visitStarts(of: [2], day: day) == nil)
  }
}
