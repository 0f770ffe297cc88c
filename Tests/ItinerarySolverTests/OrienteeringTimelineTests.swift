import ItineraryCore
import Testing

@testable import ItinerarySolver

/// The timeline's checks on seeded random routes, against the routes timed
/// again whole (`OrienteeringInstance.visitStarts`).
@Suite struct OrienteeringTimelineTests {
  /// A seeded instance, its day and a route on time that day, grown by
  /// vertices put at random places while the route stays on time.
  static func routed(seed: Int) throws -> (OrienteeringInstance, OrienteeringDay, [Int]) {
    let seed = UInt64(seed) &* 40_503 &+ 7
    print("orienteering seed \(seed)")
    let instance = try #require(OrienteeringTests.instance(seed: seed, customers: 14, days: 2))
    let day = instance.days[Int(seed % 2)]
    var random = SplitMix64(seed: seed)
    var route: [Int] = []
    for vertex in (1..<instance.vertexCount).shuffled(using: &random) {
      var longer = route
      longer.insert(vertex, at: random.below(route.count + 1))
      if instance.visitStarts(of: longer, day: day) != nil { route = longer }
    }
    return (instance, day, route)
  }

  /// Whether `vertex` fits `route` somewhere, timed whole.
  static func fits(
    _ vertex: Int, _ route: [Int], _ day: OrienteeringDay, _ instance: OrienteeringInstance
  ) -> Bool {
    (0...route.count).contains { at in
      var longer = route
      longer.insert(vertex, at: at)
      return instance.visitStarts(of: longer, day: day) != nil
    }
  }

  /// The cheapest insertion finds a place exactly when one fits, and the
  /// place it finds fits.
  @Test(arguments: 0..<40)
  func cheapestInsertionFindsAPlaceWhenOneFits(seed: Int) throws {
    let (instance, day, route) = try Self.routed(seed: seed)
    let timeline = OrienteeringTimeline(
      instance, route, day: try #require(instance.days.firstIndex(of: day)))
    for vertex in 1..<instance.vertexCount where !route.contains(vertex) {
      let insertion = timeline.cheapestInsertion(of: vertex, instance)
      #expect((insertion != nil) == Self.fits(vertex, route, day, instance), "vertex \(vertex)")
      if let insertion {
        var longer = route
        longer.insert(vertex, at: insertion.at)
        #expect(instance.visitStarts(of: longer, day: day) != nil, "vertex \(vertex)")
      }
    }
  }

  /// A vertex that fits the route once a visit is out is never ruled out
  /// for that visit; over all the seeds, most of those that do not fit are.
  @Test func aVisitTakenOutRulesOutOnlyVerticesThatCannotFit() throws {
    var (unfit, ruledOut) = (0, 0)
    for seed in 0..<40 {
      let (instance, day, route) = try Self.routed(seed: seed)
      let timeline = OrienteeringTimeline(
        instance, route, day: try #require(instance.days.firstIndex(of: day)))
      let removals = try #require(timeline.removals(instance))
      var mayFit: [Bool] = []
      for vertex in 1..<instance.vertexCount where !route.contains(vertex) {
        timeline.mayFitWithout(vertex, removals, instance, into: &mayFit)
        #expect(mayFit.count == route.count)
        for k in route.indices {
          var shorter = route
          shorter.remove(at: k)
          guard instance.visitStarts(of: shorter, day: day) != nil else { continue }
          if Self.fits(vertex, shorter, day, instance) {
            #expect(mayFit[k], "seed \(seed), vertex \(vertex) without visit \(k)")
          } else {
            unfit += 1
            if !mayFit[k] { ruledOut += 1 }
          }
        }
      }
    }
    print("ruled out \(ruledOut) of \(unfit) that cannot fit")
    #expect(unfit > 0)
    #expect(ruledOut * 2 > unfit)
  }
}
