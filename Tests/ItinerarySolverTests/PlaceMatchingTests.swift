import ItineraryCore
import Testing

@testable import ItinerarySolver

/// The matching against every assignment of places to categories, on seeded
/// small random eligibility tables.
@Suite struct PlaceMatchingTests {
  /// Whether some assignment gives every category a different place.
  static func exists(_ eligible: [[Int]], from category: Int = 0, used: Set<Int> = []) -> Bool {
    guard category < eligible.count else { return true }
    return eligible[category].contains { place in
      !used.contains(place) && exists(eligible, from: category + 1, used: used.union([place]))
    }
  }

  @Test func agreesWithEveryAssignment() {
    var found = 0
    for seed: UInt64 in 0..<400 {
      var random = SplitMix64(seed: seed)
      let categories = 1 + random.below(6)
      let places = 1 + random.below(7)
      let eligible = (0..<categories).map { _ in
        (0..<places).filter { _ in random.below(3) == 0 }
      }
      let preferred: [Int?] = eligible.map { list in
        list.isEmpty || random.below(2) == 0 ? nil : list[random.below(list.count)]
      }
      let assigned = PlaceMatching.assign(eligible: eligible, preferred: preferred)
      #expect((assigned != nil) == Self.exists(eligible), "seed \(seed): \(eligible)")
      guard let assigned else { continue }
      found += 1
      #expect(assigned.count == categories, "seed \(seed)")
      #expect(Set(assigned).count == categories, "seed \(seed): a place used twice")
      for (category, place) in assigned.enumerated() {
        #expect(eligible[category].contains(place), "seed \(seed): \(eligible)")
      }
    }
    // Both answers must have been exercised.
    #expect(found > 50 && found < 350, "\(found) of 400 had an assignment")
  }

  @Test func keepsPreferredPlacesThatDoNotCollide() {
    // Category 1 prefers place 0, which category 0 prefers too and gets first;
    // category 2 keeps its preferred place 3 though place 2 comes first.
    let eligible = [[0, 1], [0, 1], [2, 3]]
    let assigned = PlaceMatching.assign(eligible: eligible, preferred: [0, 0, 3])
    #expect(assigned == [0, 1, 3])
  }

  @Test func movesAnEarlierChoiceWhenOnlyThatLeavesRoom() {
    // Category 0 takes place 0 first; category 1 can only have place 0.
    let assigned = PlaceMatching.assign(eligible: [[0, 1], [0]], preferred: [0, nil])
    #expect(assigned == [1, 0])
  }
}
