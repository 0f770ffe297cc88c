import Foundation
import ItineraryCore

/// OpenStreetMap through the Overpass API: no key, and one union query per
/// plan for every category (the public instance allows a client two slots),
/// asking for nodes, ways and relations (`nwr`, so multipolygon parks and
/// museums come back) with a centre for each, within a radius of the start.
///
/// The server returns elements in id order, so the query asks for all of
/// them (up to `maxElements`) and the places are ranked here: by the score
/// of `OSMPlaceRules`, then by distance from the start.
public struct OverpassProvider: CombinedPlaceProvider {
  public static let defaultBaseURL = "https://overpass-api.de/api"
  /// Seconds the server may spend on the query: below the HTTP client's
  /// default total timeout, so the server's own answer arrives first.
  public static let serverTimeout = 15
  /// The memory the server may use for the query, in bytes. A small
  /// figure is scheduled sooner on a busy instance; a city's named places fit.
  public static let serverMaxSize = 128 << 20
  /// The most elements asked for: far more than a city's named places of a
  /// few categories within walking or cycling range.
  public static let maxElements = 10_000

  public let name = "overpass"
  public let maxRequestsInFlight: Int
  let baseURL: String
  let rules: OSMPlaceRules

  /// - Parameter maxRequestsInFlight: the public server allows a couple of
  ///   parallel slots per client; one union query needs one.
  public init(
    baseURL: String = OverpassProvider.defaultBaseURL, rules: OSMPlaceRules = .standard,
    maxRequestsInFlight: Int = 2
  ) {
    self.baseURL = baseURL
    self.rules = rules
    self.maxRequestsInFlight = maxRequestsInFlight
  }

  public func fetch(_ query: PlaceQuery, session: ServiceSession) throws(ItineraryError)
    -> CategoryPlaces
  {
    let all = try fetch(all: [query], session: session)
    return all.first ?? CategoryPlaces(places: [])
  }

  public func fetch(all queries: [PlaceQuery], session: ServiceSession) throws(ItineraryError)
    -> [CategoryPlaces]
  {
    guard let first = queries.first else { return [] }
    let names = queries.map(\.category.name)
    let subject =
      names.count == 1 ? "category '\(names[0])'" : "categories \(names.joined(separator: ", "))"
    let fetched = try session.fetch(request(queries), subject: subject) {
      data throws(ResponseProblem) in
      try Self.parse(data, rules: rules)
    }
    return queries.map { query in
      let ranked = Self.rank(
        fetched.value.places.filter { $0.isEligible(for: query.category.name) },
        from: first.origin)
      let skipped = fetched.value.skipped.filter { $0.contains(query.category.name) }.count
      return CategoryPlaces(
        places: ranked.prefix(max(0, query.limit)).map { $0.leading(with: query.category.name) },
        skipped: skipped, fromCache: fetched.fromCache)
    }
  }

  func request(_ queries: [PlaceQuery]) -> HTTPRequest {
    HTTPRequest(
      url: "\(baseURL)/interpreter?data=\(urlQueryValue(Self.query(queries)))",
      headers: ["Accept: application/json"])
  }

  /// The Overpass QL for every query at once: named nodes, ways and
  /// relations with any of the categories' tags around the first query's
  /// origin and within the largest radius, each with a centre, at most
  /// `maxElements` of them.
  ///
  /// - Complexity: O(tags of the categories).
  static func query(_ queries: [PlaceQuery]) -> String {
    guard let first = queries.first else { return "" }
    let radius = max(1, queries.map(\.radiusMeters).max() ?? first.radiusMeters)
    let around =
      "(around:\(radius),\(urlDegrees(first.origin.lat)),\(urlDegrees(first.origin.lon)))"
    var seen: Set<String> = []
    let selectors = queries.flatMap(\.category.osm).compactMap { tag -> String? in
      let parts = tag.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, seen.insert(tag).inserted else { return nil }
      return "nwr[\"\(escape(parts[0]))\"=\"\(escape(parts[1]))\"][\"name\"]\(around);"
    }
    return
      "[out:json][timeout:\(serverTimeout)][maxsize:\(serverMaxSize)];(\(selectors.joined()));out center tags \(maxElements);"
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }

