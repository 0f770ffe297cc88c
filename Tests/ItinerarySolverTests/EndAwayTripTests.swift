import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// Trips whose days end at a point of their own (`Exploration.end`) against
/// the brute force, which walks each day's last leg to that point: the
/// exact solver reaches its optimum and proves it, and the heuristic's trips
/// are feasible and no better.
@Suite struct EndAwayTripTests {
  @Test(arguments: 500..<530)
  func exactAgreesWithBruteForce(seed: UInt64) throws {
    let days = seed % 3 == 0 ? 2 : 1
    let trip = RandomTrips.make(
      seed: seed, places: days == 2 ? 6 : 8, days: days, shaped: seed % 4 == 1, endsAway: true)
    let expected = RandomTrips.bruteForce(trip)
    let result = try #require(TripSolver.solve(trip.problem, options: SolveOptions(seed: seed)))
    print("seed \(seed): \(days) days, optimum \(expected), found \(result.objective)")
    try TripTests.expectProvenOptimum(result, expected, trip)
    let end = try #require(trip.problem.exploration?.end)
    #expect(result.days.allSatisfy { !$0.contains { $0.place == end } })
  }

  /// The way home of a route is measured to the end point, from every
  /// place; an empty day (the origin to itself) has no legs.
  @Test func theWayHomeGoesToTheEnd() throws {
    var trip = RandomTrips.make(seed: 7, places: 6, days: 1, endsAway: true)
    let far = Coordinate(lat: 60.19, lon: 24.99)
    let end = try #require(trip.problem.exploration?.end)
    trip.problem.places[end].coordinate = far
    let instance = try #require(TripInstance(trip.problem))
    try #require(instance.vertexCount > 1)
    #expect(instance.km(0, 0) == 0)
    for v in 1..<instance.vertexCount {
      let place = trip.problem.places[instance.places[v]].coordinate
      #expect(abs(instance.km(v, 0) - GreatCircle.distanceKm(place, far)) < 1e-9)
      #expect(abs(instance.km(0, v) - GreatCircle.distanceKm(trip.problem.origin, place)) < 1e-9)
    }
  }

  @Test(arguments: 540..<560)
  func heuristicTripsAreFeasibleAndNoBetter(seed: UInt64) throws {
    let days = 1 + Int(seed % 2)
    let trip = RandomTrips.make(
      seed: seed, places: days == 2 ? 6 : 8, days: days, endsAway: true)
    let instance = try #require(TripInstance(trip.problem))
    let found = OrienteeringHeuristic(instance: instance).solve(
      seed: seed, until: Deadline(after: .seconds(5)), patience: 50)
    let stops = found.routes.map { route in
      route.map { Plan.Stop(category: instance.categories[$0], place: instance.places[$0]) }
    }
    let checked = try #require(RandomTrips.value(of: stops, trip))
    #expect(abs(checked - found.score) < 1e-6)
    #expect(found.score <= RandomTrips.bruteForce(trip) + 1e-6)
  }
}
