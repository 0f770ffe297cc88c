import Foundation
import ItineraryCore
import ItineraryPlanning
import ItineraryWebPage

/// How a response is shown: a table for people, the response's JSON, a
/// GeoJSON map layer, a map page in one HTML file, or a plan taken along: an
/// iCalendar file of its visits or a GPX file of its stops and legs.
public enum OutputFormat: String, CaseIterable, Sendable {
  case table, json, geojson, html, ics, gpx

  /// The formats that draw or carry plans only, never places.
  public static let plansOnlyFormats: [OutputFormat] = [.html, .ics, .gpx]

  /// The response in this format, ending with a newline.
  ///
  /// - Parameter background: what the html page draws under the plans
  ///   (by default nothing: a plain background).
  /// - Throws: `.failure` when a number cannot be written (never a silent `{}`).
  public func render(_ response: PlanResponse, background: MapBackground = .basemap(nil))
    throws(ItineraryError) -> Data
  {
    switch self {
    case .table: Data(PlanTable.render(response).utf8)
    case .json: try ResponseJSON.encode(response)
    case .geojson: try PlanGeoJSON.encode(response)
    case .html: try PlanPage.render(response, background: background)
    case .ics: try PlanCalendar.render(response)
    case .gpx: try PlanGPX.render(response)
    }
  }
}

extension OutputFormat {
  /// Search results in this format: the table, the response's JSON, or the
  /// places as GeoJSON points.
  public func render(_ response: SearchResponse) throws(ItineraryError) -> Data {
    switch self {
    case .table: Data(SearchTable.render(response).utf8)
    case .json: try ResponseJSON.encode(response)
    case .geojson: try PlacesGeoJSON.encode(response.results)
    case .html, .ics, .gpx: throw Self.plansOnly
    }
  }
}

extension OutputFormat {
  /// The nearest top destination in this format (GeoJSON: one point).
  public func render(_ response: NearestResponse) throws(ItineraryError) -> Data {
    switch self {
    case .table: Data(NearestTable.render(response).utf8)
    case .json: try ResponseJSON.encode(response)
    case .geojson: try PlacesGeoJSON.encode([response.place])
    case .html, .ics, .gpx: throw Self.plansOnly
    }
  }

  /// Found places in this format: a table, a JSON array, or GeoJSON points.
  public func render(_ places: [FoundPlace]) throws(ItineraryError) -> Data {
    switch self {
    case .table:
      Data(
        TextColumns.align(
          places.map {
            [$0.id, $0.name, $0.categories.joined(separator: ","), PlaceText.quality($0)]
          }
        ).map { $0 + "\n" }.joined().utf8)
    case .json: try ResponseJSON.encode(places)
    case .geojson: try PlacesGeoJSON.encode(places)
    case .html, .ics, .gpx: throw Self.plansOnly
    }
  }

  /// The map page, the calendar and the track are made of plans; places
  /// are shown in the other formats.
  public static let plansOnly = ItineraryError(
    .usage, "--format html, ics and gpx are for plans only; use table, json or geojson")
}
