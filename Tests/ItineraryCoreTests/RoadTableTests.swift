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

  /// Three kept points on a line 1 km apart, the middle one with no road to
  /// the first.
  static let kept = KeptLegs(
    count: 3, kilometres: [0, 1, 2, .infinity, 0, 1, 2, 1, 0])

  /// A table that reads kept legs gives each leg as the whole table of the
  /// same numbers does, and times at its speed.
  @Test func aTableOfKeptLegsIsTheWholeTableOfTheSameLegs() throws {
    let read = try RoadTable(
      kept: Self.kept, points: [2, 1], fromOrigin: [0.5, .infinity], toOrigin: [0.5, 1.5],
      speedKmh: 1, source: "test")
    let kilometres: [[Double?]] = [[0, 0.5, nil], [0.5, 0, 1], [1.5, 1, 0]]
    let whole = try RoadTable(
      kilometres: kilometres, minutes: [[0, 30, nil], [30, 0, 60], [90, 60, 0]], source: "test")
    #expect(read == whole)
    #expect(read.distanceKm(from: .origin, to: .place(1)) == nil)
    #expect(read.minutes(from: .place(0), to: .place(1)) == 60)
    let other = try RoadTable(
      kilometres: kilometres, minutes: [[0, 30, nil], [30, 0, 61], [90, 60, 0]], source: "test")
    #expect(read != other)
    let noRoadToTheFirst = try RoadTable(
      kept: Self.kept, points: [1, 0], fromOrigin: [1, 1], toOrigin: [1, 1], speedKmh: 1,
      source: "test")
    #expect(noRoadToTheFirst.distanceKm(from: .place(0), to: .place(1)) == nil)
  }

  @Test func keptLegsThatDoNotFitAreRefused() {
    let cases: [(points: [Int], from: [Double], to: [Double], speed: Double)] = [
      ([0, 1], [1], [1, 1], 5),
      ([0, 1], [1, -1], [1, 1], 5),
      ([0, 1], [1, .nan], [1, 1], 5),
      ([0, 3], [1, 1], [1, 1], 5),
      ([0, 1], [1, 1], [1, 1], 0),
      ([0, 1], [1, 1], [1, 1], .infinity),
    ]
    for (points, from, to, speed) in cases {
      #expect(throws: ItineraryError.self, "\(points) \(from) \(to) \(speed)") {
        try RoadTable(
          kept: Self.kept, points: points, fromOrigin: from, toOrigin: to, speedKmh: speed,
          source: "test")
      }
    }
  }
}
