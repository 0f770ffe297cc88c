import Foundation
import ItineraryCore
import ItineraryPlaces
import ItinerarySolver
import ItineraryWorkloads

extension Suite {
  /// The exact solvers with opening hours, dwell minutes and a deadline:
  /// ordered k = 6 x n = 10,000 (best and top 10), the embedded city with
  /// three categories at 21:00 (diverse 3, as `plan` asks), and any-order
  /// k = 8 x n = 200 (best plan). Hours are drawn from real OpenStreetMap
  /// strings; building the solver is timed, generating the problem is not.
  static func timed(_ bench: inout Bench) {
    let (large, seed) = Workloads.random(categories: 6, perCategory: 10_000)
    let timedLarge = withHours(large, seed: seed, start: "2026-12-01T14:00", hours: 8)
    for (name, selection) in [("best", Selection.top(1)), ("top-10", Selection.top(10))] {
      bench.measure(
        series: "ordered \(name) k=6", solver: SolverID.orderedDP.rawValue, n: 10_000,
        parameters: ["k": "6", "selection": name, "seed": "\(seed)"], work: \.work
      ) { OrderedSolver(problem: timedLarge).solve(selection) }
    }
    let city = embeddedCity(["restaurant", "museum", "cafe"], start: "2026-12-01T21:00")
    bench.measure(
      series: "city 21:00 diverse-3", solver: SolverID.orderedDP.rawValue,
      n: city.places.count / 3,
      parameters: ["k": "3", "selection": "diverse-3", "city": "embedded"],
      work: \.work
    ) { OrderedSolver(problem: city).solve(.diverse(3)) }
    var (anyOrder, anySeed) = Workloads.random(categories: 8, perCategory: 200)
    anyOrder.order = .any
    let timedAny = withHours(anyOrder, seed: anySeed, start: "2026-12-01T10:00", hours: 14)
    bench.measure(
      series: "any-order best k=8", solver: SolverID.anyOrderHeldKarp.rawValue, n: 200,
      parameters: ["k": "8", "selection": "best", "seed": "\(anySeed)"],
      work: { (solution: Solution) in
        solution.work.merging(["optimal": solution.optimal ? 1 : 0]) { $1 }
      }
    ) { AnyOrderSolver(problem: timedAny).solve(.top(1)) }
  }

  static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

  /// `problem` with hours from `RandomProblems.openingHoursPool`, 30 minutes
  /// at every stop, a deadline `hours` after `start` (Helsinki) and a small
  /// price of waiting.
  private static func withHours(_ problem: Problem, seed: UInt64, start: String, hours: Double)
    -> Problem
  {
    var generator = SplitMix64(seed: seed ^ 0x7173)
    var problem = problem
    for index in problem.places.indices {
      problem.places[index].openingHours =
        RandomProblems.openingHoursPool.randomElement(using: &generator) ?? nil
    }
    let begin = instant(start)
    problem.time = TimeFrame(
      start: begin, timeZone: helsinki, end: begin.addingTimeInterval(hours * 3600),
      dwellMinutes: ["*": 30], waitWeight: 0.02)
    return problem
  }

  /// The embedded city's places for `categories` within 3 km of its centre,
  /// timed as `plan --start` would: the vocabulary's dwell minutes, a day's horizon.
  private static func embeddedCity(_ categories: [String], start: String) -> Problem {
    let city = EmbeddedCity.helsinki
    let places = city.places.filter { place in
      GreatCircle.distanceKm(city.centre, place.coordinate) <= 3
        && categories.contains { place.isEligible(for: $0) }
    }
    let vocabulary = CategoryVocabulary.standard
    var dwell: [String: Double] = [:]
    for name in categories { dwell[name] = vocabulary.resolve(name)?.dwellMinutes }
    return Problem(
      origin: city.centre, categories: categories, places: places,
      time: TimeFrame(start: instant(start), timeZone: helsinki, dwellMinutes: dwell))
  }

  private static func instant(_ local: String) -> Date {
    (try? LocalDateTime(parsing: local).instant(in: helsinki)) ?? Date(timeIntervalSince1970: 0)
  }
}
