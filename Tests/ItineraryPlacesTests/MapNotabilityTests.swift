import Foundation
import ItineraryCore
import ItineraryFixtures
import Testing

@testable import ItineraryPlaces

/// Map notability signal by signal, each against the rule
/// `fixtures/categories.json` states for it rather than a number written here.
@Suite struct MapNotabilityTests {
  let rules = OSMPlaceRules.standard
  var notability: MapNotability { rules.notability }
  /// 2019-04-21T09:50:14Z, the newest edit of the embedded city's extract.
  let newest = 1_555_840_214
  let year = 365.2425 * 86_400

  func element(
    _ tags: [String: String], footprint: Double? = nil, version: Int? = nil, edited: Int? = nil
  ) -> MapElement {
    MapElement(
      id: "node/1", tags: ["name": "P"].merging(tags) { _, new in new },
      location: MapPoint(x: 249_400_000, y: 601_700_000), footprint: footprint, version: version,
      edited: edited)
  }

  func points(_ element: MapElement, _ context: MapContext = MapContext()) -> Double {
    notability.terms(of: element, in: context).reduce(0) { $0 + $1.points }
  }

  func score(_ element: MapElement, _ context: MapContext = MapContext()) -> Double {
    notability.score(of: element, in: context)
  }

  @Test func aPlaceNothingIsKnownAboutScoresThePrior() {
    #expect(score(element(["amenity": "restaurant"])) == 3.0)
    #expect(notability.terms(of: element(["amenity": "restaurant"]), in: MapContext()).isEmpty)
  }

  @Test func theScoreIsTheTanhOfThePointsToTheThousandth() {
    for points in [-500.0, -100, -1, 0, 0.4, 37, 100, 200, 1000] {
      let expected = ((3 + 2 * tanh(points / notability.scale)) * 1000).rounded() / 1000
      #expect(notability.score(points: points) == expected)
    }
  }

  /// Even a place with every signal, or every signal against it, stays
  /// inside the scale: nothing reads as a perfect 5 or a floor of 1.
  @Test func theScaleLeavesRoomAtBothEnds() {
    let rules = notability.rules
    let measures = [
      rules.languages.atMost, rules.footprint.atMost, rules.age.atMost, rules.edits.atMost,
    ]
    let most = notability.signals.map { max(0, $0.points) }.reduce(0, +) + measures.reduce(0, +)
    let least =
      notability.signals.map { min(0, $0.points) }.reduce(0, +) + notability.chainPoints
      - rules.staleness.atMost
    #expect(notability.score(points: most) < 5)
    #expect(notability.score(points: least) > 1)
  }

