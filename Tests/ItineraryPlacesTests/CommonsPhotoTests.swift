import ItineraryCore
import Testing

@testable import ItineraryPlaces

/// Photo URLs from OpenStreetMap's `image` and `wikimedia_commons` tags.
@Suite struct CommonsPhotoTests {
  @Test func anImageURLIsKeptAsItIs() {
    #expect(
      CommonsPhoto.url(tags: ["image": "https://example.org/a.jpg"]) == "https://example.org/a.jpg")
  }

  @Test func commonsFileNamesBecomeFilePathURLs() {
    let base = "https://commons.wikimedia.org/wiki/Special:FilePath/"
    #expect(
      CommonsPhoto.url(tags: ["wikimedia_commons": "File:Helsinki Cathedral.jpg"])
        == base + "Helsinki_Cathedral.jpg")
    #expect(
      CommonsPhoto.url(tags: ["image": "File:Kiasma 2019.jpg"]) == base + "Kiasma_2019.jpg")
    #expect(
      CommonsPhoto.url(tags: ["wikimedia_commons": "File:Ateneum & more?.jpg"])
        == base + "Ateneum_%26_more%3F.jpg")
    #expect(
      CommonsPhoto.url(tags: ["wikimedia_commons": "File:Äänekoski.jpg"])
        == base + "%C3%84%C3%A4nekoski.jpg")
  }

  @Test func imageComesBeforeCommons() {
    #expect(
      CommonsPhoto.url(tags: [
        "image": "https://example.org/a.jpg", "wikimedia_commons": "File:B.jpg",
      ])
        == "https://example.org/a.jpg")
  }

  @Test(arguments: [
    ["wikimedia_commons": "Category:Kiasma"], ["image": "not a url"], ["image": "File:"],
    ["image": "javascript:alert(1)"], ["wikimedia_commons": "File:\u{1B}[31m"], [:],
  ])
  func whatNamesNoPictureGivesNone(_ tags: [String: String]) {
    #expect(CommonsPhoto.url(tags: tags) == nil)
  }

  @Test func placesMadeFromOpenStreetMapTagsTakeTheirPhotoByThisRule() throws {
    let base = "https://commons.wikimedia.org/wiki/Special:FilePath/"
    let cases: [([String: String], String?)] = [
      (["image": "https://example.org/a.jpg"], "https://example.org/a.jpg"),
      (["image": "File:Kiasma 2019.jpg"], base + "Kiasma_2019.jpg"),
      (["wikimedia_commons": "File:B.jpg"], base + "B.jpg"),
      (["wikimedia_commons": "Category:Kiasma"], nil), (["image": "not a url"], nil),
    ]
    for (photoTags, expected) in cases {
      let tags = photoTags.merging(["name": "Kiasma", "tourism": "museum"]) { first, _ in first }
      let point = try #require(MapPoint(Coordinate(lat: 60.172, lon: 24.937)))
      let place = try #require(
        OSMPlaceRules.standard.place(
          MapElement(id: "way/1", tags: tags, location: point), in: MapContext()))
      #expect(place.photoURL == expected, "\(photoTags)")
    }
  }
}
