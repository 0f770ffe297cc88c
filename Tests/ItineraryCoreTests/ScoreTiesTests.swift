import ItineraryCore
import Testing

@Suite struct ScoreTiesTests {
  @Test func runsOfEqualScoresStepDownInTheirOrder() {
    #expect(ScoreTies.separated([]) == [])
    #expect(ScoreTies.separated([3.5, 3.5, 3.5, 3.2]) == [3.5, 3.4999, 3.4998, 3.2])
    #expect(ScoreTies.separated([4.123, 3.001, 3.001]) == [4.123, 3.001, 3.0009])
  }

  @Test func aLongRunStepsOnBelowTheNextThousandth() {
    let run = Array(repeating: 3.001, count: 12) + [3.0, 2.9999]
    let separated = ScoreTies.separated(run)
    #expect(separated.first == 3.001)
    #expect(separated[10] == 3.0)
    #expect(separated.suffix(3) == [2.9999, 2.9998, 2.9997])
  }

  /// Whatever the scores, the result keeps their order, never raises one,
  /// moves none by more than a step per place before it, and repeats none.
  @Test(arguments: 0..<40)
  func separatedScoresAreDistinctAndClose(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    let count = Int.random(in: 1...60, using: &generator)
    let scores = (0..<count).map { _ in
      Double(Int.random(in: 2_990...3_010, using: &generator)) / 1000
    }.sorted(by: >)
    let separated = ScoreTies.separated(scores)
    #expect(Set(separated).count == count, "seed \(seed)")
    #expect(separated == separated.sorted(by: >), "seed \(seed)")
    for (index, (score, kept)) in zip(scores, separated).enumerated() {
      #expect(kept <= score + 1e-12, "seed \(seed)")
      #expect(score - kept <= Double(index) * 0.0001 + 1e-9, "seed \(seed)")
    }
  }

  @Test func placesSayWhereTheirScoreComesFrom() {
    func place(_ source: String?) -> Place {
      Place(
        id: "p", name: "P", categories: ["park"], coordinate: Coordinate(lat: 0, lon: 0),
        source: source)
    }
    #expect(place("osm").scoreSource == .map)
    #expect(place("yelp").scoreSource == .yelp)
    #expect(place("foursquare").scoreSource == .foursquare)
    #expect(place("file").scoreSource == nil)
    #expect(place(nil).scoreSource == nil)
  }
}
