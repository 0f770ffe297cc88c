import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

/// The exact solvers with time against brute force with simulated timelines,
/// on seeded problems with real opening-hours strings (ranges past midnight,
/// month selectors, several ranges a day, unknown hours), deadlines, round
/// trips, road tables, dwell minutes and a price of waiting.
@Suite struct TimedSolverTests {
  struct Case: Sendable, CustomStringConvertible {
    var shape: RandomProblems.Shape
    var seeds: Range<UInt64>
    var description: String { "\(shape) seeds \(seeds)" }
  }

  static let cases: [Case] = [
    Case(shape: .init(categories: 1, placesPerCategory: 6), seeds: 0..<30),
    Case(shape: .init(categories: 2, placesPerCategory: 5), seeds: 100..<140),
    Case(shape: .init(categories: 3, placesPerCategory: 4, sharedFraction: 0.5), seeds: 200..<240),
    Case(shape: .init(categories: 3, placesPerCategory: 4, roundTrip: true), seeds: 300..<340),
    Case(shape: .init(categories: 4, placesPerCategory: 3, radiusKm: 6), seeds: 400..<440),
    Case(shape: .init(categories: 3, placesPerCategory: 4, order: .any), seeds: 500..<540),
    Case(
      shape: .init(categories: 4, placesPerCategory: 3, roundTrip: true, order: .any),
      seeds: 600..<640),
    Case(
      shape: .init(categories: 3, placesPerCategory: 4, sharedFraction: 0.6, order: .any),
      seeds: 700..<740),
  ]

  /// A seeded problem with time; every fourth one on a random road table.
  static func problem(_ shape: RandomProblems.Shape, seed: UInt64) -> Problem {
    var generator = SplitMix64(seed: seed)
    var problem = RandomProblems.timed(
      RandomProblems.make(shape, using: &generator), using: &generator)
    if seed % 4 == 0 { problem.roads = RandomProblems.roads(for: problem, using: &generator) }
    return problem
  }

  static func solve(_ problem: Problem, _ selection: Selection) -> Solution {
    switch problem.order {
    case .given: OrderedSolver(problem: problem).solve(selection)
    case .any: AnyOrderSolver(problem: problem).solve(selection)
    }
  }

