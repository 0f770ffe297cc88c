import ItineraryCore

/// A tile server the map page draws its map from instead of the city's
/// basemap: `--tiles URL` or `ITINERARY_TILE_URL`, credited with
/// `--tiles-attribution TEXT` or `ITINERARY_TILE_ATTRIBUTION`.
public struct TileServer: Sendable, Equatable {
  /// The credit of a server that does not say its own: most serve
  /// OpenStreetMap's data.
  public static let defaultAttribution = "© OpenStreetMap contributors"

  /// An http or https URL with `{z}`, `{x}` and `{y}` (Leaflet's template).
  public var url: String
  public var attribution: String

  /// - Parameter naming: how the URL was given, for messages.
  /// - Throws: `ItineraryError` (usage) for a URL that is not http(s), lacks
  ///   a placeholder, or holds a space, a quote or an angle bracket.
  public init(url: String, attribution: String?, naming: String) throws(ItineraryError) {
    let scheme = url.prefix { $0 != ":" }.lowercased()
    guard scheme == "http" || scheme == "https", url.contains("://") else {
      throw ItineraryError(.usage, "\(naming): expects an http or https URL, got '\(url)'")
    }
    for placeholder in ["{z}", "{x}", "{y}"] where !url.contains(placeholder) {
      throw ItineraryError(
        .usage, "\(naming): the URL has no \(placeholder) (like https://host/{z}/{x}/{y}.png)")
    }
    if let bad = url.first(where: { $0.isWhitespace || "\"'<>\\`".contains($0) }) {
      throw ItineraryError(.usage, "\(naming): a URL holds no '\(bad)'")
    }
    self.url = url
    self.attribution = attribution.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultAttribution
  }

  /// The server of the flags, else of the environment; `nil` when neither
  /// names one (or the variable is empty).
  ///
  /// - Throws: `ItineraryError` (usage) for a URL `init` refuses.
  public static func configured(
    url: String?, attribution: String?, environment: [String: String]
  ) throws(ItineraryError) -> TileServer? {
    if let url {
      return try TileServer(url: url, attribution: attribution, naming: "--tiles")
    }
    guard let url = environment["ITINERARY_TILE_URL"], !url.isEmpty else { return nil }
    return try TileServer(
      url: url, attribution: attribution ?? environment["ITINERARY_TILE_ATTRIBUTION"],
      naming: "ITINERARY_TILE_URL")
  }
}
