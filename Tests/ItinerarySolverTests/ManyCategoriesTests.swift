import Foundation
import ItineraryCore
import ItineraryTestSupport
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// Any-order plans over far more categories than the exact table can hold:
/// the heuristic must still give a real plan before its time limit, even when
/// the places leave few ways to fill every stop with a different one.
@Suite struct ManyCategoriesTests {
  /// 70 categories of one place each, nine places in ten also eligible for a
  /// second category: 70 places for 70 stops, so a plan uses every place and
  /// tours that reuse a shared place are no plans at all.
  static func problem(seed: UInt64) -> Problem {
    var generator = SplitMix64(seed: seed)
    return RandomProblems.make(
      .init(categories: 70, placesPerCategory: 1, sharedFraction: 0.9, order: .any),
      using: &generator)
  }

  /// The problem with a day to plan in: a 09:00 start in Helsinki, five
  /// minutes a stop, by bicycle, a third of the places open mornings only
  /// and a third evenings only, and a price on waiting.
  static func timedProblem(seed: UInt64) throws -> Problem {
    var problem = problem(seed: seed)
    let hours = ["Mo-Su 08:00-13:00", "Mo-Su 08:00-23:00", "Mo-Su 15:00-23:00"]
    for index in problem.places.indices {
      problem.places[index].openingHours = hours[index % hours.count]
    }
    let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
    let date = try #require(LocalDate(year: 2026, month: 12, day: 1))
    let start = try LocalDateTime(date: date, minuteOfDay: 9 * 60).instant(in: zone)
    problem.time = TimeFrame(
      start: start, timeZone: zone, speedKmh: 15, dwellMinutes: ["*": 5], waitWeight: 0.01)
    return problem
  }

  static let seeds: [UInt64] = [1, 2, 3]

  /// Places that cannot fill every stop with a different one: no plan, said
  /// at once rather than after the time limit, in any order or the given one.
  @Test(arguments: [VisitOrder.any, .given])
  func tooFewDistinctPlacesIsNoPlan(order: VisitOrder) throws {
    var problem = Self.problem(seed: 1)
    problem.order = order
    let first = problem.categories[0]
    let second = problem.categories[1]
    // Both categories at one place only, the same one; every other category
    // keeps its own place.
    for index in problem.places.indices {
      problem.places[index].categories.removeAll { $0 == first || $0 == second }
    }
    problem.places[0].categories = [first, second]
    let solution = try Planner.solve(
      problem, .top(1), options: SolveOptions(timeLimit: .seconds(1)))
    #expect(solution.plans.isEmpty && solution.complete && solution.optimal, "\(order)")
    #expect(solution.reason == problem.noPlanReason, "\(order)")
  }

  /// Visits that take longer together than the day: no plan, said at once
  /// with the minutes the visits need, in any order or the given one; with
  /// time for them, not refused.
  @Test(arguments: [VisitOrder.any, .given])
  func visitsLongerThanTheDayAreNoPlan(order: VisitOrder) throws {
    var problem = try Self.timedProblem(seed: 1)
    problem.order = order
    let start = try #require(problem.time?.start)
    // 70 stops of 20 minutes: 1,400 minutes, more than the 23 hours given.
    problem.time?.dwellMinutes = ["*": 20]
    problem.time?.end = start.addingTimeInterval(23 * 3600)
    let solution = try Planner.solve(
      problem, .top(1), options: SolveOptions(timeLimit: .seconds(5)))
    #expect(solution.plans.isEmpty && solution.complete && solution.optimal, "\(order)")
    #expect(solution.reason?.hasSuffix("its 70 stops take at least 1400 minutes of visits") == true)
    problem.time?.dwellMinutes = ["*": 19]
    let timing = try #require(Timing(problem))
    let all = problem.eligiblePlaces()
    #expect(timing.impossibleReason(timing.eligiblePlaces(among: all), among: all) == nil)
  }

