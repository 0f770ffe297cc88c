import Foundation
import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// Trips that must visit some places, on the seeded trips of `RandomTrips`
/// (plain and a person's day), against the brute force over every trip that
/// visits them all: the exact solver proves its optimum, its objective
/// leaves the bonus out, and when no trip visits them all its proven trip
/// leaves one out.
@Suite struct MustTripTests {
  /// One or two places drawn at random from `trip`'s, made musts.
  static func withMust(_ trip: RandomTrips.Case, seed: UInt64) -> (RandomTrips.Case, Set<Int>) {
    var random = SplitMix64(seed: seed &* 7919)
    var must: Set<Int> = []
    for _ in 0...random.below(2) { must.insert(random.below(trip.problem.places.count)) }
    var shaped = trip
    shaped.problem.exploration?.must = must.sorted()
    return (shaped, must)
  }

  /// Seed `seed`'s trip of one or two days, a person's day or plain, at a
  /// pace of two stops on every fourth, with its musts.
  static func mustTrip(seed: UInt64) -> (RandomTrips.Case, Set<Int>) {
    let days = seed % 3 == 0 ? 2 : 1
    return withMust(
      RandomTrips.make(
        seed: seed, places: days == 2 ? 6 : 8, days: days, maxStops: seed % 4 == 0 ? 2 : nil,
        shaped: seed % 2 == 0),
      seed: seed)
  }

  @Test(arguments: 400..<440)
  func exactAgreesWithBruteForce(seed: UInt64) throws {
    let (trip, must) = Self.mustTrip(seed: seed)
    let expected = RandomTrips.bruteForce(trip, must: must)
    let result = try #require(TripSolver.solve(trip.problem, options: SolveOptions(seed: seed)))
    let visited = Set(result.days.joined().map(\.place))
    print(
      "seed \(seed): must \(must.sorted()), optimum \(expected.map { "\($0)" } ?? "none"), "
        + "found \(result.objective) visiting \(visited.sorted())")
    #expect(result.optimal)
    guard let expected else {
      #expect(!must.isSubset(of: visited))
      return
    }
    #expect(must.isSubset(of: visited))
    #expect(abs(result.objective - expected) < 1e-6)
    let checked = try #require(RandomTrips.value(of: result.days, trip))
    #expect(abs(checked - result.objective) < 1e-6)
    if !trip.shaped {
      #expect(abs(result.dayObjectives.reduce(0, +) - result.objective) < 1e-6)
    }
  }

  /// The heuristic alone: its trips, bonus left out, are feasible and never
  /// better than the brute force's.
  @Test(arguments: 400..<420)
  func heuristicTripsAreFeasibleAndNoBetter(seed: UInt64) throws {
    let (trip, must) = Self.withMust(
      RandomTrips.make(seed: seed, places: 8, days: 1, shaped: seed % 2 == 1), seed: seed)
    let instance = try #require(TripInstance(trip.problem))
    let found = OrienteeringHeuristic(instance: instance).solve(
      seed: seed, until: Deadline(after: .seconds(5)), patience: 50)
    let value = found.score - found.routes.reduce(0) { $0 + instance.bonus(of: $1) }
    let stops = found.routes.map { route in
      route.map { Plan.Stop(category: instance.categories[$0], place: instance.places[$0]) }
    }
    let checked = try #require(RandomTrips.value(of: stops, trip))
    #expect(abs(checked - value) < 1e-6)
    let visited = Set(stops.joined().map(\.place))
    if must.isSubset(of: visited) {
      #expect(value <= (RandomTrips.bruteForce(trip, must: must) ?? -.infinity) + 1e-6)
    }
  }

  /// Some seeded musts bite: the best trip without them is worth more, or
  /// no trip visits them all.
  @Test func mustPlacesChangeSomeTrips() {
    var changed = 0
    var impossible = 0
    for seed in UInt64(400)..<440 {
      let (trip, must) = Self.mustTrip(seed: seed)
      guard let constrained = RandomTrips.bruteForce(trip, must: must) else {
        impossible += 1
        continue
      }
      if constrained < RandomTrips.bruteForce(trip) - 1e-6 { changed += 1 }
    }
    print("\(changed) of 40 trips lose by their musts, \(impossible) cannot have them")
    #expect(changed >= 5)
    #expect(impossible >= 1)
  }
}
