import Foundation
import ItineraryCore

/// What `--cuisine WORD` and `--price N` keep of the places of the
/// categories that serve food or drink (`servesFoodOrDrink`: restaurant,
/// cafe, bar); the places of other categories are left as they are.
///
/// - cuisine: a place one of whose cuisines (OpenStreetMap `cuisine` values,
///   Yelp category aliases and titles, Foursquare category names) holds the
///   word's words in a row, compared lowercased, without accents, with `_`,
///   `-`, `;` and other marks as spaces and a plural `s` dropped: `burger`
///   finds `burgers`, `ice cream` finds `ice_cream`, `italian` finds
///   "Italian Restaurant".
/// - price: a place whose price level (1 cheap to 4 expensive) is known and
///   at most N. Only Yelp and Foursquare have prices.
public struct PlaceFilter: Sendable, Equatable {
  public var cuisine: String?
  public var price: Int?

  public init(cuisine: String? = nil, price: Int? = nil) {
    self.cuisine = cuisine
    self.price = price
  }

  /// Whether it keeps every place.
  public var isEmpty: Bool { cuisine == nil && price == nil }

  /// The filter in words, for messages: `serving sushi at price 2 or less`.
  var description: String {
    [cuisine.map { "serving \($0)" }, price.map { "at price \($0) or less" }].compactMap { $0 }
      .joined(separator: " ")
  }

  /// Whether `place` passes: its cuisine and its price as asked.
  ///
  /// - Complexity: O(total length of its cuisines).
  package func keeps(_ place: Place) -> Bool {
    if let price, (place.price ?? Int.max) > price { return false }
    guard let cuisine else { return true }
    let wanted = Self.words(cuisine)
    return !wanted.isEmpty
      && place.cuisines.contains { value in
        let words = Self.words(value)
        return words.count >= wanted.count
          && (0...(words.count - wanted.count)).contains {
            Array(words[$0..<($0 + wanted.count)]) == wanted
          }
      }
  }

  /// `places` with the filter applied to the categories among `asked` that
  /// serve food or drink: a place failing it loses those categories, and is
  /// left out when none of `asked` remains its.
  ///
  /// - Complexity: O(places * (categories + length of their cuisines)).
  package func apply(_ places: [Place], asked: [CanonicalCategory]) -> [Place] {
    guard !isEmpty else { return places }
    let filtered = Set(asked.filter { $0.servesFoodOrDrink == true }.map(\.name))
    return places.compactMap { place in
      guard !keeps(place) else { return place }
      var kept = place
      kept.categories = place.categories.filter { !filtered.contains($0.lowercased()) }
      return asked.contains(where: { kept.isEligible(for: $0.name) }) ? kept : nil
    }
  }

  /// A cuisine's words as they are compared.
  static func words(_ text: String) -> [String] {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
      .split { !($0.isLetter || $0.isNumber) }
      .map { word in
        word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss")
          ? String(word.dropLast()) : String(word)
      }
  }
}
