import ItineraryStore

/// Which elements of an extract the offline map draws, and as what: water,
/// parks and green, buildings, coastlines and streets, by their tags.
enum BasemapRules {
  /// The keys some basemap tag has, for a quick look at a line before its
  /// tags are read.
  static let keys = ["natural", "waterway", "landuse", "leisure", "building", "highway"]

  static let majorStreets: Set<String> = [
    "motorway", "trunk", "primary", "secondary", "tertiary", "motorway_link", "trunk_link",
    "primary_link", "secondary_link", "tertiary_link",
  ]
  static let streets: Set<String> = [
    "residential", "unclassified", "service", "living_street", "pedestrian", "road",
  ]
  static let paths: Set<String> = [
    "footway", "path", "cycleway", "steps", "bridleway", "track",
  ]

  /// The kind of area an element with `tags` is (a closed way or a
  /// multipolygon), or `nil`.
  static func area(_ tags: [String: String]) -> BasemapFeature.Kind? {
    switch (tags["natural"], tags["waterway"], tags["landuse"], tags["leisure"]) {
    case ("water", _, _, _), (_, "riverbank", _, _), (_, _, "basin", _), (_, _, "reservoir", _):
      return .water
    case ("wood", _, _, _), (_, _, "grass", _), (_, _, "forest", _),
      (_, _, "recreation_ground", _), (_, _, _, "park"), (_, _, _, "garden"):
      return .park
    default:
      guard let building = tags["building"], building != "no" else { return nil }
      return .building
    }
  }

  /// osmium `tags-filter` expressions for the relations that are areas of
  /// the basemap, as `area` reads them.
  static let relationExpressions = [
    "r/natural=water,wood", "r/waterway=riverbank",
    "r/landuse=basin,reservoir,grass,forest,recreation_ground", "r/leisure=park,garden",
    "r/building",
  ]

  /// The kind of line a way with `tags` is, or `nil`. An area of a highway
  /// (`area=yes`, a square) is no line.
  static func line(_ tags: [String: String]) -> BasemapFeature.Kind? {
    if tags["natural"] == "coastline" { return .coastline }
    guard let highway = tags["highway"], tags["area"] != "yes" else { return nil }
    if majorStreets.contains(highway) { return .majorStreet }
    if streets.contains(highway) { return .street }
    return paths.contains(highway) ? .path : nil
  }

  /// What a way with `tags` is drawn as, or `nil`: an area when it closes
  /// and has an area's tags, else a line.
  static func way(_ tags: [String: String], closed: Bool) -> BasemapFeature.Kind? {
    if closed, let kind = area(tags) { return kind }
    return line(tags)
  }
}
