import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryPlanning
import ItineraryStore

/// `GET /v1/photos?lat=&lon=[&radius=&source=&page=]`: a page of photos
/// near a pin, as `photos --at LAT,LON --format json` lists them, each with
/// its credit line. A photo service that fails is `503`, naming it.
///
/// `PUT /v1/albums/{name}` keeps a page of photos around a pin as an album,
/// as `photos --at LAT,LON --save NAME` does, and `GET /v1/albums/{name}`
/// answers it as `photos album NAME --format json` does (`PhotoAlbums`).
struct PhotoRoutes: Sendable {
  /// API keys and `ITINERARY_*` settings.
  var environment: [String: String]
  /// The store albums are kept in, opened on first use.
  var store: @Sendable () throws(ItineraryError) -> Store

  static let parameters = ["lat", "lon", "radius", "source", "page"]
  /// The keys of an album's body.
  static let albumKeys = ["lat", "lon", "radiusKm", "source", "page"]

  var routes: [Route] {
    [
      Route("GET", "/v1/photos") { request, _, _ throws(ItineraryError) in
        try photos(QueryValues(query: request.query))
      },
      Route("GET", "/v1/albums/{name}") { _, path, _ in
        try album(path["name"] ?? "")
      },
      Route("PUT", "/v1/albums/{name}") { request, path, _ in
        try saveAlbum(path["name"] ?? "", request.body)
      },
    ]
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
      near: at, radiusKm: radius, source: source, page: page, perPage: PhotoAlbums.perPage)
    return try .encoded(
      PhotoAnswer(
        found.photos,
        pin: AlbumPin(
          lat: at.lat, lon: at.lon, radiusKm: radius, source: source.rawValue, page: found.page),
        hasMore: found.hasMore))
  }

  /// The album `name` with its pin and photos; `404` when there is none.
  func album(_ name: String) throws -> HTTPResponse {
    let store = try store()
    let (pin, photos) = try Self.notFound { () throws(ItineraryError) in
      try PhotoAlbums.album(named: name, store: store)
    }
    return try .encoded(Self.answer(name, pin, photos: photos, hasMore: nil))
  }

  /// The body is the pin, `{"lat": 60.17, "lon": 24.94, "radiusKm": 1,
  /// "source": "commons", "page": 1}` (the last three optional): that page
  /// of photos is fetched and kept as the album, `201` when it is new.
  func saveAlbum(_ name: String, _ body: Data) throws(ItineraryError) -> HTTPResponse {
    let object = try JSONRequest.parse(body, source: "body")
    if let unknown = object.keys.sorted().first(where: { !Self.albumKeys.contains($0) }) {
      throw ItineraryError(
        .usage, "body: unknown key '\(unknown)' (known: \(Self.albumKeys.joined(separator: ", ")))")
    }
    struct Body: Decodable {
      var lat: Double?
      var lon: Double?
      var radiusKm: Double?
      var source: String?
      var page: Int?
    }
    let read = try JSONRequest.value(Body.self, from: object, at: "body")
    guard let lat = read.lat, let lon = read.lon else {
      throw ItineraryError(.usage, "body: lat and lon (the pin) are missing")
    }
    if let why = Coordinate(lat: lat, lon: lon).invalidity {
      throw ItineraryError(.usage, "body: lat and lon are not a point on the Earth: \(why)")
    }
    let radius = read.radiusKm ?? 1
    guard radius > 0, radius <= 32 else {
      throw ItineraryError(.usage, "body: radiusKm must be above 0 and at most 32 km")
    }
    let source = try PhotoSource.named(read.source ?? "commons", option: "body: source")
    let page = read.page ?? 1
    guard (1...50).contains(page) else {
      throw ItineraryError(.usage, "body: page must be between 1 and 50")
    }
    let pin = AlbumPin(lat: lat, lon: lon, radiusKm: radius, source: source.rawValue, page: page)
    let store = try store()
    let existed = (try? store.album(named: name)) != nil
    let services = PlaceServices(environment: environment, warn: { _ in })
    let found = try PhotoAlbums.save(named: name, pin: pin, services: services, store: store)
    return try .encoded(
      Self.answer(name, pin, photos: found.photos, hasMore: found.hasMore),
      status: existed ? 200 : 201)
  }

  static func answer(_ name: String, _ pin: AlbumPin, photos: [Photo], hasMore: Bool?)
    -> PhotoAnswer
  {
    PhotoAnswer(photos, pin: pin, album: name, hasMore: hasMore)
  }

  /// Runs a look-up whose only data error is that the thing is not there:
  /// that error is answered `404`.
  private static func notFound<T>(_ body: () throws(ItineraryError) -> T) throws -> T {
    do throws(ItineraryError) {
      return try body()
    } catch  where error.kind == .data {
      throw HTTPFailure.notFound(error)
    }
  }
}
