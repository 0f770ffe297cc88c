import ItineraryCore
import Testing

@Suite struct ScoringTests {
  func place(rating: Double? = nil, reviews: Int? = nil, score: Double? = nil) -> Place {
    Place(
      id: "p", name: "P", categories: ["park"], coordinate: Coordinate(lat: 0, lon: 0),
      rating: rating, reviewCount: reviews, score: score)
  }

  @Test func bayesianRatingPullsFewReviewsTowardsThePrior() {
    #expect(abs(Scoring.score(of: place(rating: 4.5, reviews: 120)) - 570.0 / 130) < 1e-12)
    #expect(abs(Scoring.score(of: place(rating: 5, reviews: 1)) - 35.0 / 11) < 1e-12)
  }

  @Test func missingValuesFallBackToThePrior() {
    #expect(Scoring.score(of: place()) == 3.0)
    #expect(Scoring.score(of: place(rating: 5)) == 3.0)
    #expect(Scoring.score(of: place(reviews: 50)) == 3.0)
  }

  @Test func anExplicitScoreWins() {
    #expect(Scoring.score(of: place(rating: 1, reviews: 1000, score: 4.25)) == 4.25)
  }
}

@Suite struct PlanTests {
  let problem = Problem(
    origin: Coordinate(lat: 0, lon: 0), categories: ["a", "B"],
    places: [
      Place(
        id: "x", name: "X", categories: ["A"], coordinate: Coordinate(lat: 0, lon: 1), score: 4),
      Place(
        id: "y", name: "Y", categories: ["b", "a"], coordinate: Coordinate(lat: 0, lon: 2), score: 2
      ),
    ], distanceWeight: 0.5)

  @Test func eligibilityIgnoresCase() {
    #expect(problem.eligiblePlaces() == [[0, 1], [1]])
  }

  @Test func eligibilityDoesNotDependOnThePlaceBefore() {
    let lists = [
      ["cafe"], ["cafe"], ["Cafe", "bar"], ["bar", "cafe"], ["museum"], ["cafe"], [], ["BAR"],
      ["bar", "museum", "cafe"], ["cafe"],
    ]
    let places = lists.enumerated().map { index, categories in
      Place(
        id: "p\(index)", name: "P", categories: categories, coordinate: Coordinate(lat: 0, lon: 0))
    }
    let problem = Problem(
      origin: Coordinate(lat: 0, lon: 0), categories: ["cafe", "bar", "cafe", "park"],
      places: places, distanceWeight: 0.5)
    let expected = problem.categories.map { category in
      places.indices.filter { places[$0].isEligible(for: category) }
    }
    #expect(problem.eligiblePlaces() == expected)
  }

  @Test func objectiveIsScoresLessWeightedDistance() {
    let degree = 6371.0088 * .pi / 180
    let plan = Plan(places: [0, 1])
    #expect(problem.legsKm(of: plan).map { ($0 / degree * 1e9).rounded() / 1e9 } == [1, 1])
    #expect(abs(problem.objective(of: plan) - (6 - 0.5 * 2 * degree)) < 1e-9)
    var roundTrip = problem
    roundTrip.roundTrip = true
    #expect(abs(roundTrip.distanceKm(of: plan) - 4 * degree) < 1e-9)
  }

  @Test func feasibilityNeedsDistinctEligiblePlacesInOrder() {
    #expect(problem.isFeasible(Plan(places: [0, 1])))
    #expect(!problem.isFeasible(Plan(places: [1, 1])))
    #expect(!problem.isFeasible(Plan(places: [1, 0])))
    #expect(!problem.isFeasible(Plan(places: [0])))
  }
}
