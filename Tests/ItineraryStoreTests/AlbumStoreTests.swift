import Foundation
import ItineraryCore
import Testing

@testable import ItineraryStore

/// Albums: collections of photos with their pin, replaced whole by a new
/// set, edited photo by photo, kept across a reopen of the store.
@Suite struct AlbumStoreTests {
  let pin = AlbumPin(lat: 60.17, lon: 24.94, radiusKm: 1, source: "commons", page: 1)

  func photos(_ ids: [String]) -> [AlbumPhoto] {
    ids.map { AlbumPhoto(id: $0, name: $0, payload: Data("{\"id\":\"\($0)\"}".utf8)) }
  }

  @Test func albumsSurviveAReopenAndANewSetReplacesThePhotos() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    do {
      let store = try Store(directory: scratch.url, warn: { _ in })
      try store.saveAlbum(named: "Senate", pin: pin, photos: photos(["c:3", "c:1", "c:2"]))
      try store.removePhoto(id: "c:1", fromAlbum: "Senate")
    }
    let reopened = try Store(directory: scratch.url, warn: { _ in })
    let album = try reopened.album(named: "senate")
    #expect(album.pin == pin)
    #expect(album.photos.map(\.placeID) == ["c:3", "c:2"])
    var next = pin
    next.page = 2
    try reopened.saveAlbum(named: "Senate", pin: next, photos: photos(["c:9"]))
    let renewed = try Store(directory: scratch.url, warn: { _ in }).album(named: "Senate")
    #expect(renewed.pin.page == 2)
    #expect(renewed.photos.map(\.placeID) == ["c:9"])
    #expect(try reopened.collections().map(\.name) == ["Senate"])
  }

  @Test func aCollectionOfPlacesIsNoAlbum() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let store = try Store(directory: scratch.url, warn: { _ in })
    try store.createCollection(named: "Museums")
    #expect {
      try store.saveAlbum(named: "Museums", pin: pin, photos: [])
    } throws: { error in
      (error as? ItineraryError)?.message
        == "\"Museums\" is a collection of places, not a photo album"
    }
    #expect(throws: ItineraryError.self) { try store.album(named: "Museums") }
    #expect(throws: ItineraryError.self) { try store.removePhoto(id: "x", fromAlbum: "Nope") }
  }
}
