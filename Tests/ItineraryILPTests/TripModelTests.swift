import ItineraryCore
import ItineraryILP
import ItinerarySolver
import ItineraryWorkloads
import Testing

/// The trip's integer program against the brute force of `RandomTrips` and
/// against the solver: GLPK's best trip has the optimum's objective, and
/// lived through by the timeline it is feasible and worth what GLPK says.
@Suite struct TripModelTests {
  /// GLPK's best trip of `trip`, one route a day, and its objective; an
  /// issue when GLPK gives no optimum.
  static func best(_ trip: RandomTrips.Case, seed: UInt64) throws -> (
    instance: TripInstance, routes: [[Int]], objective: Double
  )? {
    let instance = try #require(TripInstance(trip.problem))
    guard case .optimal(let routes, let objective) = try TripModel.best(instance, until: nil)
    else {
      Issue.record("seed \(seed): GLPK gave no optimum")
      return nil
    }
    return (instance, routes, objective)
  }

  @Test(arguments: 0..<12)
  func glpkFindsTheBruteForceOptimum(seed: UInt64) throws {
    let days = seed % 3 == 0 ? 2 : 1
    let trip = RandomTrips.make(seed: seed, places: days == 2 ? 5 : 7, days: days)
    let expected = RandomTrips.bruteForce(trip)
    guard case let (instance, routes, objective)? = try Self.best(trip, seed: seed) else { return }
    print("seed \(seed): \(days) days, brute force \(expected), GLPK \(objective)")
    #expect(abs(objective - expected) < 1e-5)
    let lived = try #require(instance.value(of: routes), "seed \(seed): \(routes)")
    #expect(abs(lived - objective) < 1e-5)
    let solved = try #require(TripSolver.solve(trip.problem))
    #expect(abs(solved.objective - objective) < 1e-5)
  }

  /// The pace as rows: GLPK's best trip keeps it and is the brute force's.
  @Test(arguments: 20..<28)
  func underAPaceGLPKFindsTheBruteForceOptimum(seed: UInt64) throws {
    let trip = RandomTrips.make(seed: seed, places: 7, days: 1, maxStops: 2)
    guard case let (_, routes, objective)? = try Self.best(trip, seed: seed) else { return }
    #expect(abs(objective - RandomTrips.bruteForce(trip)) < 1e-5, "seed \(seed)")
    #expect(routes.allSatisfy { $0.count <= 2 }, "seed \(seed)")
  }

  /// A person's day as rows and columns: meals in their windows, the
  /// variety penalty and worth by time give GLPK the brute force's optimum.
  /// (The model may begin a meal in a later window than the trip would; on
  /// these trips that never pays.)
  @Test(arguments: 300..<312)
  func aPersonsDayGivesGLPKTheBruteForceOptimum(seed: UInt64) throws {
    let days = seed % 3 == 0 ? 2 : 1
    let trip = RandomTrips.make(seed: seed, places: days == 2 ? 5 : 7, days: days, shaped: true)
    let expected = RandomTrips.bruteForce(trip)
    guard case let (instance, routes, objective)? = try Self.best(trip, seed: seed) else { return }
    print(
      "seed \(seed): meal bonus \(instance.mealBonus), brute force \(expected), GLPK \(objective)")
    #expect(abs(objective - expected) < 1e-5, "seed \(seed)")
    let lived = try #require(instance.value(of: routes), "seed \(seed): \(routes)")
    #expect(abs(lived - objective) < 1e-5, "seed \(seed)")
  }

  /// Must places as rows: GLPK's best trip visits them all and is the
  /// brute force's best among the trips that do, as is the solver's; where
  /// no trip does, GLPK's trip leaves one out.
  @Test(arguments: 500..<512)
  func mustPlacesGiveGLPKTheBruteForceOptimum(seed: UInt64) throws {
    var trip = RandomTrips.make(seed: seed, places: 6, days: 1, shaped: seed % 2 == 0)
    let must: Set<Int> = [Int(seed % 6), Int(seed / 3 % 6)]
    trip.problem.exploration?.must = must.sorted()
    let expected = RandomTrips.bruteForce(trip, must: must)
    guard case let (instance, routes, objective)? = try Self.best(trip, seed: seed) else { return }
    print(
      "seed \(seed): must \(must.sorted()), brute force \(String(describing: expected)), GLPK \(objective)"
    )
    let visited = Set(routes.joined().map { instance.places[$0] })
    guard let expected else {
      // No vertex for a place no day can hold, no trip at all otherwise.
      #expect(!must.isSubset(of: visited), "seed \(seed)")
      return
    }
    #expect(abs(objective - expected) < 1e-5, "seed \(seed)")
    #expect(must.isSubset(of: visited), "seed \(seed)")
    let solved = try #require(TripSolver.solve(trip.problem))
    #expect(abs(solved.objective - objective) < 1e-5, "seed \(seed)")
  }

  @Test func tooManyPlacesAreNotModelled() throws {
    let trip = RandomTrips.make(seed: 1, places: TripModel.maxPlaces + 20, days: 1)
    let instance = try #require(TripInstance(trip.problem))
    try #require(instance.vertexCount - 1 > TripModel.maxPlaces)
    guard case .tooLarge = try TripModel.best(instance, until: nil) else {
      Issue.record("a model was built for \(instance.vertexCount - 1) places")
      return
    }
  }
}
