import ItineraryCore

/// One thing the offline map draws from a city file: an area (water, a
/// park, a building), given by its outer ring, or a line (a street, a
/// coastline).
public struct BasemapFeature: Equatable, Sendable {
  /// What a feature is. The raw values are what city files store: a kind
  /// keeps its number forever.
  public enum Kind: Int, CaseIterable, Sendable {
    case water = 1
    case park = 2
    case building = 3
    /// Where land meets the sea, land on its left: drawn as a water line,
    /// since a small extract holds too little of it to close the sea.
    case coastline = 4
    /// Motorways to tertiary roads, and their links.
    case majorStreet = 5
    case street = 6
    /// Footways, cycleways, paths, steps and tracks.
    case path = 7

    /// Its name in the basemap's JSON.
    public var name: String {
      switch self {
      case .water: "water"
      case .park: "park"
      case .building: "building"
      case .coastline: "coastline"
      case .majorStreet: "majorStreet"
      case .street: "street"
      case .path: "path"
      }
    }

    /// Whether its features are areas (closed rings) rather than lines.
    public var isArea: Bool { self == .water || self == .park || self == .building }
  }

  public var kind: Kind
  /// An area's ring (its first point repeated last) or a line's points.
  public var points: [Coordinate]

  public init(kind: Kind, points: [Coordinate]) {
    self.kind = kind
    self.points = points
  }
}
