import Foundation
import ItineraryCore
import Testing

@testable import ItineraryPlanning

/// Trips that must visit places: the place is visited, whatever the
/// categories asked; no trip that can is no plan, naming it.
@Suite struct MustVisitTests {
  static func explore(_ change: (inout PlanRequest) -> Void) throws -> PlanResponse {
    var request = PlanRequest(categories: ["park"])
    request.start = "2026-12-02 10:00"
    request.end = "15:00"
    request.meals = false
    change(&request)
    return try ShapingTests.pipeline.explore(request)
  }

  static func visited(_ response: PlanResponse) -> [PlanResponse.Stop] {
    (response.days ?? []).flatMap(\.stops)
  }

  @Test func aMustPlaceOfNoCategoryAskedIsVisited() throws {
    let plain = try Self.explore { _ in }
    #expect(!Self.visited(plain).contains { $0.name == "Kiasma" })
    let response = try Self.explore { $0.must = ["kiasma"] }
    let kiasma = try #require(Self.visited(response).first { $0.name == "Kiasma" })
    #expect(kiasma.category == "museum")
    #expect(response.categories.contains("Kiasma"))
    #expect(!response.categories.contains { $0.hasPrefix("=") })
    #expect(response.request.explore?.must == ["kiasma"])
    // Every other stop is of the one category asked.
    #expect(Self.visited(response).allSatisfy { $0.name == "Kiasma" || $0.category == "park" })
  }

  @Test func aMustPlaceNoTripCanVisitIsNoPlanNamingIt() throws {
    let error = try #require(throws: ItineraryError.self) {
      try Self.explore {
        $0.end = "10:20"
        $0.must = ["Kiasma"]
      }
    }
    #expect(error.kind == .noPlan)
    #expect(error.message.contains("Kiasma ("))
  }

  @Test func aMustPlaceAvoidedOrUnknownIsBadUsage() throws {
    let both = try #require(throws: ItineraryError.self) {
      try Self.explore {
        $0.must = ["Kiasma"]
        $0.avoid = ["Kiasma"]
      }
    }
    #expect(both.kind == .usage && both.message.contains("both a must and avoided"))
    let unknown = try #require(throws: ItineraryError.self) {
      try Self.explore { $0.must = ["Kiasmaxxxx"] }
    }
    #expect(unknown.kind == .usage)
    var plan = PlanRequest(categories: ["park"])
    plan.must = ["Kiasma"]
    #expect(throws: ItineraryError.self) { try plan.validate() }
  }

  /// The GLPK cross-check states the musts as rows and agrees.
  @Test func theCrossCheckAgreesWithAMustPlace() throws {
    let response = try Self.explore {
      $0.must = ["Kiasma"]
      $0.radius = 0.6
      $0.verify = true
    }
    #expect(Self.visited(response).contains { $0.name == "Kiasma" })
    #expect(response.verify?.status == .agreed, "\(String(describing: response.verify?.note))")
  }
}
