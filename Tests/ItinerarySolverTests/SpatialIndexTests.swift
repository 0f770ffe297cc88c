import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

@Suite struct SpatialIndexTests {
  @Test func chordDistanceIsTheHaversineDistance() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<1000 {
      let a = Coordinate(
        lat: .random(in: -90...90, using: &generator),
        lon: .random(in: -180...180, using: &generator))
      let b = Coordinate(
        lat: a.lat + .random(in: -1...1, using: &generator) / 100,
        lon: max(-180, min(180, a.lon + .random(in: -1...1, using: &generator) / 100)))
      let haversine = GreatCircle.distanceKm(a, b)
      let chord = SpherePoint(a).distanceKm(to: SpherePoint(b))
      #expect(abs(haversine - chord) < 1e-9, "seed 7: \(a) \(b)")
    }
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5])
  func bestAndCursorAgreeWithAScan(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let coordinates = (0..<300).map { _ in
      Coordinate(
        lat: 60 + .random(in: 0..<0.1, using: &generator),
        lon: 24 + .random(in: 0..<0.2, using: &generator))
    }
    let points = coordinates.map(SpherePoint.init)
    let weights = coordinates.map { _ in Double.random(in: 0...5, using: &generator) }
    let index = SpatialIndex(points: points, weights: weights, lambda: 0.7)
    for query in points.prefix(20) {
      let scan = points.indices.map { weights[$0] - 0.7 * points[$0].distanceKm(to: query) }
      let best = index.best(from: query)
      #expect(best?.value == scan.max(), "seed \(seed)")
      var cursor = index.cursor(from: query)
      var order: [Double] = []
      while let next = index.next(&cursor) { order.append(next.value) }
      #expect(order == scan.sorted(by: >), "seed \(seed)")
    }
  }
}
