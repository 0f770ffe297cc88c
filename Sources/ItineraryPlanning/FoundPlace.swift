import ItineraryCore

/// A place as the finding commands answer with it (search, nearest, show,
/// liked places and collections): what a person reads about it, and how
/// far it is from where they stand when that is known.
public struct FoundPlace: Codable, Sendable, Equatable {
  public var id: String
  public var name: String
  public var categories: [String]
  public var lat: Double
  public var lon: Double
  public var address: String?
  /// The provider's rating, 0 to 5, when it has one.
  public var rating: Double?
  public var reviewCount: Int?
  /// The score a plan gives it (`Scoring.score`), on the one scale of every
  /// source: the map's notability, else the Bayesian rating.
  public var score: Double
  /// Where the score comes from: `map`, `yelp` or `foursquare`.
  public var scoreSource: ScoreSource?
  /// What it is, as its main OpenStreetMap tag (`tourism=museum`), for map places.
  public var kind: String?
  /// What it serves, in its source's words, when it says.
  public var cuisines: [String]?
  /// Opening hours as the source gives them.
  public var openingHours: String?
  /// Whether it is open at the response's `openAt`: `nil` when its hours
  /// are missing, unknown or not in a syntax we read.
  public var openNow: Bool?
  /// Photo URLs, when the source has any.
  public var photos: [String]
  /// Where it came from: `osm`, `yelp`, `foursquare`, ...
  public var source: String?
  /// Great-circle distance from the point asked about, in kilometres.
  public var distanceKm: Double?
  /// That distance on foot at the walking speed, in minutes.
  public var walkingMinutes: Double?

  public var coordinate: Coordinate { Coordinate(lat: lat, lon: lon) }

  /// - Parameters:
  ///   - origin: where distances are measured from, when anywhere.
  ///   - openNow: whether it is open at the instant asked about.
  public init(_ place: Place, from origin: Coordinate? = nil, openNow: Bool? = nil) {
    id = place.id
    name = place.name
    categories = place.categories
    lat = place.coordinate.lat
    lon = place.coordinate.lon
    address = place.address
    rating = place.rating
    reviewCount = place.reviewCount
    score = Scoring.score(of: place)
    scoreSource = place.scoreSource
    kind = place.kind
    cuisines = place.cuisines.isEmpty ? nil : place.cuisines
    openingHours = place.openingHours
    self.openNow = openNow
    photos = place.photoURL.map { [$0] } ?? []
    source = place.source
    if let origin {
      let km = GreatCircle.distanceKm(origin, place.coordinate)
      distanceKm = km
      walkingMinutes = km / TravelMode.walk.defaultSpeedKmh * 60
    }
  }
}
