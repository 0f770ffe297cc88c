import Foundation
import ItineraryCore
import ItineraryOutput
import ItineraryPlaces
import ItineraryPlanning
import ItineraryStore
import Synchronization

/// Finding places, as the command line's finding commands do and through
/// the same `PlaceFinder`: `GET /v1/search` and `/v1/nearest` answer the
/// JSON of `search` and `nearest --format json`, `/v1/places/{placeId}`
/// that of `show --format json`; `/v1/complete` completes names as they
/// are typed, `/v1/categories` lists the vocabulary.
struct PlaceRoutes: Sendable {
  let city = EmbeddedCity.helsinki
  /// API keys and `ITINERARY_*` settings, for the finder.
  var environment: [String: String]
  /// The store, where kept places are looked up by id; `nil` when it does
  /// not open (then only the embedded city is looked in).
  var store: @Sendable () -> Store?

  var routes: [Route] {
    [
      Route("GET", "/v1/categories") { _, _, _ throws(ItineraryError) in try categories() },
      Route("GET", "/v1/complete") { request, _, _ throws(ItineraryError) in
        try complete(QueryValues(query: request.query))
      },
      Route("GET", "/v1/search") { request, _, _ throws(ItineraryError) in
        try search(QueryValues(query: request.query))
      },
      Route("GET", "/v1/nearest") { request, _, _ in
        try nearest(QueryValues(query: request.query))
      },
      Route("GET", "/v1/places/\(Route.restOfPath)") { _, path, _ in
        try place(path["placeId"] ?? "")
      },
    ]
  }

  struct CategoryJSON: Encodable {
    var name: String
    var summary: String
    var aliases: [String]
  }

  func categories() throws(ItineraryError) -> HTTPResponse {
    let list = CategoryVocabulary.standard.categories.map {
      CategoryJSON(name: $0.name, summary: $0.summary, aliases: $0.aliases)
    }
    return try .encoded(["categories": list])
  }

  struct CompletionJSON: Encodable {
    var text: String
    /// `category` or `place`.
    var kind: String
    var place: PlaceJSON?
  }

  /// `?q=PREFIX&limit=N` (default 10).
  func complete(_ query: QueryValues) throws(ItineraryError) -> HTTPResponse {
    guard let prefix = query.string("q") else {
      throw ItineraryError(.usage, "query: q (what was typed) is missing")
    }
    let limit = try query.integer("limit", in: 1...100) ?? 10
    let completions = try city.file.completions(prefix: prefix, limit: limit).map { completion in
      switch completion {
      case .category(let category):
        CompletionJSON(text: category.name, kind: "category", place: nil)
      case .place(let place):
        CompletionJSON(text: place.name, kind: "place", place: PlaceJSON(place))
      }
    }
    return try .encoded(["completions": completions])
  }

  /// The parameters of `/v1/search`: the keys of a search request (the
  /// `search` flags in camelCase), `at` as `lat` and `lon`, and `category`,
  /// the one category it took before it took a list.
  static let searchParameters = [
    "categories", "category", "text", "lat", "lon", "near", "provider", "limit", "sort",
    "openNow", "radius", "tz", "units", "cuisine", "price", "photos",
  ]

  /// `?categories=museum,park&text=&lat=&lon=&radius=&limit=&sort=&openNow=&cuisine=&price=&photos=`:
  /// the response of `search --format json` to the same request.
  func search(_ query: QueryValues) throws(ItineraryError) -> HTTPResponse {
    try query.refuseUnknown(known: Self.searchParameters)
    var categories = query.string("categories").map(Self.list)
    if let category = query.string("category") {
      guard categories == nil else {
        throw ItineraryError(.usage, "query: category and categories exclude each other")
      }
      categories = [category]
    }
    var request = SearchRequest(categories: categories ?? [], text: query.string("text"))
    request.at = try query.coordinate()
    request.near = query.string("near")
    request.provider = try query.choice("provider", among: ProviderID.allCases)
    request.limit = try query.integer("limit")
    request.sort = try query.choice("sort", among: SearchSort.allCases)
    request.openNow = try query.flag("openNow")
    request.radius = try query.number("radius")
    request.tz = query.string("tz")
    request.units = try query.choice("units", among: DistanceUnit.allCases)
    request.cuisine = query.string("cuisine")
    request.price = try query.integer("price")
    request.photos = try query.flag("photos")
    try request.validate(naming: Self.parameter(ofKey:))
    // What the command line says on standard error as `warning:` lines
    // goes into the answer, so that a photo service that failed is told.
    let warnings = Warnings()
    var response = try PlaceFinder(environment: environment, notify: warnings.keep).search(request)
    let said = warnings.lines.withLock { $0 }
    if !said.isEmpty { response.warnings = said }
    return .json(try ResponseJSON.encode(response))
  }

  static let nearestParameters = [
    "category", "lat", "lon", "near", "provider", "radius", "tz", "units",
  ]

  /// `?category=&lat=&lon=`: the response of `nearest --format json` to the
  /// same request; `404` when no place of the category is within reach.
  func nearest(_ query: QueryValues) throws -> HTTPResponse {
    try query.refuseUnknown(known: Self.nearestParameters)
    var request = NearestRequest(category: query.string("category"))
    request.at = try query.coordinate()
    request.near = query.string("near")
    request.provider = try query.choice("provider", among: ProviderID.allCases)
    request.radius = try query.number("radius")
    request.tz = query.string("tz")
    request.units = try query.choice("units", among: DistanceUnit.allCases)
    try request.validate(naming: Self.parameter(ofKey:))
    let finder = PlaceFinder(environment: environment)
    let response = try Self.notFound(when: .noPlan) { () throws(ItineraryError) in
      try finder.nearest(request)
    }
    return .json(try ResponseJSON.encode(response))
  }

  /// `/v1/places/{placeId}`: the place as `show --format json` shows it,
  /// from the embedded city or the store; `404` when no place has the id.
  func place(_ id: String) throws -> HTTPResponse {
    let (finder, store) = (PlaceFinder(environment: environment), store())
    let place = try Self.notFound(when: .data) { () throws(ItineraryError) in
      try finder.place(id: id, store: store)
    }
    return .json(try ResponseJSON.encode(place))
  }

  /// Runs a look-up whose errors of `kind` mean that nothing is there:
  /// those are answered `404`.
  private static func notFound<T>(
    when kind: ItineraryError.Kind, _ body: () throws(ItineraryError) -> T
  ) throws -> T {
    do throws(ItineraryError) {
      return try body()
    } catch  where error.kind == kind {
      throw HTTPFailure.notFound(error)
    }
  }

  /// A request key as the query names it, for messages.
  static func parameter(ofKey key: String) -> String {
    key == "at" ? "query: lat and lon" : "query: \(key)"
  }

  /// `museum,park` as its words.
  static func list(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }
}

/// The warnings a request's notices hold, in the order said.
final class Warnings: Sendable {
  let lines = Mutex<[String]>([])

  /// Keeps `notice` when it is a warning.
  @Sendable func keep(_ notice: Notice) {
    if notice.level == .warning { lines.withLock { $0.append(notice.text) } }
  }
}