  static func expectFillsEveryCategoryOnce(_ plan: Plan, of problem: Problem, seed: UInt64) {
    #expect(plan.stops.count == problem.categories.count, "seed \(seed)")
    #expect(
      plan.stops.map(\.category).sorted() == Array(problem.categories.indices), "seed \(seed)")
    #expect(Set(plan.places).count == plan.stops.count, "seed \(seed): a place used twice")
    for stop in plan.stops {
      let name = problem.categories[stop.category].lowercased()
      #expect(
        problem.places[stop.place].categories.contains { $0.lowercased() == name },
        "seed \(seed): \(problem.places[stop.place].id) is not a \(name)")
    }
  }

  /// The documented objective, computed here on its own: Bayesian scores
  /// less half a point per kilometre of haversine distance.
  static func timelessObjective(of plan: Plan, in problem: Problem) -> Double? {
    guard problem.distanceWeight == 0.5, !problem.roundTrip else { return nil }
    func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    func km(_ a: Coordinate, _ b: Coordinate) -> Double {
      let dLat = radians(b.lat - a.lat)
      let dLon = radians(b.lon - a.lon)
      let h =
        sin(dLat / 2) * sin(dLat / 2)
        + cos(radians(a.lat)) * cos(radians(b.lat)) * sin(dLon / 2) * sin(dLon / 2)
      return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
    }
    var here = problem.origin
    var objective = 0.0
    for stop in plan.stops {
      let place = problem.places[stop.place]
      let votes = Double(place.reviewCount ?? 0)
      let score = place.score ?? (votes * (place.rating ?? 3) + 10 * 3) / (votes + 10)
      objective += score - 0.5 * km(here, place.coordinate)
      here = place.coordinate
    }
    return objective
  }
}

extension ManyCategoriesTests {
  /// The tests of this suite that take seconds.
  @Suite(.tags(.slow)) struct Slow {
    @Test(arguments: seeds)
    func aShortTimeLimitStillGivesAFeasiblePlan(seed: UInt64) throws {
      let problem = ManyCategoriesTests.problem(seed: seed)
      let solution = try Planner.solve(
        problem, .top(3), options: SolveOptions(timeLimit: .seconds(1)))
      #expect(solution.solver == .anyOrderHeuristic && !solution.optimal, "seed \(seed)")
      let best = try #require(solution.plans.first, "seed \(seed): \(solution.reason ?? "")")
      for ranked in solution.plans {
        ManyCategoriesTests.expectFillsEveryCategoryOnce(ranked.plan, of: problem, seed: seed)
        let objective = try #require(
          ManyCategoriesTests.timelessObjective(of: ranked.plan, in: problem))
        #expect(abs(ranked.objective - objective) < 1e-9, "seed \(seed)")
      }
      #expect(
        zip(solution.plans, solution.plans.dropFirst()).allSatisfy { $0.objective >= $1.objective },
        "seed \(seed): best first")
      #expect(Set(solution.plans.map(\.plan.places)).count == solution.plans.count, "seed \(seed)")
      #expect(best.objective.isFinite, "seed \(seed)")
    }

    @Test(arguments: seeds)
    func aShortTimeLimitStillGivesAPlanThatFitsTheDay(seed: UInt64) throws {
      let problem = try ManyCategoriesTests.timedProblem(seed: seed)
      let solution = try Planner.solve(
        problem, .diverse(3), options: SolveOptions(timeLimit: .seconds(2)))
      #expect(solution.solver == .anyOrderHeuristic && !solution.optimal, "seed \(seed)")
      let best = try #require(solution.plans.first, "seed \(seed): \(solution.reason ?? "")")
      ManyCategoriesTests.expectFillsEveryCategoryOnce(best.plan, of: problem, seed: seed)
      let timeline = try #require(problem.timeline(of: best.plan))
      #expect(timeline.isFeasible, "seed \(seed)")
      #expect(timeline.visits.count == problem.categories.count, "seed \(seed)")
      let timeless = try #require(ManyCategoriesTests.timelessObjective(of: best.plan, in: problem))
      let expected = timeless - 0.01 * timeline.visits.reduce(0) { $0 + ($1.begin - $1.arrive) }
      #expect(abs(best.objective - expected) < 1e-9, "seed \(seed)")
    }

    /// The same places in the given order: the ordered search, stopped at its
    /// deadline before its first plan, still gives one.
    @Test(arguments: seeds)
    func inTheGivenOrderAShortTimeLimitStillGivesAPlan(seed: UInt64) throws {
      var problem = ManyCategoriesTests.problem(seed: seed)
      problem.order = .given
      let solution = try Planner.solve(
        problem, .top(1), options: SolveOptions(timeLimit: .seconds(1)))
      let best = try #require(solution.plans.first, "seed \(seed): \(solution.reason ?? "")")
      ManyCategoriesTests.expectFillsEveryCategoryOnce(best.plan, of: problem, seed: seed)
      #expect(best.plan.stops.map(\.category) == Array(problem.categories.indices), "seed \(seed)")
      let objective = try #require(
        ManyCategoriesTests.timelessObjective(of: best.plan, in: problem))
      #expect(abs(best.objective - objective) < 1e-9, "seed \(seed)")
    }
  }
}
