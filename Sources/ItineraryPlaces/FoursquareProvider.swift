import Foundation
import ItineraryCore

/// Foursquare Places search (`/v3/places/search`), with the key from
/// `FOURSQUARE_API_KEY` in the `Authorization` header.
public struct FoursquareProvider: PlaceProvider {
  public static let defaultBaseURL = "https://api.foursquare.com"
  /// Foursquare returns at most 50 places per search.
  public static let maxLimit = 50
  public static let maxRadiusMeters = 100_000
  /// The fields asked for: ratings, popularity, stats, price, hours and photos
  /// are not in the default response.
  public static let fields = [
    "fsq_id", "name", "geocodes", "location", "categories", "rating", "popularity", "stats",
    "price", "hours", "photos",
  ]

  public let name = "foursquare"
  public let maxRequestsInFlight: Int
  let baseURL: String
  let apiKey: APIKey
  let vocabulary: CategoryVocabulary

  public init(
    apiKey: APIKey, baseURL: String = FoursquareProvider.defaultBaseURL,
    vocabulary: CategoryVocabulary = .standard, maxRequestsInFlight: Int = 4
  ) {
    self.apiKey = apiKey
    self.baseURL = baseURL
    self.vocabulary = vocabulary
    self.maxRequestsInFlight = maxRequestsInFlight
  }

  /// One search of up to 50 places.
  public func fetch(_ query: PlaceQuery, session: ServiceSession) throws(ItineraryError)
    -> CategoryPlaces
  {
    let fetched = try session.fetch(request(query), subject: "category '\(query.category.name)'") {
      data throws(ResponseProblem) in
      try Self.parseSearch(data, category: query.category, vocabulary: vocabulary)
    }
    return CategoryPlaces(
      places: fetched.value.places, skipped: fetched.value.skipped, fromCache: fetched.fromCache)
  }

  func request(_ query: PlaceQuery) -> HTTPRequest {
    var parameters = [
      "ll=\(urlDegrees(query.origin.lat)),\(urlDegrees(query.origin.lon))",
      "radius=\(min(max(1, query.radiusMeters), Self.maxRadiusMeters))",
      "categories=\(urlQueryValue(query.category.foursquare.joined(separator: ",")))",
      "limit=\(min(max(1, query.limit), Self.maxLimit))",
      "fields=\(urlQueryValue(Self.fields.joined(separator: ",")))",
    ]
    if query.openNow { parameters.append("open_now=true") }
    return HTTPRequest(
      url: "\(baseURL)/v3/places/search?\(parameters.joined(separator: "&"))",
      headers: ["Authorization: \(apiKey.value)", "Accept: application/json"])
  }

  /// Reads a Places v3 `/places/search` body, or a v2 `/venues/explore` or
  /// `/venues/search` body, into places of `category` plus every other
  /// canonical category whose Foursquare ids the place carries. Ratings
  /// (0-10 at Foursquare) are halved to the 0-5 scale.
  ///
  /// - Complexity: O(results * categories of the vocabulary).
  public static func parseSearch(
    _ data: Data, category: CanonicalCategory, vocabulary: CategoryVocabulary = .standard
  ) throws(ResponseProblem) -> (places: [Place], skipped: Int) {
    let candidates: [Place?]
    if let v3 = try? decodeJSON(V3Search.self, from: data) {
      candidates = v3.results.map { $0.place(category: category, vocabulary: vocabulary) }
    } else {
      let v2 = try decodeJSON(V2Envelope.self, from: data)
      let venues =
        (v2.response.venues ?? []) + (v2.response.groups ?? []).flatMap { $0.items.map(\.venue) }
      candidates = venues.map { $0.place(category: category, vocabulary: vocabulary) }
    }
    let places = candidates.compactMap { $0 }
    return (places, candidates.count - places.count)
  }

  /// A category id: a number in v3, a string in v2 and in newer responses.
  struct CategoryID: Decodable {
    var id: String

    init(from decoder: any Decoder) throws {
      struct Raw: Decodable {
        var id: Flexible?
        var fsqCategoryId: Flexible?
      }
      struct Flexible: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
          let container = try decoder.singleValueContainer()
          if let number = try? container.decode(Int.self) {
            text = String(number)
          } else {
            text = try container.decode(String.self)
          }
        }
      }
      let raw = try Raw(from: decoder)
      id = raw.id?.text ?? raw.fsqCategoryId?.text ?? ""
    }
  }

  struct V3Search: Decodable { var results: [V3Place] }

  struct V3Place: Decodable {
    struct Geocodes: Decodable { var main: Point? }
    struct Point: Decodable {
      var latitude: Double?
      var longitude: Double?
    }
    struct Location: Decodable {
      var formattedAddress: String?
      var address: String?
    }
    struct Stats: Decodable { var totalRatings: Int? }
    struct Hours: Decodable { var display: String? }
    struct Photo: Decodable {
      var prefix: String
      var suffix: String
    }

    var fsqId: String
    var name: String?
    var geocodes: Geocodes?
    var location: Location?
    var categories: [CategoryID]?
    var rating: Double?
    var stats: Stats?
    var price: Int?
    var hours: Hours?
    var photos: [Photo]?

    func place(category: CanonicalCategory, vocabulary: CategoryVocabulary) -> Place? {
      guard let name, !name.isEmpty, let lat = geocodes?.main?.latitude,
        let lon = geocodes?.main?.longitude
      else { return nil }
      let coordinate = Coordinate(lat: lat, lon: lon)
      guard coordinate.invalidity == nil else { return nil }
      let ids = Set((categories ?? []).map(\.id))
      return Place(
        id: fsqId, name: name,
        categories: category.withRelated(in: vocabulary) { !ids.isDisjoint(with: $0.foursquare) },
        coordinate: coordinate, rating: rating.map { $0 / 2 }, reviewCount: stats?.totalRatings,
        price: price, address: location?.formattedAddress ?? location?.address,
        openingHours: hours?.display, source: "foursquare",
        photoURL: photos?.first.map { "\($0.prefix)original\($0.suffix)" })
    }
  }

  struct V2Envelope: Decodable {
    struct Response: Decodable {
      struct Group: Decodable { var items: [Item] }
      struct Item: Decodable { var venue: V2Venue }
      var groups: [Group]?
      var venues: [V2Venue]?
    }
    var response: Response
  }

  struct V2Venue: Decodable {
    struct Location: Decodable {
      var lat: Double?
      var lng: Double?
      var formattedAddress: [String]?
    }
    struct Price: Decodable { var tier: Int? }

    var id: String
    var name: String?
    var location: Location?
    var categories: [CategoryID]?
    var rating: Double?
    var ratingSignals: Int?
    var price: Price?

    func place(category: CanonicalCategory, vocabulary: CategoryVocabulary) -> Place? {
      guard let name, !name.isEmpty, let lat = location?.lat, let lon = location?.lng else {
        return nil
      }
      let coordinate = Coordinate(lat: lat, lon: lon)
      guard coordinate.invalidity == nil else { return nil }
      let ids = Set((categories ?? []).map(\.id))
      return Place(
        id: id, name: name,
        categories: category.withRelated(in: vocabulary) { !ids.isDisjoint(with: $0.foursquare) },
        coordinate: coordinate, rating: rating.map { $0 / 2 }, reviewCount: ratingSignals,
        price: price?.tier, address: location?.formattedAddress?.joined(separator: ", "),
        source: "foursquare")
    }
  }
}
