import Foundation
import ItineraryCore

/// Foursquare Places search on the current Places API
/// (`places-api.foursquare.com/places/search`): the service key from
/// `FOURSQUARE_API_KEY` as `Authorization: Bearer KEY` and the API version
/// as the `X-Places-Api-Version` date header.
///
/// Answers in the current shape (`fsq_place_id`, top-level `latitude` and
/// `longitude`) are read, and so are the retired v3 shape (`fsq_id`,
/// `geocodes.main`) and v2 `/venues` bodies, which a self-hosted proxy may still serve.
public struct FoursquareProvider: PlaceProvider {
  public static let defaultBaseURL = "https://places-api.foursquare.com"
  /// The API version this provider speaks, sent with every request.
  public static let apiVersion = "2025-06-17"
  /// Foursquare returns at most 50 places per search.
  public static let maxLimit = 50
  public static let maxRadiusMeters = 100_000

  /// Which response fields to ask for, by Foursquare's price tier.
  public enum Fields: String, Sendable, CaseIterable {
    /// Pro fields only: names, places, addresses, categories, closing dates.
    case pro
    /// Pro and Premium fields: ratings, popularity, stats, price, hours and
    /// photos too. Premium fields are billed separately; an account without
    /// access is refused, and the error says so.
    case premium

    /// The `fields` parameter's names.
    public var names: [String] {
      let pro = [
        "fsq_place_id", "name", "latitude", "longitude", "location", "categories", "date_closed",
      ]
      return self == .pro
        ? pro : pro + ["rating", "popularity", "stats", "price", "hours", "photos"]
    }
  }

  public let name = "foursquare"
  public let maxRequestsInFlight = 4
  let apiKey: APIKey
  let baseURL: String
  let fields: Fields

  /// One search of up to 50 places.
  ///
  /// - Throws: `ItineraryError` (unavailable) for a category Foursquare has
  ///   no id for (plaques), rather than a search of every category.
  public func fetch(_ query: PlaceQuery, session: ServiceSession) throws(ItineraryError)
    -> CategoryPlaces
  {
    try query.requireCategoryIDs(query.category.foursquare, provider: name)
    let fetched = try session.fetch(
      request(query), subject: "category '\(query.category.name)'", explain: explain
    ) { data throws(ResponseProblem) in
      try Self.parseSearch(data, category: query.category)
    }
    return CategoryPlaces(
      places: fetched.value.places, skipped: fetched.value.skipped, fromCache: fetched.fromCache)
  }

