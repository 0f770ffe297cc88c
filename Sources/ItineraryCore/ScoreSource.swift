/// Where a place's score comes from, so that a person knows what the number
/// is: a provider's ratings, or what the map says about the place.
public enum ScoreSource: String, Codable, Sendable, CaseIterable {
  /// OpenStreetMap notability (`Scoring`): the embedded city, imported cities, Overpass.
  case map
  /// Yelp's star ratings, weighed by their number.
  case yelp
  /// Foursquare's ratings weighed by their number, or its popularity.
  case foursquare

  /// The source of a place's score from where the place came from
  /// (`Place.source`): `osm` is `map`; `nil` for a place of a file.
  public init?(placeSource: String) {
    switch placeSource {
    case "osm": self = .map
    case "yelp": self = .yelp
    case "foursquare": self = .foursquare
    default: return nil
    }
  }
}
