import Foundation
import ItineraryCore
import Testing

@testable import ItineraryPlaces

/// The small readers under the providers: week hours, display text and the
/// OpenStreetMap rules file.
@Suite struct TextRulesTests {
  func hours(_ slots: [(Int, String, String)]) -> String? {
    var week = WeeklyHours()
    for (day, open, close) in slots { week.add(day: day, open: open, close: close) }
    return week.openingHours
  }

  @Test func weeksBecomeOpeningHours() {
    #expect(hours([]) == nil)
    #expect(hours([(0, "1100", "2200")]) == "Mo 11:00-22:00")
    #expect(
      hours([(0, "0900", "1700"), (1, "0900", "1700"), (2, "0900", "1700"), (4, "0900", "1700")])
        == "Mo-We,Fr 09:00-17:00")
    #expect(hours([(5, "1800", "0200"), (5, "1100", "1400")]) == "Sa 11:00-14:00,18:00-02:00")
    #expect(hours([(6, "0000", "0000")]) == "Su 00:00-24:00")
    #expect(hours([(3, "1800", "+0130")]) == "Th 18:00-01:30")
    #expect(hours([(0, "1000", "1200"), (0, "1000", "1200")]) == "Mo 10:00-12:00")
  }

  @Test(arguments: [
    (7, "1000", "1200"), (-1, "1000", "1200"), (0, "2500", "1200"), (0, "1060", "1200"),
    (0, "10:00", "1200"), (0, "ab12", "1200"), (0, "1000", "+2401"), (0, "", ""),
    (0, "١٠٠٠", "1200"),
  ])
  func brokenSlotsAreDropped(day: Int, open: String, close: String) {
    #expect(hours([(day, open, close)]) == nil)
    #expect(hours([(day, open, close), (1, "0800", "0900")]) == "Tu 08:00-09:00")
  }

  @Test func displayTextKeepsWordsAndDropsEscapes() {
    #expect(DisplayText.clean("  Café\u{1B}[1;31m  Aalto\u{1B}[0m ") == "Café Aalto")
    #expect(DisplayText.clean("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b") == "alinkb")
    #expect(DisplayText.clean("line\u{2028}two\r\nthree") == "line two three")
    #expect(DisplayText.clean("\u{9B}31mred") == "red")
    #expect(DisplayText.clean("\u{1B}(Bplain\u{1B}=") == "plain")
    #expect(DisplayText.clean("trailing escape \u{1B}") == "trailing escape")
    #expect(DisplayText.clean("\u{0}\u{7}") == nil)
    #expect(DisplayText.clean(nil) == nil)
  }

  @Test func theRulesFileIsReadAndBrokenOnesAreRefused() throws {
    let rules = OSMPlaceRules.standard
    #expect(rules.categories(tags: ["tourism": "gallery", "shop": "hairdresser"]).isEmpty)
    #expect(rules.categories(tags: ["tourism": "gallery", "shop": "art"]) == ["art"])
    #expect(
      rules.categories(tags: ["tourism": "artwork", "historic": "memorial"])
        == ["artwork", "memorial"])
    #expect(
      rules.categories(tags: ["historic": "memorial", "memorial": "plaque"]) == ["plaque"],
      "a plaque is no memorial")
    #expect(
      rules.categories(tags: ["amenity": "arts_centre", "culture": "music"]).isEmpty,
      "an arts centre for music is no art")
    #expect(rules.categories(tags: ["amenity": "concert_hall"]) == ["music"])
    #expect(rules.kind(tags: ["tourism": "museum", "museum": "art"]) == "tourism=museum")
    #expect(rules.kind(tags: ["tourism": "artwork", "historic": "memorial"]) == "tourism=artwork")
    #expect(rules.kind(tags: ["amenity": "fast_food"]) == "amenity=fast_food")
    #expect(rules.kind(tags: ["tourism": "gallery", "shop": "hairdresser"]) == nil)
    for broken in [
      "", "{}", #"{"categories": [], "osmScore": {"base": "x"}}"#,
      #"{"categories": [], "osmScore": {"scale": 0, "signals": []}}"#,
    ] {
      #expect(throws: (any Error).self) {
        try OSMPlaceRules(json: Data(broken.utf8), vocabulary: .standard)
      }
    }
  }
}