  /// The category ids of the current taxonomy (24 hexadecimal digits), or
  /// every id when a category has none of that form.
  static func currentIDs(_ category: CanonicalCategory) -> [String] {
    let current = category.foursquare.filter { id in
      id.count == 24 && id.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit }
    }
    return current.isEmpty ? category.foursquare : current
  }

  func request(_ query: PlaceQuery) -> HTTPRequest {
    var parameters = [
      "ll=\(urlDegrees(query.origin.lat)),\(urlDegrees(query.origin.lon))",
      "radius=\(min(max(1, query.radiusMeters), Self.maxRadiusMeters))",
      "fsq_category_ids=\(urlQueryValue(Self.currentIDs(query.category).joined(separator: ",")))",
      "limit=\(min(max(1, query.limit), Self.maxLimit))",
      "fields=\(urlQueryValue(fields.names.joined(separator: ",")))",
    ]
    if query.openNow { parameters.append("open_now=true") }
    return HTTPRequest(
      url: "\(baseURL)/places/search?\(parameters.joined(separator: "&"))",
      headers: [
        "Authorization: Bearer \(apiKey.value)", "X-Places-Api-Version: \(Self.apiVersion)",
        "Accept: application/json",
      ])
  }

  /// What a refusal means here: a key of the wrong kind, or Premium fields
  /// the account does not cover.
  func explain(_ response: HTTPResponse) -> String? {
    switch response.status {
    case 401:
      "the key was refused: the Places API takes a service key from the Foursquare developer console"
    case 402,
      403 where fields == .premium:
      "ratings, popularity, stats, price, hours and photos are Premium fields, which this account may not cover; set ITINERARY_FOURSQUARE_FIELDS=pro to ask for Pro fields only"
    case 403: "the key was refused"
    default: nil
    }
  }

  /// Reads a Places API `/places/search` body (current or v3 shape), or a
  /// v2 `/venues/explore` or `/venues/search` body, into places of
  /// `category` plus every other canonical category whose Foursquare ids
  /// the place carries. Ratings (0-10 at Foursquare) are halved to the 0-5
  /// scale; places with a `date_closed` are left out.
  ///
  /// - Complexity: O(results * categories of the vocabulary).
  public static func parseSearch(
    _ data: Data, category: CanonicalCategory, vocabulary: CategoryVocabulary = .standard
  ) throws(ResponseProblem) -> (places: [Place], skipped: Int) {
    let candidates: [Place?]
    if let search = try? decodeJSON(Search.self, from: data) {
      candidates = search.results.map { $0.place(category: category, vocabulary: vocabulary) }
    } else {
      let v2 = try decodeJSON(V2Envelope.self, from: data)
      let venues =
        (v2.response.venues ?? []) + (v2.response.groups ?? []).flatMap { $0.items.map(\.venue) }
      candidates = venues.map { $0.place(category: category, vocabulary: vocabulary) }
    }
    let places = candidates.compactMap { $0 }
    return (places, candidates.count - places.count)
  }

  /// A category id: a number in v3, a string in v2 and in the current API
  /// (`fsq_category_id`).
  struct CategoryID: Decodable {
    var id: String
    /// Its name (`Pizzeria`, `Italian Restaurant`), what a place serves.
    var name: String?

    init(from decoder: any Decoder) throws {
      struct Raw: Decodable {
        var id: FlexibleString?
        var fsqCategoryId: FlexibleString?
        var name: String?
      }
      let raw = try Raw(from: decoder)
      id = raw.fsqCategoryId?.value ?? raw.id?.value ?? ""
      name = raw.name
    }
  }

  /// What a place serves, in Foursquare's words: its categories' names,
  /// lowercased, once each.
  static func cuisines(_ categories: [CategoryID]) -> [String] {
    var seen: Set<String> = []
    return categories.compactMap { $0.name.flatMap(DisplayText.clean)?.lowercased() }
      .filter { seen.insert($0).inserted }
  }

  struct Search: Decodable { var results: [SearchPlace] }

  /// A place of the current API or of v3: the same object but for its id
  /// and where the coordinates sit.
  struct SearchPlace: Decodable {
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
    struct Hours: Decodable {
      struct Period: Decodable {
        var day: Int
        var open: String
        var close: String
      }
      var regular: [Period]?
    }
    struct Photo: Decodable {
      var prefix: String
      var suffix: String
    }

    var fsqPlaceId: String?
    var fsqId: String?
    var name: String?
    var latitude: Double?
    var longitude: Double?
    var geocodes: Geocodes?
    var location: Location?
    var categories: [CategoryID]?
    var rating: Double?
    var popularity: Double?
    var stats: Stats?
    var price: Int?
    var hours: Hours?
    var photos: [Photo]?
    var dateClosed: String?

    func place(category: CanonicalCategory, vocabulary: CategoryVocabulary) -> Place? {
      guard let id = DisplayText.clean(fsqPlaceId ?? fsqId), dateClosed?.isEmpty != false,
        let name = DisplayText.clean(name),
        let coordinate = Coordinate(
          reportedLat: latitude ?? geocodes?.main?.latitude,
          lon: longitude ?? geocodes?.main?.longitude)
      else { return nil }
      let ids = Set((categories ?? []).map(\.id))
      let rating = rating.flatMap { (0...10).contains($0) ? $0 / 2 : nil }
      return Place(
        id: id, name: name,
        categories: category.withRelated(in: vocabulary) { !ids.isDisjoint(with: $0.foursquare) },
        coordinate: coordinate, rating: rating, reviewCount: stats?.totalRatings,
        price: price.flatMap { (1...4).contains($0) ? $0 : nil },
        score: rating == nil ? popularity.flatMap(Self.popularityScore) : nil,
        address: DisplayText.clean(location?.formattedAddress ?? location?.address),
        openingHours: openingHours, source: "foursquare",
        photoURL: photos?.first.flatMap { DisplayText.clean("\($0.prefix)original\($0.suffix)") },
        cuisines: FoursquareProvider.cuisines(categories ?? []))
    }

    /// An unrated place's score from its popularity (0 to 1, foot traffic
    /// relative to nearby places): the prior rating plus the popularity, so
    /// a busy unrated place ranks above an unknown one and below a well-rated one.
    static func popularityScore(_ popularity: Double) -> Double? {
      (0...1).contains(popularity) ? Scoring.priorRating + popularity : nil
    }

    /// The regular hours (Foursquare's days: 1 is Monday; a close of
    /// `+HHMM` is on the next day) in `opening_hours` syntax.
    var openingHours: String? {
      var week = WeeklyHours()
      for period in hours?.regular ?? [] {
        week.add(day: period.day - 1, open: period.open, close: period.close)
      }
      return week.openingHours
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
      guard let id = DisplayText.clean(id), let name = DisplayText.clean(name),
        let coordinate = Coordinate(reportedLat: location?.lat, lon: location?.lng)
      else { return nil }
      let ids = Set((categories ?? []).map(\.id))
      return Place(
        id: id, name: name,
        categories: category.withRelated(in: vocabulary) { !ids.isDisjoint(with: $0.foursquare) },
        coordinate: coordinate, rating: rating.flatMap { (0...10).contains($0) ? $0 / 2 : nil },
        reviewCount: ratingSignals, price: price?.tier,
        address: DisplayText.clean(location?.formattedAddress?.joined(separator: ", ")),
        source: "foursquare", cuisines: FoursquareProvider.cuisines(categories ?? []))
    }
  }
}
