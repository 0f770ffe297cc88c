import ItineraryCore
import ItineraryStore

/// One completion of what was typed: a category of the vocabulary or a
/// place of the embedded city.
public struct CompletionResult: Codable, Sendable, Equatable {
  /// `category` or `place`.
  public var kind: String
  /// The completed name.
  public var text: String
  /// The place's id, for a place.
  public var id: String?
}

extension PlaceFinder {
  /// Completions shown by default, and the most one request may ask for.
  public static let defaultCompletions = 10
  public static let maxCompletions = 50

  /// The category and place names completing `prefix` (`PlacesIndex.complete`):
  /// any word of a name, ignoring case and accents, categories first, then
  /// places best first.
  ///
  /// - Throws: `.usage` for an empty prefix or a limit outside 1...50.
  /// - Complexity: O(limit) after the index's lookup.
  public func complete(_ prefix: String, limit: Int = defaultCompletions) throws(ItineraryError)
    -> [CompletionResult]
  {
    if !(1...Self.maxCompletions).contains(limit) {
      throw ItineraryError(
        .usage, "a completion limit must be within 1...\(Self.maxCompletions), got \(limit)")
    }
    return try EmbeddedIndex.shared.get().complete(prefix: prefix, limit: limit).map { completion in
      switch completion {
      case .category(let category): CompletionResult(kind: "category", text: category.name)
      case .place(let place): CompletionResult(kind: "place", text: place.name, id: place.id)
      }
    }
  }
}
