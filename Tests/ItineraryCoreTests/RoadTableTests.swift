import ItineraryCore
import Testing

/// Legs, distances and objectives on a road table, and what it refuses.
@Suite struct RoadTableTests {
  /// The origin and two places; the road from A to B is longer than back,
  /// and B has no road back to the origin.
  static func table() throws -> RoadTable {
    try RoadTable(
      kilometres: [[0, 1, 2], [1.5, 0, 3], [nil, 2.5, 0]],
      minutes: [[0, 10, 20], [15, 0, 30], [nil, 25, 0]], source: "test")
  }

  static func problem(roundTrip: Bool) throws -> Problem {
    Problem(
      origin: Coordinate(lat: 0, lon: 0), categories: ["a", "b"],
      places: [
        Place(
          id: "A", name: "A", categories: ["a"], coordinate: Coordinate(lat: 0, lon: 0.01),
          score: 4),
        Place(
          id: "B", name: "B", categories: ["b"], coordinate: Coordinate(lat: 0, lon: 0.02),
          score: 3),
      ], distanceWeight: 0.5, roundTrip: roundTrip, roads: try table())
  }

  @Test func legsDistancesAndTimesComeFromTheTable() throws {
    let problem = try Self.problem(roundTrip: false)
    let plan = Plan(places: [0, 1])
    #expect(problem.legsKm(of: plan) == [1, 3])
    #expect(problem.legsMinutes(of: plan) == [10, 30])
    #expect(problem.distanceKm(of: plan) == 4)
    #expect(problem.objective(of: plan) == 7 - 0.5 * 4)
    #expect(problem.isFeasible(plan))
  }

  @Test func aLegWithNoRoadMakesThePlanInfeasible() throws {
    let problem = try Self.problem(roundTrip: true)
    let plan = Plan(places: [0, 1])
    #expect(problem.legsKm(of: plan) == [1, 3, .infinity])
    #expect(problem.objective(of: plan) == -.infinity)
    #expect(!problem.isFeasible(plan))
  }

  @Test func greatCircleLegsHaveNoTimes() throws {
    var problem = try Self.problem(roundTrip: false)
    problem.roads = nil
    let plan = Plan(places: [0, 1])
    #expect(problem.legsMinutes(of: plan) == nil)
    #expect(problem.legKm(from: .origin, to: .place(1)) ?? 0 > 2.2)
  }

  @Test func malformedTablesAreRefused() throws {
    #expect(throws: ItineraryError.self) {
      try RoadTable(kilometres: [[0, 1], [1]], minutes: [[0, 1], [1, 0]], source: "test")
    }
    #expect(throws: ItineraryError.self) {
      try RoadTable(kilometres: [[0, -1], [1, 0]], minutes: [[0, 1], [1, 0]], source: "test")
    }
    #expect(throws: ItineraryError.self) {
      try RoadTable(
        kilometres: [[0, 1], [1, 0]], minutes: [[0, .nan], [1, 0]], source: "test")
    }
    var problem = try Self.problem(roundTrip: false)
    problem.places.removeLast()
    #expect(throws: ItineraryError.self) { try problem.validate() }
  }
}
