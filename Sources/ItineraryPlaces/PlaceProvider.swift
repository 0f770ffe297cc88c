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

  public init(
    origin: Coordinate, category: CanonicalCategory, limit: Int = 50, radiusMeters: Int = 2000,
    openNow: Bool = false
  ) {
    self.origin = origin
    self.category = category
    self.limit = limit
    self.radiusMeters = radiusMeters
    self.openNow = openNow
  }
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

extension CanonicalCategory {
  /// The category itself first, then every other one of `vocabulary` that
  /// `matches` says the place also belongs to.
  func withRelated(
    in vocabulary: CategoryVocabulary, where matches: (CanonicalCategory) -> Bool
  ) -> [String] {
    [name] + vocabulary.categories.filter { $0.name != name && matches($0) }.map(\.name)
  }
}
