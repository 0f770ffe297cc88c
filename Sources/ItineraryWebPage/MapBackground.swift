import Foundation

/// What the map page draws under the plans.
public enum MapBackground: Sendable, Equatable {
  /// A tile server's images: `url` with `{z}`, `{x}` and `{y}`, credited
  /// with `attribution` (shown as text).
  case tiles(url: String, attribution: String)
  /// A city's basemap as GeoJSON (`Basemap`), drawn as vectors with no
  /// network; `nil` for none: a plain background.
  case basemap(Data?)
  /// The basemap of the box shown, asked of the serving page's
  /// `/v1/basemap` as the map moves.
  case served

  /// The JSON the page reads: `{"tiles": {"url", "attribution"}}`,
  /// `{"basemap": GeoJSON}` or `{"basemapRoute": "/v1/basemap"}`.
  var json: String {
    switch self {
    case .tiles(let url, let attribution):
      #"{"tiles":{"url":\#(Self.quoted(url)),"attribution":\#(Self.quoted(attribution))}}"#
    case .basemap(let geoJSON):
      #"{"basemap":\#(geoJSON.map { String(decoding: $0, as: UTF8.self) } ?? "null")}"#
    case .served:
      #"{"basemapRoute":"/v1/basemap"}"#
    }
  }

  /// `text` as a JSON string.
  private static func quoted(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
