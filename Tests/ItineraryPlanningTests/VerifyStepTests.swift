import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItineraryPlanning
@testable import ItinerarySolver

/// A disagreement with GLPK is reported with both plans, and fails the run.
@Suite(.serialized) struct VerifyStepTests {
  @Test func aDisagreementNamesBothPlans() throws {
    var generator = SplitMix64(seed: 37)
    let problem = RandomProblems.make(
      RandomProblems.Shape(categories: 3, placesPerCategory: 6, roundTrip: true),
      using: &generator)
    var solution = OrderedSolver(problem: problem).solve(.top(2))
    try #require(solution.plans.count == 2)
    solution.plans.swapAt(0, 1)
    let report = try #require(
      try VerifyStep.run(
        .ordered(problem, .top(2)), .plans(solution), timeLimit: 60, notify: { _ in }))
    #expect(!report.agrees)
    #expect(report.status == .disagreed)
    let note = try #require(report.note)
    #expect(note.contains("\(solution.plans[0].objective)"), "\(note)")
    #expect(note.contains("\(solution.plans[1].objective)"), "\(note)")
    for place in solution.plans[0].plan.places + solution.plans[1].plan.places {
      #expect(note.contains(problem.places[place].id), "\(note)")
    }
  }
}
