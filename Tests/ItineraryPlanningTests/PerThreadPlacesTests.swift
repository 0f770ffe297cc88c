import Foundation
import ItineraryCore
import Synchronization
import Testing

@testable import ItineraryPlanning

/// Each thread plans from its own copy of the places: equal to them, kept
/// for the thread, in storage the other threads do not share.
@Suite struct PerThreadPlacesTests {
  static let places = [
    Place(
      id: "node/1234567890123456", name: "A name longer than fifteen bytes",
      categories: ["restaurant", "a category longer than fifteen"],
      coordinate: Coordinate(lat: 60.17, lon: 24.94), address: "Mannerheimintie 1, Helsinki",
      openingHours: "Mo-Fr 10:00-18:00; Sa 10:00-16:00", source: "openstreetmap",
      photoURL: "https://example.com/a/photo.jpg"),
    Place(id: "b", name: "B", categories: ["park"], coordinate: Coordinate(lat: 60.18, lon: 24.95)),
  ]

  /// Where a string's bytes are, when it keeps them in storage of its own.
  static func storage(_ text: String) -> UnsafeRawPointer? {
    var text = text
    return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func eachThreadHasItsOwnEqualCopy() throws {
    let shared = PerThreadPlaces(Self.places)
    let mine = shared.forThisThread()
    #expect(mine == Self.places)
    #expect(Self.storage(shared.forThisThread()[0].name) == Self.storage(mine[0].name))
    let theirs = Mutex<[Place]>([])
    let thread = Thread { theirs.withLock { $0 = shared.forThisThread() } }
    thread.start()
    while theirs.withLock({ $0.isEmpty }) { usleep(1000) }
    let other = theirs.withLock { $0 }
    #expect(other == Self.places)
    for (a, b) in [(mine[0].name, other[0].name), (mine[0].name, Self.places[0].name)] {
      #expect(Self.storage(a) != Self.storage(b))
    }
    #expect(Self.storage(mine[0].categories[1]) != Self.storage(other[0].categories[1]))
  }
}
