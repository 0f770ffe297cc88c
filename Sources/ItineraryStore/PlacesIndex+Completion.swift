import Foundation
import ItineraryCore

/// One completion of a typed prefix: a category of the vocabulary or a place.
public enum Completion: Hashable, Sendable {
  case category(CanonicalCategory)
  case place(Place)

  /// The completed name.
  public var text: String {
    switch self {
    case .category(let category): category.name
    case .place(let place): place.name
    }
  }
}

extension PlacesIndex {
  /// The category and place names that complete `prefix`, best first.
  ///
  /// A name completes a prefix when some run of its words does, the last
  /// word as a prefix, ignoring case and accents ("kais" finds Kaisaniemen
  /// puisto, "rex" Amos Rex, "cafe" Café Regatta). Categories come first,
  /// in the vocabulary's order, then places by score (highest first), name
  /// and id.
  ///
  /// - Parameters:
  ///   - prefix: what was typed so far; a prefix with no letter or digit
  ///     completes nothing.
  ///   - limit: the most completions returned, at least 1.
  /// - Throws: `ItineraryError` (usage) for an empty prefix or a limit below 1.
  /// - Complexity: O(limit) row reads after an FTS5 lookup of the prefix's
  ///   words, for prefixes whose words match many names.
  public func complete(prefix: String, limit: Int) throws(ItineraryError) -> [Completion] {
    guard !prefix.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw ItineraryError(.usage, "the prefix to complete is empty")
    }
    guard limit >= 1 else {
      throw ItineraryError(.usage, "a completion limit is at least 1, not \(limit)")
    }
    guard prefix.contains(where: { $0.isLetter || $0.isNumber }) else { return [] }
    // One FTS5 phrase whose last word is a prefix: `"amos r" *`.
    let query = "\"" + prefix.replacingOccurrences(of: "\"", with: "\"\"") + "\" *"
    let rows: [Int]
    do throws(SQLiteError) {
      rows = try connection.withLock { statements throws(SQLiteError) in
        try statements.complete.bind([.text(query), .int(limit)])
        var rows: [Int] = []
        while try statements.complete.step() { rows.append(statements.complete.int(0)) }
        return rows
      }
    } catch {
      throw error.itineraryError(file: "the places index")
    }
    return rows.map { row in
      row <= categories.count
        ? .category(categories[row - 1]) : .place(places[row - categories.count - 1])
    }
  }
}
