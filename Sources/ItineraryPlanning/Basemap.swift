import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStore

/// The offline map's basemap of a box as GeoJSON, from the city that holds
/// the box's centre: the first imported city, else the embedded one; none
/// elsewhere. A `FeatureCollection` of one feature a kind (`properties.kind`:
/// `water`, `park`, `building`, `coastline`, `majorStreet`, `street`,
/// `path`), a `MultiPolygon` of outer rings or a `MultiLineString`, in the
/// order the map draws them, coordinates to six decimals.
public enum Basemap {
  /// The most degrees a box may span each way: about 50 km of latitude.
  public static let maxSpan = 0.5

  /// - Throws: `ItineraryError` (usage) for a box that is no box: not
  ///   finite, off the Earth, south above north or west east of east, or
  ///   spanning more than `maxSpan`; (data) for a city file that cannot be read.
  /// - Complexity: O(log n + points of the features found).
  public static func geoJSON(
    southWest: Coordinate, northEast: Coordinate, cities: ImportedCities
  ) throws(ItineraryError) -> Data {
    let values = [southWest.lat, southWest.lon, northEast.lat, northEast.lon]
    guard values.allSatisfy(\.isFinite), southWest.invalidity == nil,
      northEast.invalidity == nil
    else {
      throw ItineraryError(.usage, "basemap: the box's corners must be finite points on the Earth")
    }
    guard southWest.lat < northEast.lat, southWest.lon < northEast.lon else {
      throw ItineraryError(.usage, "basemap: south must be below north and west below east")
    }
    guard northEast.lat - southWest.lat <= maxSpan, northEast.lon - southWest.lon <= maxSpan
    else {
      throw ItineraryError(.usage, "basemap: a box spans at most \(maxSpan) degrees each way")
    }
    let centre = Coordinate(
      lat: (southWest.lat + northEast.lat) / 2, lon: (southWest.lon + northEast.lon) / 2)
    let city = EmbeddedCity.helsinki
    let file = cities.containing(centre) ?? (city.contains(centre) ? city.file : nil)
    let features = try file?.basemap(southWest: southWest, northEast: northEast) ?? []
    return encode(features)
  }

  /// The box of the origin and every stop of `response`, widened by half
  /// its size on each side and by at least `margin` degrees (about 500 m),
  /// for a page that fits its plans with room around them; at most
  /// `maxSpan` each way, around its middle.
  public static func box(around response: PlanResponse) -> (Coordinate, Coordinate) {
    let stops = response.plans.flatMap(\.stops) + (response.days ?? []).flatMap(\.stops)
    let lats = [response.origin.lat] + stops.map(\.lat)
    let lons = [response.origin.lon] + stops.map(\.lon)
    let (south, north) = (lats.min() ?? 0, lats.max() ?? 0)
    let (west, east) = (lons.min() ?? 0, lons.max() ?? 0)
    let halfHeight = min(maxSpan / 2, (north - south) / 2 + max(margin, (north - south) / 2))
    let halfWidth = min(maxSpan / 2, (east - west) / 2 + max(margin * 2, (east - west) / 2))
    let (lat, lon) = ((south + north) / 2, (west + east) / 2)
    return (
      Coordinate(lat: max(-90, lat - halfHeight), lon: max(-180, lon - halfWidth)),
      Coordinate(lat: min(90, lat + halfHeight), lon: min(180, lon + halfWidth))
    )
  }

  static let margin = 0.005

  /// The features as the GeoJSON `geoJSON` describes.
  ///
  /// - Complexity: O(points).
  static func encode(_ features: [BasemapFeature]) -> Data {
    var text = #"{"type":"FeatureCollection","features":["#
    var first = true
    for kind in BasemapFeature.Kind.allCases {
      let shapes = features.filter { $0.kind == kind }.map(\.points)
      guard !shapes.isEmpty else { continue }
      if !first { text += "," }
      first = false
      text += #"{"type":"Feature","properties":{"kind":"\#(kind.name)"},"geometry":{"type":"#
      text +=
        kind.isArea ? #""MultiPolygon","coordinates":["# : #""MultiLineString","coordinates":["#
      for (index, shape) in shapes.enumerated() {
        if index > 0 { text += "," }
        text += kind.isArea ? "[[" : "["
        for (at, point) in shape.enumerated() {
          text += at > 0 ? ",[" : "["
          text += decimal(point.lon) + "," + decimal(point.lat) + "]"
        }
        text += kind.isArea ? "]]" : "]"
      }
      text += "]}}"
    }
    text += "]}\n"
    return Data(text.utf8)
  }

  /// `value` to six decimals, with no trailing zeros: `24.9384`, `-0.5`, `60`.
  static func decimal(_ value: Double) -> String {
    let millionths = Int((value * 1e6).rounded())
    let whole = millionths.magnitude / 1_000_000
    var fraction = String(millionths.magnitude % 1_000_000)
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    return (millionths < 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
  }
}
