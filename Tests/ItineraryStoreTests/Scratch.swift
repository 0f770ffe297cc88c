import Foundation
import ItineraryCore
import Synchronization

@testable import ItineraryStore

/// A fresh directory under the temporary directory, removed by `remove()`.
struct Scratch {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appending(path: "itinerary-store-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// A city file `NAME.sqlite` in the directory, of `elements` elements:
  /// `fill` adds what it holds before it is finished.
  func cityFile(
    named name: String, elements: Int, _ fill: (CityFileWriter) throws -> Void
  ) throws -> URL {
    let file = url.appending(path: "\(name).sqlite")
    let writer = try CityFileWriter(file: file)
    try fill(writer)
    _ = try writer.finish(
      name: name, source: "\(name).osm.pbf", attribution: "OpenStreetMap",
      importedAt: Date(timeIntervalSince1970: 1_796_119_200), elements: elements)
    return file
  }

  /// The names in the directory, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

/// Lines written by the code under test, collected across threads.
final class Lines: Sendable {
  private let lines = Mutex<[String]>([])
  var all: [String] { lines.withLock { $0 } }
  func append(_ line: String) { lines.withLock { $0.append(line) } }
}
