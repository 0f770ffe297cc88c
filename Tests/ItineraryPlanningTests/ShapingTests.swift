import Foundation
import ItineraryCore
import ItineraryPlaces
import ItinerarySolver
import Testing

@testable import ItineraryPlanning

/// Plans a person shapes: named stops, avoided places, a base and an end.
@Suite struct ShapingTests {
  static let pipeline = PlanningPipeline(environment: [:])

  static func plan(_ words: [String], _ change: (inout PlanRequest) -> Void = { _ in }) throws
    -> PlanResponse
  {
    var request = PlanRequest(categories: words)
    request.anytime = true
    request.top = 3
    change(&request)
    return try pipeline.plan(request)
  }

  @Test(arguments: [
    (["Kiasma > cafe > restaurant"], 0, "Kiasma"), (["cafe", "Ateneum"], 1, "Ateneum"),
    (["park", "atenum"], 1, "Ateneum"), (["ATENEUM"], 0, "Ateneum"),
  ])
  func aNamedStopIsItsPlaceAtItsPosition(words: [String], position: Int, name: String) throws {
    let response = try Self.plan(words)
    #expect(!response.plans.isEmpty)
    for plan in response.plans {
      #expect(plan.stops[position].name == name)
      #expect(plan.stops.filter { $0.name == name }.count == 1)
    }
    #expect(!response.categories[position].hasPrefix("="))
  }

  @Test func aPlaceIdIsAStopToo() throws {
    let ateneum = try #require(EmbeddedCityPlaces.named("Ateneum"))
    let response = try Self.plan(["park", ateneum.id])
    #expect(response.plans.allSatisfy { $0.stops[1].id == ateneum.id })
    #expect(response.plans.allSatisfy { $0.stops[1].category == "museum" })
  }

  @Test func anAmbiguousNameListsItsCandidatesWithTheirIds() throws {
    let error = try #require(throws: ItineraryError.self) { try Self.plan(["Helsingin"]) }
    #expect(error.kind == .usage)
    #expect(error.message.contains("'Helsingin' names 2 places"))
    #expect(error.message.contains("Helsingin tuomiokirkko (way/419479428)"))
    #expect(error.message.contains("Helsingin Pystygrilli (way/300626401)"))
  }

