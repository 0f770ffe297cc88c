import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItineraryILP
@testable import ItinerarySolver

/// A place on the meridian of Greenwich, `degrees` north of the equator.
func meridianPlace(_ id: String, _ categories: [String], degrees: Double, score: Double) -> Place {
  Place(
    id: id, name: id, categories: categories, coordinate: Coordinate(lat: degrees, lon: 0),
    score: score)
}

/// Kilometres in `degrees` of a meridian.
func meridianKm(_ degrees: Double) -> Double { degrees * .pi / 180 * GreatCircle.earthRadiusKm }

extension GLPKTests {
  @Suite struct OrderedModelTests {
    /// Food then park from the equator at 1 point per km: A (0.01 N, 4) then
    /// P (0.02 N, 3) travels 0.02 degrees for 7 points; B (0.03 S, 6) then
    /// Q (0.04 S, 2.5) travels 0.04 degrees for 8.5; the two crossings travel
    /// more than they gain.
    static let handMade = Problem(
      origin: Coordinate(lat: 0, lon: 0), categories: ["food", "park"],
      places: [
        meridianPlace("A", ["food"], degrees: 0.01, score: 4),
        meridianPlace("B", ["food"], degrees: -0.03, score: 6),
        meridianPlace("P", ["park"], degrees: 0.02, score: 3),
        meridianPlace("Q", ["park"], degrees: -0.04, score: 2.5),
      ], distanceWeight: 1)

    @Test func findsTheKnownBestPlansInOrder() throws {
      let results = try GLPK.serialized { () throws(ItineraryError) -> [(Plan, Double)] in
        let model = OrderedModel(problem: Self.handMade)
        var results: [(Plan, Double)] = []
        while case .plan(let plan, let objective) = try model.best(until: nil) {
          results.append((plan, objective))
          model.exclude(plan)
        }
        return results
      }
      try #require(results.count == 4)
      #expect(results[0].0 == Plan(places: [0, 2]))
      #expect(abs(results[0].1 - (7 - meridianKm(0.02))) < 1e-9)
      #expect(results[1].0 == Plan(places: [1, 3]))
      #expect(abs(results[1].1 - (8.5 - meridianKm(0.04))) < 1e-9)
      #expect(Set(results[2...].map(\.0)) == [Plan(places: [0, 3]), Plan(places: [1, 2])])
    }

    @Test func countsTheWayBackOnARoundTrip() throws {
      var problem = Self.handMade
      problem.roundTrip = true
      let result = try GLPK.serialized { () throws(ItineraryError) -> ModelResult in
        try OrderedModel(problem: problem).best(until: nil)
      }
      guard case .plan(let plan, let objective) = result else {
        Issue.record("expected a plan, got \(result)")
        return
      }
      #expect(plan == Plan(places: [0, 2]))
      #expect(abs(objective - (7 - meridianKm(0.04))) < 1e-9)
    }

    @Test func verifiesTheHandMadeAnswer() throws {
      let solution = OrderedSolver(problem: Self.handMade).solve(.top(3))
      let verification = try Verifier.verify(
        problem: Self.handMade, selection: .top(3), solution: solution)
      #expect(verification.status == .agreed)
      #expect(verification.agrees)
      let objective = try #require(verification.objective)
      #expect(abs(objective - (7 - meridianKm(0.02))) < 1e-9)
    }

    /// One place is eligible for both stops, and a place fills one stop only.
    @Test func agreesThatThereIsNoPlan() throws {
      let problem = Problem(
        origin: Coordinate(lat: 0, lon: 0), categories: ["food", "park"],
        places: [meridianPlace("A", ["food", "park"], degrees: 0.01, score: 4)])
      let solution = OrderedSolver(problem: problem).solve(.top(2))
      try #require(solution.plans.isEmpty)
      let verification = try GLPKTests.expectAgreement(problem, .top(2), solution)
      #expect(verification.objective == nil)
    }

    @Test func agreesThatACategoryWithoutPlacesHasNoPlan() throws {
      var problem = Self.handMade
      problem.categories.append("museum")
      let solution = Solution(
        plans: [], solver: .orderedDP, optimal: true, reason: problem.missingCategoryReason())
      let verification = try GLPKTests.expectAgreement(problem, .top(1), solution)
      #expect(verification.objective == nil)
    }

    /// Random ordered problems: the solver and GLPK agree on the top K, round
    /// trip or not, with places in several categories; on the small ones the
    /// brute force agrees too.
    @Test func agreesWithTheSolverOnRandomProblems() throws {
      for seed in UInt64(0)..<200 {
        let (shape, problem) = GLPKTests.randomProblem(seed: seed, placeCounts: 7)
        let selection = Selection.top(1 + Int(seed % 5))
        let solution = OrderedSolver(problem: problem).solve(selection)
        let verification = try GLPKTests.expectAgreement(
          problem, selection, solution, "seed \(seed), \(shape):")
        if shape.categories <= 3 {
          let brute = BruteForceSolver(problem: problem).solve(selection)
          #expect(
            brute.plans.map(\.objective).elementsEqual(
              solution.plans.map(\.objective), by: Verifier.agree),
            "seed \(seed), \(shape): brute force \(brute.plans.map(\.objective))")
          #expect(
            verification.objective.map { Verifier.agree($0, brute.plans[0].objective) }
              ?? brute.plans.isEmpty,
            "seed \(seed), \(shape)")
        }
      }
    }

    @Test func agreesWithTheSolverOnDiversePlans() throws {
      for seed in UInt64(1000)..<1060 {
        var generator = SplitMix64(seed: seed)
        let shape = RandomProblems.Shape(
          categories: 2 + Int(seed % 3), placesPerCategory: 3 + Int(seed % 5),
          sharedFraction: 0.4, roundTrip: seed % 2 == 0)
        let problem = RandomProblems.make(shape, using: &generator)
        let selection = Selection.diverse(2 + Int(seed % 3))
        let solution = OrderedSolver(problem: problem).solve(selection)
        try GLPKTests.expectAgreement(problem, selection, solution, "seed \(seed), \(shape):")
      }
    }
  }
}
