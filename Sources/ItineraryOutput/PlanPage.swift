import Foundation
import ItineraryCore
import ItineraryPlanning
import ItineraryWebPage

/// Plans as one self-contained HTML file: the map page of `itinerary serve`
/// with Leaflet and the plans inlined, for a browser with no server (and,
/// offline, no tiles: the plans are drawn on a plain background).
public enum PlanPage {
  /// - Complexity: O(size of the page and of the response).
  public static func render(_ response: PlanResponse) throws(ItineraryError) -> Data {
    Data(WebPage.document(responseJSON: try ResponseJSON.encode(response)).utf8)
  }
}