  /// Every tag signal adds its own points, once whichever of its tags match.
  @Test func eachTagSignalAddsItsPointsOnce() throws {
    for signal in notability.signals {
      var tags: [String: String] = [:]
      for pattern in signal.patterns {
        switch pattern.test {
        case .present(let key): tags[key] = "yes"
        case .equals(let key, let value): tags[key] = value
        case .prefix(let prefix): tags[prefix + "x"] = "yes"
        }
      }
      let terms = notability.terms(of: element(tags), in: MapContext())
      #expect(
        terms.filter { $0.name == signal.name } == [
          .init(name: signal.name, points: signal.points)
        ],
        "\(signal.name)")
    }
  }

  @Test func aChainGoesBelowAnIndependentAndWithoutTheBrandsLinks() throws {
    let described = [
      "amenity": "restaurant", "wikidata": "Q1", "wikipedia": "en:X", "website": "w",
      "opening_hours": "Mo 10:00-12:00",
    ]
    let independent = element(described)
    let branch = element(described.merging(["brand:wikidata": "Q2"]) { _, new in new })
    let terms = notability.terms(of: branch, in: MapContext()).map(\.name)
    #expect(terms.contains("chain") && !terms.contains("wikidata") && !terms.contains("wikipedia"))
    #expect(score(branch) < score(independent))
    #expect(score(branch) < 3, "a chain is below a place nothing is known about")
    // A shared name makes a business a chain's; a square of a shared name stays one.
    let context = MapContext(chainNames: ["picnic"])
    #expect(score(element(["amenity": "cafe", "name": "Picnic"]), context) < 3)
    #expect(score(element(["amenity": "cafe", "name": "PICNIC Kamppi"]), context) < 3)
    #expect(score(element(["amenity": "cafe", "name": "Picnickers"]), context) == 3)
    #expect(score(element(["place": "square", "name": "Picnic"]), context) == 3)
  }

  @Test func theKindOfPlaceOrdersPlacesWithTheSameOtherSignals() {
    let same = ["wikidata": "Q1", "website": "w"]
    func scored(_ kind: [String: String]) -> Double {
      score(element(same.merging(kind) { _, new in new }))
    }
    #expect(scored(["tourism": "museum"]) > scored(["tourism": "gallery"]))
    #expect(scored(["tourism": "gallery"]) > scored(["shop": "art"]))
    #expect(scored(["shop": "art"]) == scored(["tourism": "artwork"]))
    #expect(scored(["amenity": "restaurant"]) > scored(["amenity": "fast_food"]))
  }

  @Test func languagesCountEachLanguageUpToTheirCap() throws {
    let rule = notability.rules.languages
    #expect(points(element(["name:fi": "a", "name:sv": "b"])) == 2 * rule.pointsEach)
    #expect(
      points(element(["name:zh-Hant": "a", "name:etymology": "b", "name:left": "c", "name:": "d"]))
        == rule.pointsEach)
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let many = Dictionary(
      uniqueKeysWithValues: (0..<30).map {
        ("name:" + String([letters[$0 / 26], letters[$0 % 26]]), "x")
      })
    #expect(points(element(many)) == rule.atMost)
    for (key, counts) in [
      ("name:en", true), ("name:sr-Latn", true), ("name:EN", false), ("name:english", false),
      ("name:en-", false), ("name:en-x", false), ("names:en", false), ("name:é", false),
    ] {
      #expect(MapNotability.isLanguageName(key) == counts, "\(key)")
    }
  }

  @Test func theFootprintAddsPointsForEachDoubling() {
    let rule = notability.rules.footprint
    #expect(points(element([:], footprint: rule.fromSquareMetres)) == 0)
    #expect(points(element([:], footprint: 2 * rule.fromSquareMetres)) == rule.pointsPerDoubling)
    let twice = points(element([:], footprint: 1600)) - points(element([:], footprint: 800))
    #expect(abs(twice - rule.pointsPerDoubling) < 1e-9)
    #expect(points(element([:], footprint: 1e9)) == rule.atMost)
    #expect(points(element([:], footprint: nil)) == 0)
  }

  @Test func ageAndStalenessCountToTheNewestEdit() {
    let context = MapContext(newestEdit: newest)
    let age = notability.rules.age
    // 2019 less 1908: 11.1 decades.
    #expect(
      abs(points(element(["start_date": "1908"]), context) - 11.1 * age.pointsPerDecade) < 1e-9)
    #expect(points(element(["start_date": "1208"]), context) == age.atMost)
    #expect(points(element(["start_date": "1908"])) == 0, "no edit times, no age")
    let stale = notability.rules.staleness
    let twoYears = element([:], edited: newest - Int(2 * year))
    #expect(abs(points(twoYears, context) - 2 * stale.pointsPerYear) < 1e-6)
    #expect(points(element([:], edited: newest - Int(40 * year)), context) == -stale.atMost)
    #expect(points(element([:], edited: newest), context) == 0)
    let edits = notability.rules.edits
    #expect(points(element([:], version: 1)) == 0)
    #expect(points(element([:], version: 4)) == 3 * edits.pointsEach)
    #expect(points(element([:], version: 400)) == edits.atMost)
  }

  @Test(arguments: [
    ("1908", 1908), ("~1900", 1900), ("1913-1914", 1913), ("1887-05-12", 1887),
    ("1.11.2016", nil), ("19000", nil), ("190", nil), ("C19", nil), ("", nil), ("about 1900", nil),
    ("١٩٠٨", nil),
  ])
  func startDatesGiveTheirYearOrNone(text: String, year: Int?) {
    #expect(MapNotability.year(text) == year)
  }

  @Test func excludedElementsAreNoCandidates() {
    #expect(!rules.isCandidate(["name": "Roof", "amenity": "bar", "opening_hours": "closed"]))
    #expect(!rules.isCandidate(["name": "Old", "amenity": "bar", "disused": "yes"]))
    #expect(!rules.isCandidate(["amenity": "bar"]), "no name")
    #expect(!rules.isCandidate(["name": "\u{1B}[0m", "amenity": "bar"]), "a name of escapes")
    #expect(rules.isCandidate(["name": "Bar", "amenity": "bar"]))
    #expect(
      rules.place(element(["amenity": "bar", "opening_hours": "off"]), in: MapContext()) == nil)
  }

  @Test func placesCarryTheirKindCuisinesAndScore() throws {
    let place = try #require(
      rules.place(
        element(["amenity": "restaurant", "cuisine": "Pizza; italian;;", "wikidata": "Q9"]),
        in: MapContext()))
    #expect(place.kind == "amenity=restaurant")
    #expect(place.cuisines == ["pizza", "italian"])
    let points = notability.signals.filter { ["wikidata", "cuisine"].contains($0.name) }
      .reduce(0) { $0 + $1.points }
    #expect(place.score == notability.score(points: points), "Wikidata and cuisine")
    #expect(place.source == "osm" && place.scoreSource == .map)
  }

  @Test func theContextCountsCandidatesOnly() {
    var builder = MapContext.Builder(rules: rules)
    builder.add(tags: ["name": "Picnic", "amenity": "cafe"], edited: 10)
    builder.add(tags: ["name": "PICNIC", "amenity": "fast_food"], edited: 30)
    builder.add(tags: ["name": "Roberts coffee", "amenity": "cafe"], edited: 20)
    builder.add(tags: ["name": "Robert's Coffee", "amenity": "cafe"], edited: nil)
    // A street with a newer edit is no candidate; nor is a closed café.
    builder.add(tags: ["name": "Picnic", "highway": "residential"], edited: 99)
    builder.add(tags: ["name": "Solo", "amenity": "cafe", "opening_hours": "closed"], edited: 98)
    builder.add(tags: ["name": "Solo", "amenity": "cafe"], edited: nil)
    // Two statues of one Wikidata item are one; two squares of one name no chain.
    builder.add(tags: ["name": "Tekla", "place": "square"], edited: nil)
    builder.add(tags: ["name": "Tekla", "place": "square"], edited: nil)
    builder.add(tags: ["name": "Twin", "shop": "gift", "wikidata": "Q1"], edited: nil)
    builder.add(tags: ["name": "Twin", "shop": "gift", "wikidata": "Q1"], edited: nil)
    let context = builder.context
    #expect(context.newestEdit == 30)
    #expect(context.chainNames == ["picnic", "roberts coffee"])
    #expect(context.isChainName("Fazer Café") == false)
    #expect(MapContext.folded("  Fazer  Café ") == MapContext.folded("fazer cafe"))
    #expect(MapContext.folded("Ben & Jerry’s") == "ben jerrys")
    #expect(MapContext.folded("&&!") == nil)
    #expect(MapContext().isChainName("") == false)
  }

  @Test func aRulesFileWithAScaleOfZeroIsRefused() throws {
    let json = Fixtures.categoriesJSON.replacingOccurrences(
      of: #""scale": 200"#, with: #""scale": 0"#)
    #expect(json != Fixtures.categoriesJSON)
    #expect(throws: ItineraryError.self) {
      try OSMPlaceRules(json: Data(json.utf8), vocabulary: .standard)
    }
  }
}
