import Foundation
import ItineraryFixtures

/// Tag corrections by OpenStreetMap element id (`node/N`), each checked by
/// hand: `fixtures/helsinki-corrections.json`, which the build of the
/// embedded city applies too. Element ids are the same in every extract, so
/// they apply to any import that holds those elements and touch nothing else.
struct TagCorrections: Sendable {
  /// By element id: the new value of each tag, `nil` to remove it.
  let byElement: [String: [String: String?]]

  static let standard: TagCorrections = {
    struct File: Decodable {
      struct Entry: Decodable { var tags: [String: String?] }
      var elements: [String: Entry]
    }
    do {
      let file = try JSONDecoder().decode(
        File.self, from: Data(Fixtures.helsinkiCorrectionsJSON.utf8))
      return TagCorrections(byElement: file.elements.mapValues(\.tags))
    } catch {
      preconditionFailure("fixtures/helsinki-corrections.json does not parse: \(error)")
    }
  }()

  /// `tags` of element `id` with its corrections applied.
  func corrected(_ id: String, _ tags: [String: String]) -> [String: String] {
    guard let fixes = byElement[id] else { return tags }
    var tags = tags
    for (key, value) in fixes { tags[key] = value }
    return tags
  }
}
