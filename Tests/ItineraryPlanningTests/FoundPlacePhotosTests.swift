import Foundation
import ItineraryCore
import ItineraryJSON
import ItineraryPlaces
import Testing

@testable import ItineraryPlanning

/// A place with photos asked for: its JSON's `photos` holds the photo
/// objects instead of the URLs, and reads back; without, nothing changes.
@Suite struct FoundPlacePhotosTests {
  static let photo = Photo(
    id: "commons:1", url: "https://upload.wikimedia.org/a.jpg",
    thumbnail: "https://upload.wikimedia.org/320px-a.jpg", width: 640, height: 480,
    author: "Someone", licence: "CC0", attribution: "Someone, CC0, via Wikimedia Commons",
    source: "commons")

  static func place() -> FoundPlace {
    FoundPlace(
      Place(
        id: "node/1", name: "Ateneum", categories: ["museum"],
        coordinate: Coordinate(lat: 60.17, lon: 24.94)))
  }

  @Test func photoObjectsTakeThePlaceOfTheURLsAndReadBack() throws {
    var place = Self.place()
    place.photoDetails = [Self.photo]
    let data = try SortedJSONEncoder.encode(place)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let photos = try #require(object["photos"] as? [[String: Any]])
    #expect(photos.first?["attribution"] as? String == Self.photo.attribution)
    let back = try JSONDecoder().decode(FoundPlace.self, from: data)
    #expect(back == place)
  }

  @Test func withoutPhotosAskedForTheJSONIsAsBefore() throws {
    var place = Self.place()
    place.photos = ["https://example.org/a.jpg"]
    let data = try SortedJSONEncoder.encode(place)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["photos"] as? [String] == ["https://example.org/a.jpg"])
    #expect(try JSONDecoder().decode(FoundPlace.self, from: data) == place)
  }
}
