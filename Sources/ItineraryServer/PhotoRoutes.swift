import Foundation
import ItineraryCore
import ItineraryPlaces

/// `GET /v1/photos?lat=&lon=[&radius=&source=&page=]`: a page of photos
/// near a pin, as `photos --at LAT,LON --format json` lists them, each with
/// its credit line. A photo service that fails is `503`, naming it.
struct PhotoRoutes: Sendable {
  /// API keys and `ITINERARY_*` settings.
  var environment: [String: String]

  static let parameters = ["lat", "lon", "radius", "source", "page"]
  /// Photos per page, as on the command line.
  static let perPage = 10

  var routes: [Route] {
    [
      Route("GET", "/v1/photos") { request, _, _ throws(ItineraryError) in
        try photos(QueryValues(query: request.query))
      }
    ]
  }

  struct At: Encodable {
    var lat: Double
    var lon: Double
  }

  struct Answer: Encodable {
    var at: At
    var radiusKm: Double
    var source: String
    var page: Int
    var hasMore: Bool
    var photos: [Photo]
  }

  func photos(_ query: QueryValues) throws(ItineraryError) -> HTTPResponse {
    try query.refuseUnknown(known: Self.parameters)
    guard let at = try query.coordinate() else {
      throw ItineraryError(.usage, "query: lat and lon (the pin) are missing")
    }
    let radius = try query.number("radius") ?? 1
    guard radius > 0, radius <= 32 else {
      throw ItineraryError(.usage, "query: radius must be above 0 and at most 32 km")
    }
    let source =
      try query.string("source").map { text throws(ItineraryError) in
        try PhotoSource.named(text, option: "query: source")
      } ?? .commons
    let page = try query.integer("page", in: 1...50) ?? 1
    let services = PlaceServices(environment: environment, warn: { _ in })
    let found = try services.photos(
      near: at, radiusKm: radius, source: source, page: page, perPage: Self.perPage)
    return try .encoded(
      Answer(
        at: At(lat: at.lat, lon: at.lon), radiusKm: radius, source: source.rawValue,
        page: found.page, hasMore: found.hasMore, photos: found.photos))
  }
}
