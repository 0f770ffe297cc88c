import Testing

@testable import ItineraryStore

@Suite struct EditDistanceTests {
  @Test func distancesCountSingleCharacterEdits() {
    #expect(EditDistance.between("kitten", "sitting") == 3)
    #expect(EditDistance.between("", "abc") == 3)
    #expect(EditDistance.between("abc", "") == 3)
    #expect(EditDistance.between("Museum", "museum") == 0)
    #expect(EditDistance.between("café", "cafe") == 1)
  }

  @Test func nearMatchesAreTheClosestWithinAThird() {
    let names = ["weekend", "weekday", "week", "museums", "w"]
    #expect(EditDistance.nearMatches(of: "weekand", in: names) == ["weekend"])
    #expect(EditDistance.nearMatches(of: "wek", in: names) == ["week", "w"])
    #expect(EditDistance.nearMatches(of: "parks", in: names).isEmpty)
    #expect(EditDistance.nearMatches(of: "weeke", in: names, limit: 1) == ["week"])
  }
}
