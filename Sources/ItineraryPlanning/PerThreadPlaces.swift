import Foundation
import ItineraryCore

/// A list of places with one copy of its own for each thread that asks,
/// strings and all.
///
/// Copying a place into a problem retains its strings. Threads that retain
/// the same strings contend for them: two cores planning from the embedded
/// city's one copy spent a tenth of their time there. Each thread's copy
/// is made on its first request and kept for the thread's life.
final class PerThreadPlaces: Sendable {
  private let copies: PerThread<Box>

  init(_ places: [Place]) {
    copies = PerThread { Box(places.map(\.withOwnStorage)) }
  }

  /// The calling thread's copy.
  ///
  /// - Complexity: O(1) after the thread's first call, O(size of the
  ///   places) for that one.
  func forThisThread() -> [Place] { copies.value.places }

  private final class Box: Sendable {
    let places: [Place]
    init(_ places: [Place]) { self.places = places }
  }
}

extension Place {
  /// The same place, its strings in storage of their own.
  fileprivate var withOwnStorage: Place {
    var copy = self
    copy.id = id.withOwnStorage
    copy.name = name.withOwnStorage
    copy.categories = categories.map(\.withOwnStorage)
    copy.address = address?.withOwnStorage
    copy.openingHours = openingHours?.withOwnStorage
    copy.source = source?.withOwnStorage
    copy.photoURL = photoURL?.withOwnStorage
    return copy
  }
}

extension String {
  fileprivate var withOwnStorage: String { String(decoding: Array(utf8), as: UTF8.self) }
}
