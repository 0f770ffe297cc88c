import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlanning
import Testing

@Suite struct PlanRequestTests {
  @Test func aResponseEchoesItsRequestAndReadsBack() throws {
    var request = PlanRequest(categories: ["restaurant", "park", "art"])
    request.top = 2
    request.roundTrip = true
    request.distanceWeight = 0.7
    request.anytime = true
    let response = try PlanningPipeline(environment: [:]).plan(request)
    #expect(response.request.plan == request)
    #expect(response.plans.count == 2)
    #expect(response.distanceWeight == 0.7)
    #expect(response.provider?.id == "embedded")
    let data = try ResponseJSON.encode(response)
    let decoded = try JSONDecoder().decode(PlanResponse.self, from: data)
    #expect(decoded == response)
    let again = try PlanningPipeline(environment: [:]).plan(try #require(decoded.request.plan))
    #expect(again.plans.map(\.stops.first?.id) == response.plans.map(\.stops.first?.id))
  }

  struct Bad: Sendable, CustomStringConvertible {
    var change: @Sendable (inout PlanRequest) -> Void
    var message: String
    var description: String { message }
  }

  static let bad: [Bad] = [
    Bad(change: { $0.top = 0 }, message: "top must be within 1...1000, got 0"),
    Bad(change: { $0.top = 1_000_000 }, message: "top must be within 1...1000"),
    Bad(change: { $0.radius = 1e300 }, message: "radius must be above 0"),
    Bad(change: { $0.speed = 5e-324 }, message: "speed must be within"),
    Bad(change: { $0.timeLimit = 1e21 }, message: "timeLimit must be above 0 and at most 86400"),
    Bad(change: { $0.verifyTimeLimit = 1e19 }, message: "verifyTimeLimit must be above 0"),
    Bad(change: { $0.at = Coordinate(lat: 91, lon: 0) }, message: "at is not a point on the Earth"),
    Bad(
      change: {
        $0.exact = true; $0.diverse = true
      }, message: "exact and diverse exclude"),
    Bad(change: { $0.categories = [] }, message: "no category given"),
    Bad(change: { $0.provider = .yelp }, message: "the yelp provider needs a start point"),
  ]

  @Test(arguments: bad) func badValuesAreUsageErrorsNamingTheKey(_ bad: Bad) {
    var request = PlanRequest(categories: ["park"])
    bad.change(&request)
    #expect {
      try request.validate()
    } throws: { error in
      guard let error = error as? ItineraryError else { return false }
      return error.kind == .usage && error.message.contains(bad.message)
    }
  }

  @Test func unknownCategoriesSuggestTheNearest() {
    #expect {
      _ = try PlanningPipeline(environment: [:]).plan(PlanRequest(categories: ["resturant"]))
    } throws: { error in
      (error as? ItineraryError)?.message.contains("did you mean restaurant?") == true
    }
  }
}
