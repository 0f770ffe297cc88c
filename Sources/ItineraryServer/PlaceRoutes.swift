import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryPlanning
import ItineraryStore

/// The places of the embedded city, found in its city file: `GET
/// /v1/complete` (names as they are typed), `/v1/search` (within a radius),
/// `/v1/nearest`, and `/v1/categories` (the vocabulary).
struct PlaceRoutes: Sendable {
  let city = EmbeddedCity.helsinki

  var routes: [Route] {
    [
      Route("GET", "/v1/categories") { _, _, _ throws(ItineraryError) in try categories() },
      Route("GET", "/v1/complete") { request, _, _ throws(ItineraryError) in
        try complete(QueryValues(query: request.query))
      },
      Route("GET", "/v1/search") { request, _, _ throws(ItineraryError) in
        try search(QueryValues(query: request.query))
      },
      Route("GET", "/v1/nearest") { request, _, _ throws(ItineraryError) in
        try nearest(QueryValues(query: request.query))
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

  /// `?lat=&lon=&radius=KM&category=&cuisine=&limit=`: nearest first; a
  /// cuisine keeps the restaurants, cafés and bars serving it
  /// (`PlaceFilter`). The embedded city has no prices: `price` is refused.
  func search(_ query: QueryValues) throws(ItineraryError) -> HTTPResponse {
    let point = try query.coordinate(or: city.centre)
    let radius = try query.number("radius") ?? 1
    if !(0...50).contains(radius) {
      throw ItineraryError(.usage, "query: radius expects kilometres within 0...50, got \(radius)")
    }
    let limit = try query.integer("limit", in: 1...1000) ?? 50
    let category = query.string("category")
    if query.string("price") != nil {
      throw ItineraryError(.usage, "query: price: the embedded city has no prices")
    }
    let filter = PlaceFilter(cuisine: query.string("cuisine"))
    try filter.validate { key, message in ItineraryError(.usage, "query: \(key) \(message)") }
    let served = CategoryVocabulary.standard.categories.filter { $0.servesFoodOrDrink == true }
    let found = try city.file.nearby(radiusKm: radius, of: point).filter { nearby in
      let kept = filter.apply([nearby.place], asked: served).first
      return (category.map(nearby.place.isEligible(for:)) ?? true)
        && (filter.isEmpty || served.contains { kept?.isEligible(for: $0.name) == true })
    }.prefix(limit).map { PlaceJSON($0.place, distanceKm: $0.distanceKm) }
    return try .encoded(["places": Array(found)])
  }

  /// `?lat=&lon=&category=`: the one nearest place, `404` when none fits.
  func nearest(_ query: QueryValues) throws(ItineraryError) -> HTTPResponse {
    let point = try query.coordinate(or: city.centre)
    let category = query.string("category")
    guard let found = try city.file.nearest(to: point, category: category) else {
      return ServerErrors.response(
        status: 404, exitCode: 65, "no place\(category.map { " of category '\($0)'" } ?? "")")
    }
    return try .encoded(["place": PlaceJSON(found.place, distanceKm: found.distanceKm)])
  }
}
