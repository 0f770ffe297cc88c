import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryPlanning

/// `GET /v1/basemap?south=&west=&north=&east=`: the city's basemap of a box
/// as GeoJSON (`Basemap`), which the map page draws when no tile server is
/// configured. A box that is no box is `400`.
struct BasemapRoutes: Sendable {
  /// API keys and `ITINERARY_*` settings (the data directory of the cities).
  var environment: [String: String]

  static let parameters = ["south", "west", "north", "east"]

  var routes: [Route] {
    [
      Route("GET", "/v1/basemap") { request, _, _ throws(ItineraryError) in
        try basemap(QueryValues(query: request.query))
      }
    ]
  }

  func basemap(_ query: QueryValues) throws(ItineraryError) -> HTTPResponse {
    try query.refuseUnknown(known: Self.parameters)
    var edges: [Double] = []
    for name in Self.parameters {
      guard let value = try query.number(name) else {
        throw ItineraryError(
          .usage, "query: \(name) is missing (the box: south, west, north, east)")
      }
      edges.append(value)
    }
    let geoJSON = try Basemap.geoJSON(
      southWest: Coordinate(lat: edges[0], lon: edges[1]),
      northEast: Coordinate(lat: edges[2], lon: edges[3]),
      cities: ImportedCities(environment: environment))
    return HTTPResponse(status: 200, contentType: "application/geo+json", body: geoJSON)
  }
}
