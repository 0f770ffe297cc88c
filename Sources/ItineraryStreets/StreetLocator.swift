import Foundation
import ItineraryCore

/// Finds where points join a mode's streets: the nearest point of any edge
/// the mode may use, through a grid of the edges' pieces.
public struct StreetLocator: Sendable {
  /// How far a point may lie from every street and still join one: a place
  /// farther off (a closed courtyard, an island) is out of reach.
  public static let maximumConnectorMetres = 300.0
  /// The side of a grid cell, in degrees of latitude (about 110 m).
  static let cellDegrees = 0.001

  let graph: StreetGraph
  /// The cells' pieces: the edge and the index of the piece's first point.
  let cells: [Cell: [(edge: Int32, piece: Int32)]]
  /// Degrees of longitude per cell, wider towards the poles.
  let cellLonDegrees: Double

  struct Cell: Hashable {
    var row: Int
    var column: Int
  }

  /// - Complexity: O(points of the streets of the mode).
  public init(_ graph: StreetGraph) {
    self.graph = graph
    let network = graph.network
    let middle =
      network.junctions.isEmpty
      ? 0 : network.junctions.reduce(0) { $0 + $1.lat } / Double(network.junctions.count)
    let lonDegrees = Self.cellDegrees / max(0.05, cos(middle * .pi / 180))
    cellLonDegrees = lonDegrees
    var cells: [Cell: [(edge: Int32, piece: Int32)]] = [:]
    for (index, edge) in network.edges.enumerated() where edge.access.allows(graph.mode) {
      let points = network.polyline(index)
      for (piece, (a, b)) in zip(points, points.dropFirst()).enumerated() {
        let low = Self.cell(
          Coordinate(lat: min(a.lat, b.lat), lon: min(a.lon, b.lon)), lonDegrees: lonDegrees)
        let high = Self.cell(
          Coordinate(lat: max(a.lat, b.lat), lon: max(a.lon, b.lon)), lonDegrees: lonDegrees)
        for row in low.row...high.row {
          for column in low.column...high.column {
            cells[Cell(row: row, column: column), default: []].append(
              (Int32(index), Int32(piece)))
          }
        }
      }
    }
    self.cells = cells
  }

  static func cell(_ point: Coordinate, lonDegrees: Double) -> Cell {
    Cell(
      row: Int((point.lat / cellDegrees).rounded(.down)),
      column: Int((point.lon / lonDegrees).rounded(.down)))
  }

  /// Where `point` joins the streets, or `nil` when no street of the mode
  /// lies within `maximumConnectorMetres`.
  ///
  /// - Complexity: O(pieces within that distance).
  public func position(of point: Coordinate) -> StreetPosition? {
    let centre = Self.cell(point, lonDegrees: cellLonDegrees)
    let reach = Int((Self.maximumConnectorMetres / 1000 / 111.0 / Self.cellDegrees).rounded(.up))
    var best: (metres: Double, edge: Int, piece: Int, point: Coordinate)?
    for ring in 0...reach {
      // Every piece of a cell `ring` away is at least `ring - 1` cells off.
      if let best, Double(ring - 1) * Self.cellDegrees * 111_000 > best.metres { break }
      for row in (centre.row - ring)...(centre.row + ring) {
        for column in (centre.column - ring)...(centre.column + ring)
        where max(abs(row - centre.row), abs(column - centre.column)) == ring {
          for (edge, piece) in cells[Cell(row: row, column: column)] ?? [] {
            let shape = graph.network.edges[Int(edge)].shape.lowerBound + piece
            let a = graph.network.shapes[Int(shape)]
            let b = graph.network.shapes[Int(shape) + 1]
            let nearest = Self.nearest(to: point, from: a, to: b)
            let metres = GreatCircle.distanceKm(point, nearest) * 1000
            if metres < best?.metres ?? .infinity {
              best = (metres, Int(edge), Int(piece), nearest)
            }
          }
        }
      }
    }
    guard let best, best.metres <= Self.maximumConnectorMetres else { return nil }
    let points = graph.network.polyline(best.edge)
    let start = points.startIndex + best.piece
    let before = StreetNetwork.metres(points[points.startIndex...start])
    let offset = before + GreatCircle.distanceKm(points[start], best.point) * 1000
    return StreetPosition(
      edge: best.edge, piece: best.piece, point: best.point,
      offset: min(offset, graph.network.edges[best.edge].metres), connector: best.metres)
  }

  /// The point of the piece from `a` to `b` nearest `point`, on a plane
  /// tangent at `point` (exact enough over a street's pieces).
  static func nearest(to point: Coordinate, from a: Coordinate, to b: Coordinate) -> Coordinate {
    let scale = cos(point.lat * .pi / 180)
    let (ax, ay) = ((a.lon - point.lon) * scale, a.lat - point.lat)
    let (bx, by) = ((b.lon - point.lon) * scale, b.lat - point.lat)
    let (dx, dy) = (bx - ax, by - ay)
    let length = dx * dx + dy * dy
    let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
    return Coordinate(lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon))
  }
}
