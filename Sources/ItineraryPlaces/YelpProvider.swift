import Foundation
import ItineraryCore

/// Yelp Fusion `/v3/businesses/search`, with a Bearer key from `YELP_API_KEY`.
/// Businesses marked `is_closed` (closed for good) are left out.
public struct YelpProvider: PlaceProvider {
  public static let defaultBaseURL = "https://api.yelp.com"
  /// Yelp returns at most 50 businesses per page.
  public static let pageSize = 50
  /// Yelp refuses a search whose `offset + limit` passes 240.
  public static let maxResults = 240
  /// Yelp's largest search radius, in metres.
  public static let maxRadiusMeters = 40_000

  public let name = "yelp"
  public let maxRequestsInFlight: Int
  let baseURL: String
  let apiKey: APIKey

  public init(
    apiKey: APIKey, baseURL: String = YelpProvider.defaultBaseURL, maxRequestsInFlight: Int = 4
  ) {
    self.apiKey = apiKey
    self.baseURL = baseURL
    self.maxRequestsInFlight = maxRequestsInFlight
  }

  /// Fetches pages of up to 50 until `query.limit` places or the last result.
  ///
  /// - Throws: `ItineraryError` (unavailable) for a category Yelp has no
  ///   alias for (plaques), rather than a search of every category.
  public func fetch(_ query: PlaceQuery, session: ServiceSession) throws(ItineraryError)
    -> CategoryPlaces
  {
    try query.requireCategoryIDs(query.category.yelp, provider: name)
    var result = CategoryPlaces(places: [], fromCache: true)
    let wanted = min(max(0, query.limit), Self.maxResults)
    var offset = 0
    while offset < wanted {
      let limit = min(Self.pageSize, wanted - offset)
      let page = try session.fetch(
        request(query, offset: offset, limit: limit), subject: "category '\(query.category.name)'"
      ) { data throws(ResponseProblem) in
        try Self.parseSearch(data, category: query.category)
      }
      result.places += page.value.places
      result.skipped += page.value.skipped
      result.fromCache = result.fromCache && page.fromCache
      offset += limit
      if page.value.places.count + page.value.skipped < limit || offset >= page.value.total {
        break
      }
    }
    return result
  }

  func request(_ query: PlaceQuery, offset: Int, limit: Int) -> HTTPRequest {
    var parameters = [
      "latitude=\(urlDegrees(query.origin.lat))",
      "longitude=\(urlDegrees(query.origin.lon))",
      "radius=\(min(max(1, query.radiusMeters), Self.maxRadiusMeters))",
      "categories=\(urlQueryValue(query.category.yelp.joined(separator: ",")))",
      "limit=\(limit)",
      "offset=\(offset)",
      "sort_by=best_match",
    ]
    if query.openNow {
      parameters.append("open_now=true")
    } else if let openAt = query.openAt, openAt.timeIntervalSince1970.isFinite {
      // Yelp takes one or the other, `open_at` as whole Unix seconds.
      let seconds = min(max(0, openAt.timeIntervalSince1970.rounded(.down)), 1e12)
      parameters.append("open_at=\(Int(seconds))")
    }
    return HTTPRequest(
      url: "\(baseURL)/v3/businesses/search?\(parameters.joined(separator: "&"))",
      headers: ["Authorization: Bearer \(apiKey.value)", "Accept: application/json"])
  }

  /// One page of search results.
  public struct Page: Sendable {
    public var places: [Place]
    /// Businesses without a name or coordinates, or closed for good, left out.
    public var skipped: Int
    /// How many businesses the search matched in all.
    public var total: Int
  }

  /// Reads a `/v3/businesses/search` body (or a single `/v3/businesses/{id}`
  /// business) into places of `category`, plus every other canonical category
  /// whose Yelp aliases the business carries.
  ///
  /// - Complexity: O(businesses * categories of the vocabulary).
  public static func parseSearch(
    _ data: Data, category: CanonicalCategory, vocabulary: CategoryVocabulary = .standard
  ) throws(ResponseProblem) -> Page {
    let businesses: [Business]
    let total: Int?
    do throws(ResponseProblem) {
      let search = try decodeJSON(Search.self, from: data)
      businesses = search.businesses
      total = search.total
    } catch {
      // A single business (`/v3/businesses/{id}`) reads the same way.
      guard let business = try? decodeJSON(Business.self, from: data) else { throw error }
      businesses = [business]
      total = 1
    }
    var places: [Place] = []
    var skipped = 0
    for business in businesses {
      guard let place = business.place(category: category, vocabulary: vocabulary) else {
        skipped += 1
        continue
      }
      places.append(place)
    }
    return Page(places: places, skipped: skipped, total: total ?? businesses.count)
  }

  struct Search: Decodable {
    var businesses: [Business]
    var total: Int?
  }

  struct Business: Decodable {
    struct Category: Decodable {
      var alias: String
      var title: String?
    }
    struct Coordinates: Decodable {
      var latitude: Double?
      var longitude: Double?
    }
    struct Location: Decodable { var displayAddress: [String]? }
    /// `hours` of a business lookup, `business_hours` of a search result.
    struct Hours: Decodable {
      struct Slot: Decodable {
        var day: Int
        var start: String
        var end: String
      }
      var open: [Slot]?
      var hoursType: String?
    }

    var id: String
    var name: String?
    var categories: [Category]?
    var coordinates: Coordinates?
    var rating: Double?
    var reviewCount: Int?
    var price: String?
    var location: Location?
    var imageUrl: String?
    var isClosed: Bool?
    var hours: [Hours]?
    var businessHours: [Hours]?

    func place(category: CanonicalCategory, vocabulary: CategoryVocabulary) -> Place? {
      guard isClosed != true, let id = DisplayText.clean(id), let name = DisplayText.clean(name),
        let coordinate = Coordinate(
          reportedLat: coordinates?.latitude, lon: coordinates?.longitude)
      else { return nil }
      let aliases = Set((categories ?? []).map(\.alias))
      let address = DisplayText.clean(
        location?.displayAddress?.compactMap { DisplayText.clean($0) }.joined(separator: ", "))
      let photo = DisplayText.clean(imageUrl)
      return Place(
        id: id, name: name,
        categories: category.withRelated(in: vocabulary) { !aliases.isDisjoint(with: $0.yelp) },
        coordinate: coordinate, rating: rating, reviewCount: reviewCount,
        price: price.flatMap { $0.isEmpty ? nil : min(4, $0.count) }, address: address,
        openingHours: Self.openingHours(hours ?? businessHours ?? []), source: "yelp",
        photoURL: photo, cuisines: Self.cuisines(categories ?? []))
    }

    /// What a business serves, in Yelp's words: its categories' aliases
    /// (`pizza`, `hotdogs`) and titles (`Fast Food`), lowercased, once each.
    static func cuisines(_ categories: [Category]) -> [String] {
      var seen: Set<String> = []
      return categories.flatMap { [$0.alias, $0.title ?? ""] }
        .compactMap { DisplayText.clean($0)?.lowercased() }
        .filter { seen.insert($0).inserted }
    }

    /// The regular hours (Yelp's days: 0 is Monday; `HHMM` times, an end at
    /// or before the start running past midnight) in `opening_hours` syntax.
    static func openingHours(_ hours: [Hours]) -> String? {
      let regular = hours.first { $0.hoursType == "REGULAR" } ?? hours.first
      var week = WeeklyHours()
      for slot in regular?.open ?? [] { week.add(day: slot.day, open: slot.start, close: slot.end) }
      return week.openingHours
    }
  }
}
