import ItineraryCore
import ItineraryPlaces

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
  /// A few photos with their credit lines, when they were asked for
  /// (`search --photos`, `show --photos`): the JSON's `photos` then holds
  /// these objects instead of the URLs.
  public var photoDetails: [Photo]?
  /// Where it came from: `osm`, `yelp`, `foursquare`, ...
  public var source: String?
  /// Great-circle distance from the point asked about, in kilometres.
  public var distanceKm: Double?
  /// That distance on foot at the walking speed, in minutes.
  public var walkingMinutes: Double?

  public var coordinate: Coordinate { Coordinate(lat: lat, lon: lon) }

  private enum CodingKeys: String, CodingKey {
    case id, name, categories, lat, lon, address, rating, reviewCount, score, scoreSource, kind
    case cuisines, openingHours, openNow, photos, source, distanceKm, walkingMinutes
  }

  /// The keys read besides those written: how a plan's stop and the
  /// server's other places name a category and a photo.
  private enum OtherKeys: String, CodingKey {
    case category, photoURL
  }

  /// Reads a place as the finding commands write it, and as the other JSON
  /// of the API holds one, so that whatever a person likes or collects, from
  /// the command line or the map page, reads back: a plan's stop (`category`
  /// for `categories`, `photoURL` for `photos`) or a completion's place. Only
  /// `id`, `name`, `lat` and `lon` are required; a missing score is the
  /// Bayesian rating of `rating` and `reviewCount` (`Scoring`), missing
  /// categories and photos none.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    let other = try decoder.container(keyedBy: OtherKeys.self)
    id = try values.decode(String.self, forKey: .id)
    name = try values.decode(String.self, forKey: .name)
    categories = try Self.strings(values, .categories, orOne: other, .category)
    lat = try values.decode(Double.self, forKey: .lat)
    lon = try values.decode(Double.self, forKey: .lon)
    address = try values.decodeIfPresent(String.self, forKey: .address)
    rating = try values.decodeIfPresent(Double.self, forKey: .rating)
    reviewCount = try values.decodeIfPresent(Int.self, forKey: .reviewCount)
    let rated = Place(
      id: id, name: name, categories: categories, coordinate: Coordinate(lat: lat, lon: lon),
      rating: rating, reviewCount: reviewCount)
    score = try values.decodeIfPresent(Double.self, forKey: .score) ?? Scoring.score(of: rated)
    scoreSource = try values.decodeIfPresent(ScoreSource.self, forKey: .scoreSource)
    kind = try values.decodeIfPresent(String.self, forKey: .kind)
    cuisines = try values.decodeIfPresent([String].self, forKey: .cuisines)
    openingHours = try values.decodeIfPresent(String.self, forKey: .openingHours)
    openNow = try values.decodeIfPresent(Bool.self, forKey: .openNow)
    if let details = try? values.decodeIfPresent([Photo].self, forKey: .photos), !details.isEmpty {
      // Photo objects, as a search with photos writes them (`[]` reads as no URLs).
      photoDetails = details
      photos = []
    } else {
      photos = try Self.strings(values, .photos, orOne: other, .photoURL)
    }
    source = try values.decodeIfPresent(String.self, forKey: .source)
    distanceKm = try values.decodeIfPresent(Double.self, forKey: .distanceKm)
    walkingMinutes = try values.decodeIfPresent(Double.self, forKey: .walkingMinutes)
  }

  /// The strings under `key`, else the one string a plan's stop keeps under
  /// `single`, else none.
  private static func strings(
    _ values: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys,
    orOne other: KeyedDecodingContainer<OtherKeys>, _ single: OtherKeys
  ) throws -> [String] {
    try values.decodeIfPresent([String].self, forKey: key)
      ?? other.decodeIfPresent(String.self, forKey: single).map { [$0] } ?? []
  }

  /// Writes every key read, `photos` as the photo objects when there are
  /// some (`photoDetails`), else as the URLs.
  public func encode(to encoder: any Encoder) throws {
    var values = encoder.container(keyedBy: CodingKeys.self)
    try values.encode(id, forKey: .id)
    try values.encode(name, forKey: .name)
    try values.encode(categories, forKey: .categories)
    try values.encode(lat, forKey: .lat)
    try values.encode(lon, forKey: .lon)
    try values.encodeIfPresent(address, forKey: .address)
    try values.encodeIfPresent(rating, forKey: .rating)
    try values.encodeIfPresent(reviewCount, forKey: .reviewCount)
    try values.encode(score, forKey: .score)
    try values.encodeIfPresent(scoreSource, forKey: .scoreSource)
    try values.encodeIfPresent(kind, forKey: .kind)
    try values.encodeIfPresent(cuisines, forKey: .cuisines)
    try values.encodeIfPresent(openingHours, forKey: .openingHours)
    try values.encodeIfPresent(openNow, forKey: .openNow)
    if let photoDetails {
      try values.encode(photoDetails, forKey: .photos)
    } else {
      try values.encode(photos, forKey: .photos)
    }
    try values.encodeIfPresent(source, forKey: .source)
    try values.encodeIfPresent(distanceKm, forKey: .distanceKm)
    try values.encodeIfPresent(walkingMinutes, forKey: .walkingMinutes)
  }

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
