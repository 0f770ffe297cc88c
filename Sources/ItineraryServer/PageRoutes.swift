import Foundation
import ItineraryPlanning
import ItineraryWebPage

/// What a browser reads: the map page at `/`, the OpenAPI document, and
/// Leaflet's licence. Each is built once.
struct PageRoutes {
  private static let openAPI = Data(WebPage.openAPI.utf8)
  private static let licence = Data(WebPage.leafletLicence.utf8)
  private let page: Data

  /// - Parameter tiles: the tile server the page's map comes from; `nil`
  ///   for the city's basemap, asked of `/v1/basemap`.
  init(tiles: TileServer?) {
    let background =
      tiles.map { MapBackground.tiles(url: $0.url, attribution: $0.attribution) } ?? .served
    page = Data(WebPage.document(background: background).utf8)
  }

  var routes: [Route] {
    let page = page
    return [
      Route("GET", "/") { _, _, _ in
        HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: page)
          .adding("Cache-Control", "no-cache")
          // Only the page's own scripts run: nothing a place name smuggles in.
          .adding("Content-Security-Policy", WebPage.contentSecurityPolicy)
          .adding("X-Content-Type-Options", "nosniff")
      },
      Route("GET", "/openapi.json") { _, _, _ in .json(Self.openAPI) },
      Route("GET", "/leaflet-licence.txt") { _, _, _ in
        HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Self.licence)
      },
    ]
  }
}