  /// The top 6 plans of the solver against brute force: the same
  /// objectives, every plan feasible and worth what it says, no plan twice,
  /// a reason when there is none. Returns the plans brute force found.
  static func expectTopKMatchesBruteForce(_ problem: Problem, seed: UInt64) -> Int {
    let expected = BruteForceSolver(problem: problem).solve(.top(6))
    let actual = Self.solve(problem, .top(6))
    #expect(actual.optimal && actual.complete, "seed \(seed)")
    #expect(actual.plans.count == expected.plans.count, "seed \(seed)")
    for (got, want) in zip(actual.plans, expected.plans) {
      #expect(abs(got.objective - want.objective) < 1e-9, "seed \(seed)")
      #expect(problem.isFeasible(got.plan), "seed \(seed)")
      #expect(abs(got.objective - problem.objective(of: got.plan)) < 1e-9, "seed \(seed)")
    }
    #expect(Set(actual.plans.map(\.plan.places)).count == actual.plans.count, "seed \(seed)")
    if actual.plans.isEmpty { #expect(actual.reason != nil, "seed \(seed)") }
    return expected.plans.count
  }

  /// The top K, with time alone and under a cap on every single wait.
  @Test(arguments: cases, [false, true])
  func topKMatchesBruteForce(testCase: Case, capped: Bool) {
    print("TimedSolverTests top K\(capped ? " under a wait cap" : ""): \(testCase)")
    var plansSeen = 0
    for seed in testCase.seeds {
      let problem =
        capped
        ? Self.cappedProblem(testCase.shape, seed: seed) : Self.problem(testCase.shape, seed: seed)
      plansSeen += Self.expectTopKMatchesBruteForce(problem, seed: seed)
    }
    // The instances are not all infeasible: time leaves plans to compare,
    // fewer under a cap.
    #expect(plansSeen > (capped ? testCase.seeds.count / 2 : testCase.seeds.count))
  }

  @Test(arguments: cases)
  func diverseMatchesBruteForce(testCase: Case) {
    print("TimedSolverTests diverse: \(testCase)")
    for seed in testCase.seeds {
      let problem = Self.problem(testCase.shape, seed: seed)
      let actual = Self.solve(problem, .diverse(4))
      let flaw = BruteForceSolver(problem: problem).diverseFlaw(of: actual.plans, count: 4)
      #expect(flaw == nil, "seed \(seed)")
    }
  }

  @Test(arguments: cases)
  func timeOnlyRemovesPlans(testCase: Case) {
    for seed in testCase.seeds {
      var problem = Self.problem(testCase.shape, seed: seed)
      let timed = Self.solve(problem, .top(1)).plans.first?.objective ?? -.infinity
      problem.time = nil
      let timeless = Self.solve(problem, .top(1)).plans.first?.objective ?? -.infinity
      #expect(timed <= timeless + 1e-9, "seed \(seed)")
    }
  }

  /// A seeded problem with time and a cap on every single wait.
  static func cappedProblem(_ shape: RandomProblems.Shape, seed: UInt64) -> Problem {
    var generator = SplitMix64(seed: seed ^ 0x5eed)
    return RandomProblems.capped(problem(shape, seed: seed), using: &generator)
  }

  /// Every plan found under a cap is lived through as the model says: each
  /// visit inside one opening interval, reached by its leg from the visit
  /// before, no wait longer than the cap, over by the horizon.
  @Test(arguments: cases)
  func underAWaitCapEveryTimelineKeepsTheCap(testCase: Case) throws {
    for seed in testCase.seeds {
      let problem = Self.cappedProblem(testCase.shape, seed: seed)
      let timing = try #require(Timing(problem))
      let cap = try #require(problem.time?.maxWaitMinutes)
      for ranked in Self.solve(problem, .top(6)).plans {
        let timeline = timing.timeline(of: ranked.plan.stops)
        #expect(timeline.isFeasible, "seed \(seed)")
        var leave = 0.0
        var last = Waypoint.origin
        for (stop, visit) in zip(ranked.plan.stops, timeline.visits) {
          let arrive = leave + timing.travelMinutes(from: last, to: .place(stop.place))
          #expect(abs(visit.arrive - arrive) < 1e-9, "seed \(seed)")
          #expect(visit.wait >= -1e-9, "seed \(seed)")
          #expect(visit.wait <= cap + 1e-9, "seed \(seed): \(timeline.visits) cap \(cap)")
          let window = timing.windows(of: stop.place).interval(holding: visit.begin)
          #expect(window.map { visit.leave <= $0.end + 1e-9 } == true, "seed \(seed)")
          #expect(abs(visit.leave - visit.begin - timing.dwell(stop)) < 1e-9, "seed \(seed)")
          leave = visit.leave
          last = .place(stop.place)
        }
        #expect(timeline.finish <= timing.horizon + 1e-9, "seed \(seed)")
      }
    }
  }

  @Test(arguments: cases)
  func aWaitCapOnlyRemovesPlans(testCase: Case) {
    for seed in testCase.seeds {
      var problem = Self.cappedProblem(testCase.shape, seed: seed)
      let capped = Self.solve(problem, .top(1)).plans.first?.objective ?? -.infinity
      problem.time?.maxWaitMinutes = nil
      let free = Self.solve(problem, .top(1)).plans.first?.objective ?? -.infinity
      #expect(capped <= free + 1e-9, "seed \(seed)")
    }
  }

  @Test func beyondTheExactTableTheHeuristicPlansInTimeWithoutClaimingOptimality() {
    for seed: UInt64 in 900..<910 {
      let shape = RandomProblems.Shape(categories: 4, placesPerCategory: 3, order: .any)
      let problem = Self.problem(shape, seed: seed)
      let heuristic = AnyOrderSolver(problem: problem, maxCells: 1).solve(.top(3))
      let exact = BruteForceSolver(problem: problem).solve(.top(1))
      // A category no place of which can be visited in time is proven
      // before any table is built.
      if heuristic.optimal {
        #expect(heuristic.plans.isEmpty && exact.plans.isEmpty, "seed \(seed)")
        continue
      }
      for plan in heuristic.plans {
        #expect(problem.isFeasible(plan.plan), "seed \(seed)")
        #expect(plan.objective <= (exact.plans.first?.objective ?? -.infinity) + 1e-9)
      }
    }
  }
}
