import Foundation
import ItineraryCore

/// What to fetch for one category.
public struct PlaceQuery: Sendable {
  public var origin: Coordinate
  public var category: CanonicalCategory
  /// At most this many places.
  public var limit: Int
  /// Search radius around `origin`, in metres.
  public var radiusMeters: Int
  /// Only places open now, where the service can tell.
  public var openNow: Bool
  /// Only places open at this moment, where the service can tell (Yelp's
  /// `open_at`); ignored when `openNow` is set.
  public var openAt: Date?
}

/// The places one category's requests brought back.
public struct CategoryPlaces: Sendable {
  public var places: [Place]
  /// Results left out because they had no coordinates or no name.
  public var skipped: Int
  /// Whether every response came from the cache.
  public var fromCache: Bool

  public init(places: [Place], skipped: Int = 0, fromCache: Bool = false) {
    self.places = places
    self.skipped = skipped
    self.fromCache = fromCache
  }
}

/// A live source of places: it maps canonical categories to its own
/// vocabulary and its results to the engine's places.
public protocol PlaceProvider: Sendable {
  /// The name in messages and cache keys: `yelp`, `foursquare`, `overpass`.
  var name: String { get }
  /// How many of its requests may be in flight at once.
  var maxRequestsInFlight: Int { get }
  /// Fetches one category's places through `session`.
  func fetch(_ query: PlaceQuery, session: ServiceSession) throws(ItineraryError) -> CategoryPlaces
}

/// A provider that asks for every category in one request (Overpass: one
/// union query, as its usage policy asks), so the fetch stage calls it once.
public protocol CombinedPlaceProvider: PlaceProvider {
  /// Fetches the places of every query, which share one origin and radius,
  /// in one request; the answer holds one entry per query, in order.
  func fetch(all queries: [PlaceQuery], session: ServiceSession) throws(ItineraryError)
    -> [CategoryPlaces]
}

extension CanonicalCategory {
  /// The category itself first, then every other one of `vocabulary` that
  /// `matches` says the place also belongs to.
  func withRelated(
    in vocabulary: CategoryVocabulary, where matches: (CanonicalCategory) -> Bool
  ) -> [String] {
    [name] + vocabulary.categories.filter { $0.name != name && matches($0) }.map(\.name)
  }
}
