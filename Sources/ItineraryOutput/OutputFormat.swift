import Foundation
import ItineraryCore
import ItineraryPlanning

/// How a response is shown: a table for people, the response's JSON, a
/// GeoJSON map layer, or a map page in one HTML file.
public enum OutputFormat: String, CaseIterable, Sendable {
  case table, json, geojson, html

  /// The response in this format, ending with a newline.
  ///
  /// - Throws: `.failure` when a number cannot be written (never a silent `{}`).
  public func render(_ response: PlanResponse) throws(ItineraryError) -> Data {
    switch self {
    case .table: Data(PlanTable.render(response).utf8)
    case .json: try ResponseJSON.encode(response)
    case .geojson: try PlanGeoJSON.encode(response)
    case .html: try PlanPage.render(response)
    }
  }
}
