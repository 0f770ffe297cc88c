import Foundation
import ItineraryCore
import ItineraryPlaces
import Testing

@testable import ItineraryPlanning

/// A saved plan changed at one stop: every other stop stays, stop N is
/// another place of its category, and the new plan is the best of the
/// plans that pin every stop, stop N to each candidate of its category in
/// turn (a brute force over them, each planned on its own).
@Suite struct ReplanTests {
  static func planned() throws -> PlanResponse {
    var request = PlanRequest(categories: ["museum", "cafe", "park"])
    request.anytime = true
    request.radius = 1
    request.top = 1
    return try ShapingTests.pipeline.plan(request)
  }

  @Test(arguments: [1, 2, 3])
  func theReplannedPlanIsTheBestOverTheStopsCandidates(number: Int) throws {
    let old = try Self.planned()
    let stops = try #require(old.plans.first).stops
    let request = try Replan.request(from: old, replacing: number)
    let new = try #require(try ShapingTests.pipeline.plan(request).plans.first)
    let replaced = stops[number - 1]
    #expect(new.stops.count == stops.count)
    for (index, stop) in stops.enumerated() where index != number - 1 {
      #expect(new.stops[index].id == stop.id)
    }
    #expect(new.stops[number - 1].id != replaced.id)
    #expect(new.stops[number - 1].category == replaced.category)
    // The brute force: each other place of the category within the radius.
    let kept = Set(stops.map(\.id))
    let candidates = EmbeddedCity.helsinki.places.filter { place in
      place.categories.contains(replaced.category) && !kept.contains(place.id)
        && GreatCircle.distanceKm(old.origin, place.coordinate) <= 1
    }
    var best = -Double.infinity
    var bestID = ""
    for candidate in candidates {
      var pinned = PlanRequest(
        categories: stops.enumerated().map {
          $0.offset == number - 1 ? candidate.id : $0.element.id
        })
      pinned.anytime = true
      pinned.radius = 1
      pinned.top = 1
      guard let plan = try? ShapingTests.pipeline.plan(pinned).plans.first else { continue }
      if plan.objective > best { (best, bestID) = (plan.objective, candidate.id) }
    }
    print(
      "stop \(number): \(candidates.count) candidates, brute force \(best) (\(bestID)), "
        + "replan \(new.objective) (\(new.stops[number - 1].id))")
    #expect(abs(new.objective - best) < 1e-6)
  }

  @Test func aStopOutOfRangeOrATripIsBadUsage() throws {
    let old = try Self.planned()
    for number in [0, 4] {
      let error = try #require(throws: ItineraryError.self) {
        try Replan.request(from: old, replacing: number)
      }
      #expect(error.kind == .usage && error.message.contains("1 to 3"))
    }
    var trip = old
    trip.request = RequestEcho(explore: PlanRequest(categories: []))
    #expect(throws: ItineraryError.self) { try Replan.request(from: trip, replacing: 1) }
  }
}
