import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryPlaces
import ItineraryWorkloads
import Synchronization
import Testing

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appending(path: "itinerary-places-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Lines written by the code under test, collected across threads.
final class LineLog: Sendable {
  private let lines = Mutex<[String]>([])
  var all: [String] { lines.withLock { $0 } }
  var text: String { all.joined(separator: "\n") }
  func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// The environment of docs/reference.md pointing every service at `server`.
func environment(server: LoopbackServer, cache: URL, extra: [String: String] = [:]) -> [String:
  String]
{
  [
    "ITINERARY_YELP_URL": server.baseURL, "ITINERARY_FOURSQUARE_URL": server.baseURL,
    "ITINERARY_OVERPASS_URL": server.baseURL, "ITINERARY_NOMINATIM_URL": server.baseURL,
    "ITINERARY_OSRM_URL": server.baseURL, "ITINERARY_CACHE_DIR": cache.path,
    "YELP_API_KEY": "test-yelp-key", "FOURSQUARE_API_KEY": "test-foursquare-key",
  ].merging(extra) { $1 }
}

/// Services with short timeouts and backoffs, so fault tests run quickly.
func services(
  server: LoopbackServer, cache: URL, policy: CachePolicy = .use, extra: [String: String] = [:],
  warnings: LineLog = LineLog()
) -> PlaceServices {
  PlaceServices(
    environment: environment(server: server, cache: cache, extra: extra), cachePolicy: policy,
    client: HTTPClient(connectTimeout: 2, totalTimeout: 2),
    retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.01, maxDelay: 0.05, maxRetryAfter: 5),
    warn: { warnings.append($0) })
}

/// The errors of fetching parks near `origin`, twice with one cache, from an
/// Overpass that answers `body`: an answer that fails is never cached, so
/// both fetches fail and both ask the server.
func overpassParkErrors(answering body: String, near origin: Coordinate) throws
  -> [ItineraryError]
{
  let server = try LoopbackServer([.init(path: "/interpreter", responses: [.init(body: body)])])
  let cache = try temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: cache) }
  let errors = try (0..<2).map { _ in
    try #require(throws: ItineraryError.self) {
      try services(server: server, cache: cache).fetchPlaces(
        provider: "overpass", origin: origin, categories: [try category("park")],
        progress: { _ in })
    }
  }
  #expect(try server.stats().requests == 2)
  return errors
}

func category(_ name: String) throws -> CanonicalCategory {
  guard let category = CategoryVocabulary.standard.resolve(name) else {
    throw ItineraryError(.data, "no category \(name)")
  }
  return category
}

/// A Yelp search body with one business per id, each at a slightly different spot.
func yelpBody(_ ids: [String], aliases: [String] = ["localflavor"]) -> String {
  let businesses = ids.enumerated().map { index, id in
    """
    {"id": "\(id)", "name": "Place \(id)", "rating": 4.5, "review_count": \(10 + index),
     "price": "$$", "categories": [\(aliases.map { "{\"alias\": \"\($0)\", \"title\": \"x\"}" }.joined(separator: ","))],
     "coordinates": {"latitude": 40.75\(index), "longitude": -73.98\(index)},
     "location": {"display_address": ["\(index) Main St", "New York"]}}
    """
  }
  return "{\"businesses\": [\(businesses.joined(separator: ","))], \"total\": \(ids.count)}"
}
