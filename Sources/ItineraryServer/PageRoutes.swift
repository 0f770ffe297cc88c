import Foundation
import ItineraryWebPage

/// What a browser reads: the map page at `/`, the OpenAPI document, and
/// Leaflet's licence. Each is built once.
enum PageRoutes {
  private static let page = Data(WebPage.document().utf8)
  private static let openAPI = Data(WebPage.openAPI.utf8)
  private static let licence = Data(WebPage.leafletLicence.utf8)

  static let routes = [
    Route("GET", "/") { _, _, _ in
      HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: page)
        .adding("Cache-Control", "no-cache")
        // Only the page's own scripts run: nothing a place name smuggles in.
        .adding("Content-Security-Policy", WebPage.contentSecurityPolicy)
        .adding("X-Content-Type-Options", "nosniff")
    },
    Route("GET", "/openapi.json") { _, _, _ in .json(openAPI) },
    Route("GET", "/leaflet-licence.txt") { _, _, _ in
      HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: licence)
    },
  ]
}
