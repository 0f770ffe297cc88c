import ItineraryCore
import Testing

@Suite struct DiversityTests {
  /// Fewer than half of the places in common: two-stop plans share none,
  /// three and four one, five and six two.
  @Test(arguments: [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (9, 4)])
  func allowsFewerThanHalfOfThePlaces(stops: Int, shared: Int) {
    #expect(Diversity(stopCount: stops).maximumShared == shared)
  }

  @Test func admitsAPrefixByItsPlacesInCommon() {
    let diversity = Diversity(stopCount: 4)
    let earlier = [[1, 2, 3, 4], [5, 6, 7, 8]]
    #expect(diversity.admits([1, 9], after: earlier))
    #expect(diversity.admits([1, 5, 9], after: earlier))
    #expect(!diversity.admits([1, 2], after: earlier))
    #expect(!diversity.admits([9, 6, 8], after: earlier))
    #expect(diversity.admits([1, 2], after: []))
  }
}
