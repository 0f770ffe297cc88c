import Foundation
import ItineraryCore

/// OpenStreetMap through the Overpass API: no key, one query per category
/// for the nodes and ways tagged with the category's OSM tags around the start.
public struct OverpassProvider: PlaceProvider {
  public static let defaultBaseURL = "https://overpass-api.de/api"
  /// Seconds the server may spend on one query.
  public static let serverTimeout = 25

  public let name = "overpass"
  public let maxRequestsInFlight: Int
  let baseURL: String
  let vocabulary: CategoryVocabulary

  /// - Parameter maxRequestsInFlight: the public server allows a couple of
  ///   parallel slots per client; more only earns 429s.
  public init(
    baseURL: String = OverpassProvider.defaultBaseURL, vocabulary: CategoryVocabulary = .standard,
    maxRequestsInFlight: Int = 3
  ) {
    self.baseURL = baseURL
    self.vocabulary = vocabulary
    self.maxRequestsInFlight = maxRequestsInFlight
  }

  public func fetch(_ query: PlaceQuery, session: ServiceSession) throws(ItineraryError)
    -> CategoryPlaces
  {
    let fetched = try session.fetch(request(query), subject: "category '\(query.category.name)'") {
      data throws(ResponseProblem) in
      try Self.parse(data, category: query.category, vocabulary: vocabulary)
    }
    return CategoryPlaces(
      places: Array(fetched.value.places.prefix(max(0, query.limit))),
      skipped: fetched.value.skipped, fromCache: fetched.fromCache)
  }

  func request(_ query: PlaceQuery) -> HTTPRequest {
    HTTPRequest(
      url: "\(baseURL)/interpreter?data=\(urlQueryValue(Self.query(query)))",
      headers: ["Accept: application/json"])
  }

  /// The Overpass QL for one category: named nodes and ways with any of its
  /// tags within the radius, with a centre for each way.
  static func query(_ query: PlaceQuery) -> String {
    let around =
      "(around:\(max(1, query.radiusMeters)),\(urlDegrees(query.origin.lat)),\(urlDegrees(query.origin.lon)))"
    let selectors = query.category.osm.compactMap { tag -> String? in
      let parts = tag.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { return nil }
      let filter = "[\"\(escape(parts[0]))\"=\"\(escape(parts[1]))\"][\"name\"]"
      return "node\(filter)\(around);way\(filter)\(around);"
    }
    // `out center` gives ways a centre; the server returns the first N it
    // finds, so ask for some spare beyond the unnamed or centreless.
    return
      "[out:json][timeout:\(serverTimeout)];(\(selectors.joined()));out center tags \(max(1, query.limit));"
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }

  /// Reads an Overpass JSON body into places of `category` plus every other
  /// canonical category their tags give. Elements without coordinates (a way
  /// without `center`) or without a name are left out and counted.
  ///
  /// A `remark` starting `runtime error` is the server's way of failing with
  /// HTTP 200; it becomes an error.
  ///
  /// - Complexity: O(elements * OSM tags of the vocabulary).
  public static func parse(
    _ data: Data, category: CanonicalCategory, vocabulary: CategoryVocabulary = .standard
  ) throws(ResponseProblem) -> (places: [Place], skipped: Int) {
    let response = try decodeJSON(Response.self, from: data)
    if let remark = response.remark, remark.lowercased().hasPrefix("runtime error") {
      throw ResponseProblem("Overpass \(remark)")
    }
    var places: [Place] = []
    var skipped = 0
    for element in response.elements ?? [] {
      if let place = element.place(category: category, vocabulary: vocabulary) {
        places.append(place)
      } else {
        skipped += 1
      }
    }
    return (places, skipped)
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

    func place(category: CanonicalCategory, vocabulary: CategoryVocabulary) -> Place? {
      let tags = tags ?? [:]
      guard let name = tags["name"], !name.isEmpty,
        let lat = lat ?? center?.lat, let lon = lon ?? center?.lon
      else { return nil }
      let coordinate = Coordinate(lat: lat, lon: lon)
      guard coordinate.invalidity == nil else { return nil }
      let tagged = Set(vocabulary.categories(forOSMTags: tags))
      let address = tags["addr:street"].map { street in
        [street, tags["addr:housenumber"]].compactMap { $0 }.joined(separator: " ")
      }
      return Place(
        id: "\(type)/\(id)", name: name,
        categories: category.withRelated(in: vocabulary) { tagged.contains($0.name) },
        coordinate: coordinate, score: OSMPopularity.score(tags: tags), address: address,
        openingHours: tags["opening_hours"], source: "osm", photoURL: tags["image"])
    }
  }
}

/// OpenStreetMap has no ratings: a place's score comes from its tags, by the
/// same rule as the embedded city's (`fixtures/README.md`), so that live and
/// offline places compare.
public enum OSMPopularity {
  /// 3.00 plus 0.60 for `wikidata`, 0.40 for `wikipedia` (any language),
  /// 0.40 for `tourism=attraction`, 0.30 for `heritage` or `historic`, and
  /// 0.02 per tag beyond the fifth (at most 0.50); at most 5.00.
  ///
  /// - Complexity: O(number of tags).
  public static func score(tags: [String: String]) -> Double {
    var hundredths = 300
    if tags["wikidata"] != nil { hundredths += 60 }
    if tags.keys.contains(where: { $0 == "wikipedia" || $0.hasPrefix("wikipedia:") }) {
      hundredths += 40
    }
    if tags["tourism"] == "attraction" { hundredths += 40 }
    if tags["heritage"] != nil || tags["historic"] != nil { hundredths += 30 }
    hundredths += min(50, 2 * max(0, tags.count - 5))
    return Double(min(500, hundredths)) / 100
  }
}
