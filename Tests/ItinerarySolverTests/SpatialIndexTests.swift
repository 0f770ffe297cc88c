import Foundation
import ItineraryCore
import ItineraryWorkloads
import Testing

@testable import ItinerarySolver

@Suite struct SpatialIndexTests {
  /// A point anywhere on the globe.
  static func anywhere(_ generator: inout SplitMix64) -> Coordinate {
    Coordinate(
      lat: .random(in: -90...90, using: &generator),
      lon: .random(in: -180...180, using: &generator))
  }

  @Test func chordDistanceIsTheHaversineDistance() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<1000 {
      let a = Self.anywhere(&generator)
      let b = Coordinate(
        lat: a.lat + .random(in: -1...1, using: &generator) / 100,
        lon: max(-180, min(180, a.lon + .random(in: -1...1, using: &generator) / 100)))
      let haversine = GreatCircle.distanceKm(a, b)
      let chord = SpherePoint(a).distanceKm(to: SpherePoint(b))
      #expect(abs(haversine - chord) < 1e-9, "seed 7: \(a) \(b)")
    }
  }

  /// Sine and cosine taken together are those of `sin` and `cos`, bit for bit.
  @Test func unitVectorsAreThoseOfSineAndCosine() {
    var generator = SplitMix64(seed: 11)
    for _ in 0..<100_000 {
      let point = Self.anywhere(&generator)
      let (lat, lon) = (point.lat * .pi / 180, point.lon * .pi / 180)
      let vector = SpherePoint(point)
      let expected = (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
      #expect(
        vector.x == expected.0 && vector.y == expected.1 && vector.z == expected.2,
        "seed 11: \(point)")
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

  /// Places in a city, some repeated, two on other continents (chords above
  /// 1), weights in quarter points (many ties) and a few minus infinity.
  private static func layer(seed: UInt64) -> (points: [SpherePoint], weights: [Double]) {
    var generator = SplitMix64(seed: seed)
    var coordinates = (0..<2000).map { _ in
      Coordinate(
        lat: 60 + .random(in: 0..<0.05, using: &generator),
        lon: 24 + .random(in: 0..<0.1, using: &generator))
    }
    coordinates += coordinates.prefix(40)
    coordinates += [Coordinate(lat: -33.9, lon: 18.4), Coordinate(lat: 40.7, lon: -74)]
    var weights = coordinates.map { _ in Double(Int.random(in: 0...40, using: &generator)) / 4 }
    for index in stride(from: 3, to: weights.count, by: 97) { weights[index] = -.infinity }
    return (coordinates.map(SpherePoint.init), weights)
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func groupedQueriesGiveTheValuesOfAScan(seed: UInt64) {
    let (points, weights) = Self.layer(seed: seed)
    var generator = SplitMix64(seed: seed ^ 0x51)
    let queries = points.shuffled(using: &generator).prefix(600) + points.suffix(2)
    for lambda in [0, 0.7, 40] {
      let index = SpatialIndex(points: points, weights: weights, lambda: lambda)
      let answers = index.best(fromEach: Array(queries))
      for (query, answer) in zip(queries, answers) {
        let values = points.indices.map { point in
          lambda > 0
            ? weights[point] - lambda * points[point].distanceKm(to: query) : weights[point]
        }
        #expect(answer?.value == values.max(), "seed \(seed), lambda \(lambda)")
        #expect(answer.map { values[$0.item] } == answer?.value, "seed \(seed), lambda \(lambda)")
      }
    }
  }

  @Test func groupedQueriesFindNothingWithoutAFiniteWeight() {
    let (points, weights) = Self.layer(seed: 4)
    let nowhere = SpatialIndex(
      points: points, weights: weights.map { _ in -.infinity }, lambda: 0.5)
    #expect(nowhere.best(fromEach: Array(points.prefix(50))).allSatisfy { $0 == nil })
    let empty = SpatialIndex(points: [], weights: [], lambda: 0.5)
    #expect(empty.best(fromEach: Array(points.prefix(5))).allSatisfy { $0 == nil })
  }

  @Test func queryGroupsHoldEveryPointOnce() {
    let (points, _) = Self.layer(seed: 5)
    let groups = QueryGroups(points, size: 8)
    let grouped = (0..<groups.count).map { groups[$0] }
    #expect(grouped.joined().sorted() == Array(points.indices))
    #expect(grouped.allSatisfy { !$0.isEmpty && $0.count <= 16 })
  }

  /// The radix sort of large groups orders keys as a comparison sort does,
  /// many of them alike in their high halves.
  @Test(arguments: [UInt64(1), 2])
  func theRadixSortAgreesWithAComparisonSort(seed: UInt64) {
    print("query groups sort seed \(seed)")
    var generator = SplitMix64(seed: seed)
    let keys = (0..<3_000).map { index in
      let curve =
        Bool.random(using: &generator)
        ? UInt64.random(in: 0..<8, using: &generator)
        : UInt64(UInt32.random(in: 0...UInt32.max, using: &generator))
      return curve << 32 | UInt64(index)
    }
    #expect(keys.count >= QueryGroups.radixThreshold)
    #expect(QueryGroups.sorted(keys) == keys.sorted())
  }
}