  @Test func anUnknownWordIsAUsageErrorSuggestingTheNearestName() throws {
    let error = try #require(throws: ItineraryError.self) { try Self.plan(["park", "Kiasmaxxxx"]) }
    #expect(error.kind == .usage)
    #expect(
      error.message.contains("unknown category or place 'Kiasmaxxxx' (nearest places: Kiasma"))
    let typo = try #require(throws: ItineraryError.self) { try Self.plan(["resturant"]) }
    #expect(typo.kind == .usage && typo.message.contains("did you mean restaurant?"))
  }

  @Test func anAvoidedPlaceIsNeverACandidate() throws {
    let best = try #require(try Self.plan(["park"]).plans.first?.stops.first)
    for word in [best.id, best.name] {
      let response = try Self.plan(["park"]) { $0.avoid = [word] }
      #expect(!response.plans.isEmpty)
      #expect(response.plans.allSatisfy { $0.stops.allSatisfy { $0.id != best.id } })
    }
    let both = try #require(throws: ItineraryError.self) {
      try Self.plan(["Ateneum"]) { $0.avoid = ["Ateneum"] }
    }
    #expect(both.kind == .usage)
  }

  @Test func aBaseIsARoundTripWhoseWayBackCounts() throws {
    let kiasma = try #require(EmbeddedCityPlaces.named("Kiasma"))
    for base in ["Kiasma", "\(kiasma.coordinate.lat),\(kiasma.coordinate.lon)"] {
      let response = try Self.plan(["park", "cafe"]) { $0.base = base }
      #expect(response.origin == kiasma.coordinate)
      #expect(response.roundTrip)
      let plan = try #require(response.plans.first)
      let back = try #require(plan.returnKm)
      #expect(back > 0)
      let legs = plan.stops.reduce(0) { $0 + $1.legKm }
      #expect(abs(plan.distanceKm - legs - back) < 1e-9)
    }
  }

  @Test func anEndPointIsTheLastLegAndCounts() throws {
    let ateneum = try #require(EmbeddedCityPlaces.named("Ateneum"))
    let response = try Self.plan(["park", "cafe"]) { $0.endAt = "Ateneum" }
    #expect(!response.plans.isEmpty)
    for plan in response.plans {
      let last = try #require(plan.stops.last)
      #expect(plan.stops.count == 3)
      #expect(last.category == "end" && last.score == 0)
      #expect(last.lat == ateneum.coordinate.lat && last.lon == ateneum.coordinate.lon)
      #expect(last.legKm > 0)
      #expect(abs(plan.distanceKm - plan.stops.reduce(0) { $0 + $1.legKm }) < 1e-9)
    }
  }

  @Test func anEndPointIsReachedBeforeTheEnd() throws {
    // Two hours' walk away, off the streets: a plan starting at 10:00
    // cannot be there by 10:30.
    let far = "60.3,24.94"
    let timed = { (end: String) throws -> PlanResponse in
      try Self.plan(["cafe"]) {
        $0.anytime = nil
        $0.distances = .straight
        $0.start = "2026-12-01 10:00"
        $0.end = end
        $0.endAt = far
      }
    }
    #expect(try !timed("2026-12-01 20:00").plans.isEmpty)
    let late = try #require(throws: ItineraryError.self) { try timed("2026-12-01 10:30") }
    #expect(late.kind == .noPlan)
  }

  @Test func endAtIsRefusedWithAnyOrderAndRoundTrips() throws {
    for change in [
      { (request: inout PlanRequest) in request.anyOrder = true },
      { (request: inout PlanRequest) in request.roundTrip = true },
    ] {
      var request = PlanRequest(categories: ["park"])
      request.endAt = "Kiasma"
      change(&request)
      #expect(throws: ItineraryError.self) { try request.validate() }
    }
    var trip = PlanRequest(categories: [])
    trip.endAt = "Kiasma"
    try trip.validate(trip: true)
    trip.endAt = " "
    #expect(throws: ItineraryError.self) { try trip.validate(trip: true) }
  }

  /// Random small problems: the solvers' best plan with a pinned place and
  /// avoided places is the best of every choice a brute force tries.
  @Test(arguments: 0..<24) func pinnedAndAvoidedPlansMatchABruteForce(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &+ 4711)
    let park = try #require(CategoryVocabulary.standard.resolve("park"))
    let cafe = try #require(CategoryVocabulary.standard.resolve("cafe"))
    let places = (0..<7).map { index in
      Place(
        id: "p\(index)", name: "Place \(index)", categories: [index % 2 == 0 ? "park" : "cafe"],
        coordinate: Coordinate(
          lat: 60.15 + Double(random.below(1000)) / 20000,
          lon: 24.9 + Double(random.below(1000)) / 20000),
        score: Double(random.below(500)) / 100)
    }
    let pinned = places[random.below(places.count)]
    let avoided = Set(places.filter { $0.id != pinned.id && random.below(3) == 0 }.map(\.id))
    var stops: [StopWords.Stop] = [.category(park), .category(cafe)]
    stops.insert(.place(pinned), at: random.below(3))
    let roundTrip = random.below(2) == 0
    let order: VisitOrder = random.below(2) == 0 ? .given : .any
    let candidates = Candidates(
      places: places, categories: ["park", "cafe"],
      provider: ProviderReport(id: "test", description: "test", places: places.count))
    let shaped = try ShapeStep.layers(
      stops, candidates: candidates, avoided: avoided, finish: nil)
    let origin = Coordinate(lat: 60.17, lon: 24.94)
    let problem = Problem(
      origin: origin, categories: shaped.categories, places: shaped.places,
      roundTrip: roundTrip, order: order)
    let solution = try Planner.solve(problem, .top(1))

    // Every sequence of distinct places that fills the stops, in their
    // order or (any order) in every order, priced by hand.
    func fills(_ stop: StopWords.Stop, _ place: Place) -> Bool {
      switch stop {
      case .place(let wanted): place.id == wanted.id
      case .category(let category):
        place.categories.contains(category.name) && !avoided.contains(place.id)
      }
    }
    func value(_ route: [Place]) -> Double {
      let points = [origin] + route.map(\.coordinate) + (roundTrip ? [origin] : [])
      let km = zip(points, points.dropFirst()).reduce(0) { $0 + GreatCircle.distanceKm($1.0, $1.1) }
      return route.reduce(0) { $0 + ($1.score ?? 0) } - Problem.defaultDistanceWeight * km
    }
    var best = -Double.infinity
    func extend(_ route: [Place], _ left: [StopWords.Stop]) {
      guard !left.isEmpty else {
        best = max(best, value(route))
        return
      }
      let next = order == .given ? [0] : Array(left.indices)
      for index in next {
        var rest = left
        let stop = rest.remove(at: index)
        for place in places where fills(stop, place) && !route.contains(place) {
          extend(route + [place], rest)
        }
      }
    }
    extend([], stops)

    guard best.isFinite else {
      #expect(solution.plans.isEmpty)
      return
    }
    let found = try #require(solution.plans.first)
    #expect(abs(found.objective - best) < 1e-9)
    let ids = found.plan.places.map { problem.places[$0].id }
    #expect(ids.contains(pinned.id))
    #expect(ids.allSatisfy { !avoided.contains($0) })
  }
}

/// The embedded city's places by name, for tests that name them.
enum EmbeddedCityPlaces {
  static func named(_ name: String) -> Place? {
    EmbeddedCity.helsinki.places.first { $0.name == name }
  }
}
