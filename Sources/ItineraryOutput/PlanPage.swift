import Foundation
import ItineraryCore
import ItineraryPlanning
import ItineraryWebPage

/// Plans as one self-contained HTML file: the map page of `itinerary serve`
/// with Leaflet and the plans inlined, for a browser with no server; under
/// them the city's basemap, inlined too so that the page needs no network,
/// or a tile server's map.
public enum PlanPage {
  /// - Complexity: O(size of the page, of the response and of the map).
  public static func render(_ response: PlanResponse, background: MapBackground)
    throws(ItineraryError) -> Data
  {
    Data(
      WebPage.document(responseJSON: try ResponseJSON.encode(response), background: background)
        .utf8)
  }
}
