import Foundation
import ItineraryCore
import ItineraryPlaces

/// What a person asks `search` for: places of some categories, or whose
/// name holds some words, around a point, ordered one of three ways. Every
/// key is the `search` flag of the same name in camelCase, as in `PlanRequest`.
///
/// Absent values take the documented defaults; a response echoes the
/// request as it was given, so it reads back and searches again.
public struct SearchRequest: Codable, Sendable, Equatable {
  /// Category words (names or aliases of the vocabulary); a place of any
  /// of them matches. Empty: every category.
  public var categories: [String]
  /// Words the name (or the address or a category) must hold, ignoring case
  /// and accents.
  public var text: String?
  /// Where distances are measured from; absent: `near`, else the embedded
  /// city's centre.
  public var at: Coordinate?
  /// A place name to search around, found with a geocoder.
  public var near: String?
  /// Where places come from; absent: the embedded city when the point lies
  /// in it, else OpenStreetMap.
  public var provider: ProviderID?
  /// How many results, 1 to `SearchRequest.maxLimit`.
  public var limit: Int?
  public var sort: SearchSort?
  /// Only places open at the moment of the search.
  public var openNow: Bool?
  /// Only places within this many kilometres.
  public var radius: Double?
  /// The IANA time zone opening hours are read in; absent: Europe/Helsinki
  /// in the embedded city, else the machine's zone.
  public var tz: String?
  public var units: DistanceUnit?
  /// Only places serving this, of the categories that serve food or drink
  /// (`PlaceFilter`); with no category, those categories only.
  public var cuisine: String?
  /// Only places of this price level or cheaper, 1 to 4 (Yelp, Foursquare).
  public var price: Int?
  /// Give each result a few Commons photos with their credit lines
  /// (`FoundPlace.photoDetails`); a photo that fails is a warning only.
  public var photos: Bool?

  /// What `cuisine` and `price` keep.
  public var filter: PlaceFilter { PlaceFilter(cuisine: cuisine, price: price) }

  public init(categories: [String] = [], text: String? = nil) {
    self.categories = categories
    self.text = text
  }

  /// Results shown by default, and the most a search may ask for (the
  /// live providers cap a page at 50).
  public static let defaultLimit = 10
  public static let maxLimit = 50

  /// Every key a request may hold.
  public static let keys = [
    "categories", "text", "at", "near", "provider", "limit", "sort", "openNow", "radius",
    "tz", "units", "cuisine", "price", "photos",
  ]

  /// Checks every value before anything is fetched.
  ///
  /// - Parameter name: how the front end spells a key in messages.
  /// - Throws: `.usage` naming the key.
  public func validate(naming name: (String) -> String = { $0 }) throws(ItineraryError) {
    func fail(_ key: String, _ message: String) -> ItineraryError {
      ItineraryError(.usage, "\(name(key)) \(message)")
    }
    if let why = at?.invalidity { throw fail("at", "is not a point on the Earth: \(why)") }
    if at != nil && near != nil {
      throw ItineraryError(.usage, "\(name("at")) and \(name("near")) exclude each other")
    }
    if let near, near.trimmingCharacters(in: .whitespaces).isEmpty {
      throw fail("near", "is empty")
    }
    if let text, text.trimmingCharacters(in: .whitespaces).isEmpty {
      throw fail("text", "is empty")
    }
    if let provider, provider.isLive, categories.isEmpty {
      throw ItineraryError(
        .usage, "the \(provider.rawValue) provider needs at least one category to search for")
    }
    try Range.check(limit, 1...Self.maxLimit, "limit", fail)
    try Range.positive(radius, atMost: Defaults.maxRadiusKm, "radius", fail)
    try filter.validate(fail)
    if let tz, TimeZone(identifier: tz) == nil {
      throw fail("tz", "is not a time zone we know, got '\(tz)'")
    }
  }
}

/// How search results are ordered.
public enum SearchSort: String, Codable, Sendable, CaseIterable {
  /// Best match of the text first, then the planner's value of a one-stop
  /// visit: score minus the walking price of the distance.
  case relevance
  /// Highest score first (the rating, weighed by its reviews).
  case rating
  /// Nearest first.
  case distance
}
