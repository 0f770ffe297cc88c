import Foundation
import ItineraryCore
import ItineraryStore

/// `store-writer DIRECTORY TAG COUNT`: opens the store in DIRECTORY and
/// writes COUNT history entries and COUNT liked places, then a saved plan
/// and a collection named TAG, each write a transaction of its own. The
/// store's tests start many at once to prove that concurrent writers lose
/// nothing.
@main
enum StoreWriter {
  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    guard arguments.count == 3, let count = Int(arguments[arguments.startIndex + 2]) else {
      fail(ItineraryError(.usage, "usage: store-writer DIRECTORY TAG COUNT"))
    }
    let directory = URL(fileURLWithPath: arguments[arguments.startIndex])
    let tag = arguments[arguments.startIndex + 1]
    do throws(ItineraryError) {
      let store = try Store(directory: directory, warn: { print("warning: \($0)") })
      for index in 0..<count {
        let request = Data(#"{"tag": "\#(tag)", "index": \#(index)}"#.utf8)
        try store.recordHistory(
          kind: "plan", summary: "\(tag) \(index)", request: request, answer: request)
        try store.like(placeID: "\(tag)/\(index)", name: "\(tag) \(index)", payload: request)
      }
      try store.savePlan(named: tag, payload: Data(tag.utf8), summary: tag)
      try store.createCollection(named: tag)
      try store.addPlace(placeID: "\(tag)/0", name: tag, payload: Data(), toCollection: tag)
    } catch {
      fail(error)
    }
  }

  static func fail(_ error: ItineraryError) -> Never {
    FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
    exit(error.kind.exitCode)
  }
}
