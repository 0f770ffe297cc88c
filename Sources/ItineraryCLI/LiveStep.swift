import Foundation
import ItineraryCore
import ItineraryPlaces

/// `plan`'s live places: `--provider`, `--near` and the cache flags, over
/// `ItineraryPlaces`' services configured by the environment.
enum LiveStep {
  static let options: [Arguments.Option] = [
    .value("provider"), .value("near"), .value("per-category"), .flag("no-cache"),
    .flag("refresh"), .flag("allow-partial"), .value("connect-timeout"), .value("timeout"),
  ]

  static let help = """
      --provider NAME          embedded, overpass (no key), yelp (YELP_API_KEY)
                               or foursquare (FOURSQUARE_API_KEY); default: the
                               embedded city when the start lies in it, else overpass
      --near PLACE             start at a named place, found with Nominatim
      --per-category N         places fetched per category (default 50)
      --no-cache               neither read nor write the response cache
      --refresh                fetch again and update the cache
      --allow-partial          plan without the categories whose fetch failed
      --connect-timeout S      seconds to connect to a service (default 5)
      --timeout S              seconds for a whole request (default 20)
    """

  /// The provider the flags name, or `nil` to choose by the start point.
  static func providerName(_ arguments: Arguments) throws(ItineraryError) -> String? {
    guard let name = arguments.value("provider")?.lowercased() else { return nil }
    let known = ["embedded"] + PlaceServices.providerNames
    guard known.contains(name) else {
      throw ItineraryError(
        .usage, "plan: unknown provider '\(name)' (expected \(known.joined(separator: ", ")))")
    }
    return name
  }

  /// The HTTP client with the timeouts the flags give.
  static func client(_ arguments: Arguments) throws(ItineraryError) -> HTTPClient {
    let defaults = HTTPClient()
    return HTTPClient(
      connectTimeout: try arguments.number("connect-timeout", minimum: 0.001)
        ?? defaults.connectTimeout,
      totalTimeout: try arguments.number("timeout", minimum: 0.001) ?? defaults.totalTimeout)
  }

  /// The services as the environment and the cache flags configure them.
  static func services(
    _ arguments: Arguments, client: HTTPClient, environment: [String: String], terminal: Terminal
  ) throws(ItineraryError) -> PlaceServices {
    if arguments.has("no-cache") && arguments.has("refresh") {
      throw ItineraryError(.usage, "plan: --no-cache and --refresh exclude each other")
    }
    let policy: CachePolicy =
      arguments.has("no-cache") ? .bypass : arguments.has("refresh") ? .refresh : .use
    return PlaceServices(
      environment: environment, cachePolicy: policy, client: client,
      warn: { terminal.writeError("warning: \($0)\n") })
  }

  /// The start point `--near` names.
  static func geocode(
    _ text: String, services: PlaceServices, terminal: Terminal
  ) throws(ItineraryError) -> Coordinate {
    let match = try services.geocode(text)
    terminal.writeError("starting at \(match.displayName) (\(match.coordinate))\n")
    return match.coordinate
  }

  /// Fetches `categories` from the live provider `name`, all at once, with
  /// progress on standard error.
  ///
  /// - Returns: the places, and the categories that arrived (all of them
  ///   unless `--allow-partial` let some fail; those are named on stderr).
  static func fetch(
    _ name: String, arguments: Arguments, services: PlaceServices, origin: Coordinate,
    categories: [CanonicalCategory], radiusKm: Double, terminal: Terminal
  ) throws(ItineraryError) -> (places: [Place], categories: [CanonicalCategory]) {
    let report = try services.fetchPlaces(
      provider: name, origin: origin, categories: categories,
      limit: try arguments.integer("per-category", default: 50),
      radiusMeters: Int((radiusKm * 1000).rounded()),
      allowPartial: arguments.has("allow-partial"),
      progress: { terminal.writeError("\($0)\n") })
    for missing in report.missing {
      terminal.writeError(
        "warning: planning without \(missing.category): \(missing.error.message)\n")
    }
    let missing = Set(report.missing.map(\.category))
    let arrived = categories.filter { !missing.contains($0.name) }
    if arrived.isEmpty {
      throw ItineraryError(.unavailable, "plan: no category could be fetched from \(name)")
    }
    return (report.places, arrived)
  }
}
