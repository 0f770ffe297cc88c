import Foundation
import ItineraryCore

/// OpenStreetMap through the Overpass API: no key, and one union query per
/// plan for every category (the public instance allows a client two slots),
/// asking for nodes, ways and relations (`nwr`, so multipolygon parks and
/// museums come back) with their geometry and edit history (`out meta
/// geom`), within a radius of the start.
///
/// An answer is read as an imported extract is: the corrections of
/// `TagCorrections`, a way's location the mean of its distinct points, a
/// multipolygon's that of its outer ways', outlines that close measured for
/// their footprint, and every place scored by `OSMPlaceRules` in the
/// `MapContext` of the answer's candidates, equal scores told apart in the
/// tie order (`ScoreTies`). The server returns elements in id order, so the
/// query asks for all of them (up to `maxElements`) and the places are
/// ranked here: by score, then by distance from the start.
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
  /// The public server allows a couple of parallel slots per client; one
  /// union query needs one.
  public let maxRequestsInFlight = 2
  let baseURL: String

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
      try Self.parse(data)
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
  /// origin and within the largest radius, each with its geometry, version
  /// and last edit, at most `maxElements` of them.
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
      "[out:json][timeout:\(serverTimeout)][maxsize:\(serverMaxSize)];(\(selectors.joined()));out meta geom \(maxElements);"
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
  /// their tags give, scored by `rules` in the context of the answer's
  /// candidates, equal scores told apart in the tie order; of several
  /// elements with one name and one `wikidata` item only the first is a place.
  ///
  /// Any `remark` fails the answer: it is how the server reports, with HTTP
  /// 200, a query that timed out or ran out of memory (`runtime error`) or
  /// did not complete (`runtime remark`), and such an answer must not be
  /// taken, or cached, as the whole truth.
  ///
  /// - Complexity: O(elements * tags of the vocabulary + points of their
  ///   geometry + p log p) for p places.
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
    let corrections = TagCorrections.standard
    let tags = elements.map { corrections.corrected($0.key, $0.tags ?? [:]) }
    var builder = MapContext.Builder(rules: rules)
    for (element, tags) in zip(elements, tags)
    where element.type != "relation" || OSMPlaceRules.hasOutline(relation: tags) {
      builder.add(tags: tags, edited: element.edited)
    }
    let context = builder.context
    var result = Elements(places: [], skipped: [])
    var kept: [(place: Place, edited: Int?)] = []
    // Elements of one Wikidata item under one name (four statues of one
    // group) are one place: the first is kept.
    var items: Set<String> = []
    for (element, tags) in zip(elements, tags) {
      let item = OSMPlaceRules.twinKey(tags)
      if let mapElement = element.mapElement(tags: tags),
        let place = rules.place(mapElement, in: context),
        item.map({ items.insert($0).inserted }) ?? true
      {
        kept.append((place, mapElement.edited))
      } else {
        result.skipped.append(rules.categories(tags: tags))
      }
    }
    kept.sort { a, b in
      let (scoreA, scoreB) = (a.place.score ?? 0, b.place.score ?? 0)
      if scoreA != scoreB { return scoreA > scoreB }
      if a.edited != b.edited { return (a.edited ?? Int.min) > (b.edited ?? Int.min) }
      if a.place.name != b.place.name {
        return a.place.name.utf8.lexicographicallyPrecedes(b.place.name.utf8)
      }
      return a.place.id.utf8.lexicographicallyPrecedes(b.place.id.utf8)
    }
    for (entry, score) in zip(kept, ScoreTies.separated(kept.map { $0.place.score ?? 0 })) {
      var place = entry.place
      place.score = score
      result.places.append(place)
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
    struct Point: Decodable {
      var lat: Double?
      var lon: Double?
    }
    struct Member: Decodable {
      var type: String
      var role: String?
      var geometry: [Point?]?
    }
    var type: String
    var id: Int64
    var lat: Double?
    var lon: Double?
    /// A way's points in order (`out geom`); `null` for a point the server lacks.
    var geometry: [Point?]?
    /// A relation's members, each way with its points (`out geom`).
    var members: [Member]?
    /// The centre `out center` gives, read when there is no geometry.
    var center: Point?
    var version: Int?
    var timestamp: String?
    var tags: [String: String]?

    private enum CodingKeys: String, CodingKey {
      case type, id, lat, lon, geometry, members, center, version, timestamp, tags
    }

    /// The type, id, point and tags as they must be; the geometry and the
    /// edit history read leniently, so that a malformed one is as if absent.
    init(from decoder: any Decoder) throws {
      let values = try decoder.container(keyedBy: CodingKeys.self)
      type = try values.decode(String.self, forKey: .type)
      id = try values.decode(Int64.self, forKey: .id)
      lat = try values.decodeIfPresent(Double.self, forKey: .lat)
      lon = try values.decodeIfPresent(Double.self, forKey: .lon)
      tags = try values.decodeIfPresent([String: String].self, forKey: .tags)
      geometry = try? values.decodeIfPresent([Point?].self, forKey: .geometry)
      members = try? values.decodeIfPresent([Member].self, forKey: .members)
      center = try? values.decodeIfPresent(Point.self, forKey: .center)
      version = try? values.decodeIfPresent(Int.self, forKey: .version)
      timestamp = try? values.decodeIfPresent(String.self, forKey: .timestamp)
    }

    /// `node/N`, `way/N` or `relation/N`.
    var key: String { "\(type)/\(id)" }

    /// When it was last edited, in seconds since 1970, if the answer says.
    var edited: Int? { timestamp.flatMap { OSMTimestamp.seconds($0.utf8) } }

    /// The element as the rules read it, with `tags`: a node at its point, a
    /// way at the mean of its distinct points, a multipolygon at that of its
    /// outer ways' (with the footprint of the outlines that close), or at the
    /// `center` an answer without geometry gives; `nil` without a location
    /// or for a relation of another type.
    func mapElement(tags: [String: String]) -> MapElement? {
      func point(_ point: Point?) -> MapPoint? {
        guard let lat = point?.lat, let lon = point?.lon else { return nil }
        return MapPoint(Coordinate(lat: lat, lon: lon))
      }
      let rings: [[MapPoint]]
      switch type {
      case "node": rings = [point(Point(lat: lat, lon: lon))].compactMap { $0 }.map { [$0] }
      case "way": rings = [(geometry ?? []).compactMap(point)]
      case "relation" where OSMPlaceRules.hasOutline(relation: tags):
        rings = (members ?? []).filter {
          $0.type == "way" && OSMPlaceRules.isOuter(role: $0.role ?? "")
        }.map { ($0.geometry ?? []).compactMap(point) }
      default: return nil
      }
      guard let location = MapPoint.mean(Set(rings.joined())) ?? point(center) else { return nil }
      return MapElement(
        id: key, tags: tags, location: location, footprint: Footprint.squareMetres(rings),
        version: version.flatMap { $0 > 0 ? $0 : nil }, edited: edited)
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
