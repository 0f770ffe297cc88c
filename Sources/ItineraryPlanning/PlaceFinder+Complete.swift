import ItineraryCore
import ItineraryPlaces
import ItineraryStore

/// One completion of what was typed: a category of the vocabulary or a
/// place of the embedded city or of an imported one.
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

  /// The category and place names completing `prefix` (`CityFile.completions`):
  /// any word of a name, ignoring case and accents, categories first, then
  /// places best first: the embedded city's, or with `provider` an imported
  /// city's (`city:NAME`).
  ///
  /// - Throws: `.usage` for an empty prefix, a limit outside 1...50 or a live
  ///   provider; `.data` for an imported city that is not there.
  /// - Complexity: O(limit) after the indexes' lookups.
  public func complete(
    _ prefix: String, limit: Int = defaultCompletions, provider: ProviderID? = nil
  ) throws(ItineraryError) -> [CompletionResult] {
    if !(1...Self.maxCompletions).contains(limit) {
      throw ItineraryError(
        .usage, "a completion limit must be within 1...\(Self.maxCompletions), got \(limit)")
    }
    var city = EmbeddedCity.helsinki.file
    if let provider, provider != .embedded {
      guard let name = provider.cityName else {
        throw ItineraryError(
          .usage,
          "completions come from the embedded city or an imported one (city:NAME), "
            + "not from \(provider.rawValue)")
      }
      city = try ImportedCities(environment: environment).open(name)
    }
    return try city.completions(prefix: prefix, limit: limit).map(Self.result)
  }

  private static func result(_ completion: Completion) -> CompletionResult {
    switch completion {
    case .category(let category): CompletionResult(kind: "category", text: category.name)
    case .place(let place): CompletionResult(kind: "place", text: place.name, id: place.id)
    }
  }
}
