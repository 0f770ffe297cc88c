import ItineraryCore
import ItineraryOutput
import ItineraryPlaces
import ItineraryPlanning
import ItineraryWebPage

/// What `--format html` draws under the plans: the tile server of `--tiles`
/// (or `ITINERARY_TILE_URL`), else the basemap of the city around the plans,
/// inlined so that the page works with no network.
enum PageBackground {
  /// - Returns: a plain background for formats other than html, which
  ///   draw no map.
  /// - Complexity: O(points of the basemap around the plans), for html.
  static func of(
    _ response: PlanResponse, format: OutputFormat, tiles: TileServer?,
    _ environment: [String: String]
  ) throws(ItineraryError) -> MapBackground {
    guard format == .html else { return .basemap(nil) }
    if let tiles { return .tiles(url: tiles.url, attribution: tiles.attribution) }
    let (southWest, northEast) = Basemap.box(around: response)
    return .basemap(
      try Basemap.geoJSON(
        southWest: southWest, northEast: northEast,
        cities: ImportedCities(environment: environment)))
  }
}

extension ParsedArguments {
  /// The tile server of `--tiles` and `--tiles-attribution`, else of the
  /// environment; `nil` for none.
  ///
  /// - Throws: `ItineraryError` (usage) for a URL that is no tile template.
  func tileServer(_ environment: [String: String]) throws(ItineraryError) -> TileServer? {
    try TileServer.configured(
      url: string(Options.tiles), attribution: string(Options.tilesAttribution),
      environment: environment)
  }
}
