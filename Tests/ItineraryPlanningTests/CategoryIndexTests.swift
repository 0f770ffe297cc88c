import ItineraryCore
import Testing

@testable import ItineraryPlanning

/// A city's places within a radius are those whose great-circle distance is
/// at most the radius, at the edge too, whatever the chord says first.
@Suite struct CategoryIndexTests {
  @Test(arguments: [UInt64(1), 2, 3])
  func placesWithinTheRadiusAreThoseOfTheirDistance(seed: UInt64) {
    print("category index seed \(seed)")
    var generator = SplitMix64(seed: seed)
    let places = (0..<300).map { index in
      Place(
        id: "\(index)", name: "P\(index)", categories: [index % 2 == 0 ? "park" : "Cafe"],
        coordinate: Coordinate(
          lat: 60.17 + Double.random(in: -0.5...0.5, using: &generator),
          lon: 24.94 + Double.random(in: -1...1, using: &generator)))
    }
    let index = CategoryIndex(places)
    for _ in 0..<40 {
      let origin = Coordinate(
        lat: 60.17 + Double.random(in: -0.5...0.5, using: &generator),
        lon: 24.94 + Double.random(in: -1...1, using: &generator))
      let edge = GreatCircle.distanceKm(
        origin, places.randomElement(using: &generator)?.coordinate ?? origin)
      // Radii exactly at a place's distance and a hair either side of it.
      for radius in [0, edge, edge.nextUp, edge.nextDown, edge * (1 + 1e-12), 5, 25_000] {
        let expected = places.filter { place in
          (place.categories == ["park"] || place.categories == ["Cafe"])
            && GreatCircle.distanceKm(origin, place.coordinate) <= radius
        }
        let found = index.eligible(
          for: ["park", "cafe"], within: radius, of: origin, in: places
        ).places
        #expect(found.map(\.id) == expected.map(\.id), "radius \(radius)")
      }
    }
  }
}
