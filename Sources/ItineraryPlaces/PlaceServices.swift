import Foundation
import ItineraryCore

/// The live services as the environment configures them (docs/reference.md):
/// API keys, base URLs and the cache directory. This is what the command line calls.
public struct PlaceServices: Sendable {
  /// The providers `--provider` may name besides `embedded`.
  public static let providerNames = ["yelp", "foursquare", "overpass"]

  public let cachePolicy: CachePolicy
  public let client: HTTPClient
  public let retry: RetryPolicy
  /// The cache, unless bypassed or unusable.
  public let cache: ResponseCache?
  let environment: [String: String]

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
      guard let key = try APIKey.read(environment["YELP_API_KEY"], variable: "YELP_API_KEY") else {
        throw ItineraryError(.usage, "the yelp provider needs YELP_API_KEY in the environment")
      }
      return YelpProvider(
        apiKey: key, baseURL: baseURL("ITINERARY_YELP_URL", YelpProvider.defaultBaseURL))
    case "foursquare":
      guard
        let key = try APIKey.read(environment["FOURSQUARE_API_KEY"], variable: "FOURSQUARE_API_KEY")
      else {
        throw ItineraryError(
          .usage, "the foursquare provider needs FOURSQUARE_API_KEY in the environment")
      }
      return FoursquareProvider(
        apiKey: key,
        baseURL: baseURL("ITINERARY_FOURSQUARE_URL", FoursquareProvider.defaultBaseURL),
        fields: try foursquareFields())
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

  /// `ITINERARY_FOURSQUARE_FIELDS`: `premium` (the default: ratings,
  /// popularity, price, hours and photos) or `pro` (the fields the free
  /// tier covers).
  func foursquareFields() throws(ItineraryError) -> FoursquareProvider.Fields {
    guard let text = environment["ITINERARY_FOURSQUARE_FIELDS"], !text.isEmpty else {
      return .premium
    }
    guard let fields = FoursquareProvider.Fields(rawValue: text.lowercased()) else {
      throw ItineraryError(.usage, "ITINERARY_FOURSQUARE_FIELDS must be pro or premium")
    }
    return fields
  }

  /// The OSRM server for `mode`: `ITINERARY_OSRM_FOOT_URL`,
  /// `ITINERARY_OSRM_BIKE_URL` or `ITINERARY_OSRM_CAR_URL`, else
  /// `ITINERARY_OSRM_URL` for every mode, else the mode's public server.
  public func osrmBaseURL(for mode: TravelMode) -> String {
    let variable =
      switch mode {
      case .walk: "ITINERARY_OSRM_FOOT_URL"
      case .bike: "ITINERARY_OSRM_BIKE_URL"
      case .drive: "ITINERARY_OSRM_CAR_URL"
      }
    return baseURL(variable, baseURL("ITINERARY_OSRM_URL", OSRMTable.defaultBaseURL(for: mode)))
  }

  /// The credit to show with road distances for `mode`, when the server's
  /// usage policy asks for one (the default foot and bike servers do).
  public func roadAttribution(for mode: TravelMode) -> String? {
    OSRMTable.attribution(forBaseURL: osrmBaseURL(for: mode))
  }

  /// A session for `service` sharing this run's client, retry policy and cache.
  public func session(for service: String, maxRequestsInFlight: Int) -> ServiceSession {
    ServiceSession(
      service: service, client: client, retry: retry, cache: cache, cachePolicy: cachePolicy,
      maxRequestsInFlight: maxRequestsInFlight, secrets: configuredKeys)
  }

  /// Every API key the environment holds, whichever service it is for: a
  /// service echoing another's key must not show it either.
  var configuredKeys: [String] {
    ["YELP_API_KEY", "FOURSQUARE_API_KEY", "FLICKR_API_KEY"].compactMap {
      APIKey(environment[$0])?.value
    }
  }

  /// Fetches `categories` around `origin` from the provider `providerName`, all at once.
  ///
  /// - Parameters:
  ///   - limit: places per category (`--per-category`).
  ///   - openNow: only places open now (Yelp's and Foursquare's `open_now`).
  ///   - openAt: only places open at this moment (Yelp's `open_at`), for a
  ///     plan that starts later; ignored with `openNow`.
  ///   - progress: one line per category event, for stderr.
  public func fetchPlaces(
    provider providerName: String, origin: Coordinate, categories: [CanonicalCategory],
    limit: Int = 50, radiusMeters: Int = 2000, openNow: Bool = false, openAt: Date? = nil,
    allowPartial: Bool = false, progress: @escaping @Sendable (String) -> Void
  ) throws(ItineraryError) -> FetchReport {
    let provider = try provider(named: providerName)
    let stage = FetchStage(
      provider: provider,
      session: session(for: provider.name, maxRequestsInFlight: provider.maxRequestsInFlight),
      progress: progress)
    return try stage.run(
      origin: origin, categories: categories, limit: limit, radiusMeters: radiusMeters,
      openNow: openNow, openAt: openAt, allowPartial: allowPartial)
  }

  /// The coordinates of a place name (`--near`), through Nominatim.
  public func geocode(_ text: String) throws(ItineraryError) -> NominatimGeocoder.Match {
    let geocoder = NominatimGeocoder(
      baseURL: baseURL("ITINERARY_NOMINATIM_URL", NominatimGeocoder.defaultBaseURL))
    return try geocoder.geocode(text, session: session(for: "nominatim", maxRequestsInFlight: 1))
  }

  /// Road distances and durations between `points` (`--distances osrm`),
  /// from the server of `mode` (`osrmBaseURL(for:)`).
  public func roadTable(_ points: [Coordinate], mode: TravelMode) throws(ItineraryError)
    -> OSRMTable.Matrix
  {
    let table = OSRMTable(mode: mode, baseURL: osrmBaseURL(for: mode))
    return try table.table(points, session: session(for: "osrm", maxRequestsInFlight: 1))
  }
}
