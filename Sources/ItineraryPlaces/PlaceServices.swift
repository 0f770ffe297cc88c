import Foundation
import ItineraryCore

/// The live services as the environment configures them (contract section 7):
/// API keys, base URLs and the cache directory. This is what the command line calls.
public struct PlaceServices: Sendable {
  /// The providers `--provider` may name besides `embedded`.
  public static let providerNames = ["yelp", "foursquare", "overpass"]

  public let cachePolicy: CachePolicy
  public let client: HTTPClient
  public let retry: RetryPolicy
  /// The cache, unless bypassed or unusable.
  public let cache: ResponseCache?
  private let environment: [String: String]

  /// - Parameters:
  ///   - environment: the process environment (keys and `ITINERARY_*` settings).
  ///   - warn: receives cache problems, one line each.
  public init(
    environment: [String: String], cachePolicy: CachePolicy = .use,
    client: HTTPClient = HTTPClient(), retry: RetryPolicy = RetryPolicy(),
    warn: @escaping @Sendable (String) -> Void
  ) {
    self.environment = environment
    self.cachePolicy = cachePolicy
    self.client = client
    self.retry = retry
    if cachePolicy == .bypass {
      cache = nil
    } else {
      let made = ResponseCache(directory: Self.cacheDirectory(environment), warn: warn)
      cache = made.isUsable ? made : nil
    }
  }

  /// `ITINERARY_CACHE_DIR`, else `$XDG_CACHE_HOME/itinerary`, else `~/.cache/itinerary`.
  public static func cacheDirectory(_ environment: [String: String]) -> URL {
    if let directory = environment["ITINERARY_CACHE_DIR"], !directory.isEmpty {
      return URL(fileURLWithPath: directory)
    }
    if let base = environment["XDG_CACHE_HOME"], !base.isEmpty {
      return URL(fileURLWithPath: base).appending(path: "itinerary")
    }
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appending(path: ".cache/itinerary")
  }

  /// The base URL from `variable`, without a trailing slash, or `fallback`.
  func baseURL(_ variable: String, _ fallback: String) -> String {
    guard var url = environment[variable], !url.isEmpty else { return fallback }
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }

  /// The provider `name` names, with its key and base URL.
  ///
  /// - Throws: `.usage` for an unknown name or a missing key.
  public func provider(named name: String) throws(ItineraryError) -> any PlaceProvider {
    switch name.lowercased() {
    case "yelp":
      guard let key = APIKey(environment["YELP_API_KEY"]) else {
        throw ItineraryError(.usage, "the yelp provider needs YELP_API_KEY in the environment")
      }
      return YelpProvider(
        apiKey: key, baseURL: baseURL("ITINERARY_YELP_URL", YelpProvider.defaultBaseURL))
    case "foursquare":
      guard let key = APIKey(environment["FOURSQUARE_API_KEY"]) else {
        throw ItineraryError(
          .usage, "the foursquare provider needs FOURSQUARE_API_KEY in the environment")
      }
      return FoursquareProvider(
        apiKey: key,
        baseURL: baseURL("ITINERARY_FOURSQUARE_URL", FoursquareProvider.defaultBaseURL))
    case "overpass", "osm":
      return OverpassProvider(
        baseURL: baseURL("ITINERARY_OVERPASS_URL", OverpassProvider.defaultBaseURL))
    default:
      throw ItineraryError(
        .usage,
        "unknown provider '\(name)' (expected embedded, \(Self.providerNames.joined(separator: ", ")))"
      )
    }
  }

  /// A session for `service` sharing this run's client, retry policy and cache.
  public func session(for service: String, maxRequestsInFlight: Int) -> ServiceSession {
    ServiceSession(
      service: service, client: client, retry: retry, cache: cache, cachePolicy: cachePolicy,
      maxRequestsInFlight: maxRequestsInFlight)
  }

  /// Fetches `categories` around `origin` from the provider `providerName`, all at once.
  ///
  /// - Parameters:
  ///   - limit: places per category (`--per-category`).
  ///   - progress: one line per category event, for stderr.
  public func fetchPlaces(
    provider providerName: String, origin: Coordinate, categories: [CanonicalCategory],
    limit: Int = 50, radiusMeters: Int = 2000, openNow: Bool = false, allowPartial: Bool = false,
    progress: @escaping @Sendable (String) -> Void
  ) throws(ItineraryError) -> FetchReport {
    let provider = try provider(named: providerName)
    let stage = FetchStage(
      provider: provider,
      session: session(for: provider.name, maxRequestsInFlight: provider.maxRequestsInFlight),
      progress: progress)
    return try stage.run(
      origin: origin, categories: categories, limit: limit, radiusMeters: radiusMeters,
      openNow: openNow, allowPartial: allowPartial)
  }

  /// The coordinates of a place name (`--near`), through Nominatim.
  public func geocode(_ text: String) throws(ItineraryError) -> NominatimGeocoder.Match {
    let geocoder = NominatimGeocoder(
      baseURL: baseURL("ITINERARY_NOMINATIM_URL", NominatimGeocoder.defaultBaseURL))
    return try geocoder.geocode(text, session: session(for: "nominatim", maxRequestsInFlight: 1))
  }

  /// Road distances and durations between `points` (`--distances osrm`).
  public func roadTable(_ points: [Coordinate], mode: TravelMode) throws(ItineraryError)
    -> OSRMTable.Matrix
  {
    let table = OSRMTable(baseURL: baseURL("ITINERARY_OSRM_URL", OSRMTable.defaultBaseURL))
    return try table.table(
      points, mode: mode, session: session(for: "osrm", maxRequestsInFlight: 1))
  }
}
