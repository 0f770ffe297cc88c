import ItineraryCore

/// Where a point joins the streets: the nearest point of an edge a mode may
/// use, and how far along the edge it lies.
public struct StreetPosition: Sendable, Equatable {
  public var edge: Int
  /// The piece of the edge's polyline the point lies on, from its point
  /// `piece` to `piece + 1`.
  public var piece: Int
  /// The nearest point itself.
  public var point: Coordinate
  /// Metres along the edge from its `from` junction to `point`.
  public var offset: Double
  /// Metres from the point asked about to `point`, on the great circle.
  public var connector: Double
}