  /// Best first: higher score, then nearer `origin`, then by id.
  ///
  /// - Complexity: O(n log n).
  static func rank(_ places: [Place], from origin: Coordinate) -> [Place] {
    places.map { ($0, GreatCircle.distanceKm(origin, $0.coordinate)) }
      .sorted { a, b in
        let (scoreA, scoreB) = (a.0.score ?? 0, b.0.score ?? 0)
        if scoreA != scoreB { return scoreA > scoreB }
        if a.1 != b.1 { return a.1 < b.1 }
        return a.0.id < b.0.id
      }.map(\.0)
  }

  /// What an Overpass body holds: the places, and for every element left
  /// out (no name, no centre, or ruled out by the rules) the categories its
  /// tags give, so that each category can count its own.
  public struct Elements: Sendable {
    public var places: [Place]
    public var skipped: [[String]]
  }

  /// Reads an Overpass JSON body into places with every canonical category
  /// their tags give and the score of `rules`; of several elements with one
  /// name and one `wikidata` item only the first is a place.
  ///
  /// Any `remark` fails the answer: it is how the server reports, with HTTP
  /// 200, a query that timed out or ran out of memory (`runtime error`) or
  /// did not complete (`runtime remark`), and such an answer must not be
  /// taken, or cached, as the whole truth.
  ///
  /// - Complexity: O(elements * tags of the vocabulary).
  public static func parse(_ data: Data, rules: OSMPlaceRules = .standard)
    throws(ResponseProblem) -> Elements
  {
    let response = try decodeJSON(Response.self, from: data)
    if let remark = response.remark {
      throw ResponseProblem("Overpass did not complete the query: \(remark)")
    }
    guard let elements = response.elements else {
      throw ResponseProblem("the answer has no elements")
    }
    var result = Elements(places: [], skipped: [])
    // Elements of one Wikidata item under one name (four statues of one
    // group) are one place: the first is kept.
    var items: Set<String> = []
    for element in elements {
      let tags = element.tags ?? [:]
      let item = OSMPlaceRules.twinKey(tags)
      if let place = element.place(rules: rules), item.map({ items.insert($0).inserted }) ?? true {
        result.places.append(place)
      } else {
        result.skipped.append(rules.categories(tags: tags))
      }
    }
    return result
  }

  /// Reads an Overpass body into places of `category` plus every other
  /// canonical category their tags give, as a single category's fetch sees it.
  ///
  /// - Complexity: O(elements * tags of the vocabulary).
  public static func parse(
    _ data: Data, category: CanonicalCategory, rules: OSMPlaceRules = .standard
  ) throws(ResponseProblem) -> (places: [Place], skipped: Int) {
    let elements = try parse(data, rules: rules)
    let places = elements.places.filter { $0.isEligible(for: category.name) }.map {
      $0.leading(with: category.name)
    }
    return (places, elements.skipped.count + elements.places.count - places.count)
  }

  struct Response: Decodable {
    var elements: [Element]?
    var remark: String?
  }

  struct Element: Decodable {
    struct Center: Decodable {
      var lat: Double?
      var lon: Double?
    }
    var type: String
    var id: Int64
    var lat: Double?
    var lon: Double?
    var center: Center?
    var tags: [String: String]?

    func place(rules: OSMPlaceRules) -> Place? {
      guard let lat = lat ?? center?.lat, let lon = lon ?? center?.lon else { return nil }
      return rules.place(
        id: "\(type)/\(id)", tags: tags ?? [:], at: Coordinate(lat: lat, lon: lon))
    }
  }
}

extension Place {
  /// The place with `category` first among its categories, as every
  /// provider gives the category it was fetched for.
  fileprivate func leading(with category: String) -> Place {
    var place = self
    place.categories = [category] + categories.filter { $0 != category }
    return place
  }
}
