import ItineraryCore

/// A city's streets as a graph: junctions joined by edges, each edge a
/// polyline of the street between two junctions with its length and who may
/// use it in which direction.
///
/// Lengths are sums of great-circle distances between consecutive points,
/// so no path is shorter than the great circle between its ends.
public struct StreetNetwork: Sendable, Equatable {
  /// One street between two junctions.
  public struct Edge: Sendable, Equatable {
    public var from: Int32
    public var to: Int32
    public var metres: Double
    public var access: StreetAccess
    /// Where the edge's polyline lies in `shapes`: from `from`'s point to
    /// `to`'s, both included.
    public var shape: Range<Int32>

    public init(from: Int32, to: Int32, metres: Double, access: StreetAccess, shape: Range<Int32>) {
      self.from = from
      self.to = to
      self.metres = metres
      self.access = access
      self.shape = shape
    }
  }

  /// Each junction's point.
  public let junctions: [Coordinate]
  public let edges: [Edge]
  /// Every edge's polyline, one after another.
  public let shapes: [Coordinate]
  /// Each mode's shortcut hierarchy, for fast tables; a mode without one
  /// is searched junction by junction.
  public var shortcutSets: [TravelMode: StreetShortcuts] = [:]

  /// - Throws: `.data` when an edge names a junction or a shape outside the
  ///   arrays, or its polyline does not run between its junctions.
  /// - Complexity: O(edges).
  public init(junctions: [Coordinate], edges: [Edge], shapes: [Coordinate])
    throws(ItineraryError)
  {
    for (index, edge) in edges.enumerated() {
      let valid =
        junctions.indices.contains(Int(edge.from)) && junctions.indices.contains(Int(edge.to))
        && edge.shape.lowerBound >= 0 && Int(edge.shape.upperBound) <= shapes.count
        && edge.shape.count >= 2 && edge.metres.isFinite && edge.metres >= 0
      guard valid else { throw ItineraryError(.data, "street \(index) is malformed") }
    }
    self.junctions = junctions
    self.edges = edges
    self.shapes = shapes
  }

  /// The polyline of `edge`, from its `from` junction to its `to`.
  public func polyline(_ edge: Int) -> ArraySlice<Coordinate> {
    let range = edges[edge].shape
    return shapes[Int(range.lowerBound)..<Int(range.upperBound)]
  }

  /// The length of a polyline in metres: the sum of its pieces' great circles.
  ///
  /// - Complexity: O(points).
  public static func metres(_ points: some Collection<Coordinate>) -> Double {
    zip(points, points.dropFirst()).reduce(0) { $0 + GreatCircle.distanceKm($1.0, $1.1) * 1000 }
  }
}
