/// An OpenStreetMap element as the place rules read it, whoever read it (an
/// imported extract, an Overpass answer): its tags, the point that is its
/// location, the area of its outline, and its edit history as far as known.
struct MapElement: Sendable {
  /// `node/N`, `way/N` or `relation/N`.
  var id: String
  var tags: [String: String]
  /// A node's own point; the mean of a way's or multipolygon's distinct points.
  var location: MapPoint
  /// The area of its outline in square metres (`Footprint`), for a way or
  /// multipolygon whose outline closes; `nil` otherwise.
  var footprint: Double?
  /// Its version (how many times it has been edited), when known.
  var version: Int?
  /// When it was last edited, in seconds since 1970, when known.
  var edited: Int?
}
