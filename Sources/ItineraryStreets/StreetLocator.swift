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

  /// How much farther than its nearest street a point may join the main
  /// network, when that street lies in a small separate piece of it.
  public static let detourToMainMetres = 100.0
  /// A separate piece of the network with fewer junctions than this is
  /// small: an indoor corridor, a courtyard's paths, a way the extract cut.
  public static let smallComponent = 1000

  /// Where `point` joins the streets: its nearest street of the mode within
  /// `maximumConnectorMetres`, and when that street lies in a small piece of
  /// the network apart from the main one, also the main network's nearest
  /// street if at most `detourToMainMetres` farther. A path may leave from
  /// either (as OSRM joins points to big components). Empty when no street
  /// is near enough.
  ///
  /// - Complexity: O(pieces within that distance).
  public func joins(of point: Coordinate) -> [StreetPosition] {
    guard let nearest = position(of: point, within: Self.maximumConnectorMetres, { _ in true })
    else { return [] }
    let component = graph.component[Int(graph.network.edges[nearest.edge].from)]
    guard component != graph.mainComponent,
      graph.componentSizes[Int(component)] < Self.smallComponent,
      let main = position(
        of: point,
        within: min(Self.maximumConnectorMetres, nearest.connector + Self.detourToMainMetres),
        { graph.component[Int(graph.network.edges[$0].from)] == graph.mainComponent })
    else { return [nearest] }
    return [nearest, main]
  }

  /// The nearest point of an edge `accepts` within `limit` metres.
  func position(of point: Coordinate, within limit: Double, _ accepts: (Int) -> Bool)
    -> StreetPosition?
  {
    let centre = Self.cell(point, lonDegrees: cellLonDegrees)
    let reach = Int((limit / 1000 / 111.0 / Self.cellDegrees).rounded(.up))
    let scale = cos(point.lat * .pi / 180)
    // Pieces are compared on the plane tangent at `point`, in degrees of
    // latitude squared: exact enough to choose among a street's neighbours.
    var best: (squared: Double, edge: Int, piece: Int, point: Coordinate)?
    for ring in 0...reach {
      // Every piece of a cell `ring` away is at least `ring - 1` cells off.
      if let best, Double(max(0, ring - 1)) * Self.cellDegrees > best.squared.squareRoot() {
        break
      }
      for row in (centre.row - ring)...(centre.row + ring) {
        for column in (centre.column - ring)...(centre.column + ring)
        where max(abs(row - centre.row), abs(column - centre.column)) == ring {
          for (edge, piece) in cells[Cell(row: row, column: column)] ?? [] where accepts(Int(edge))
          {
            let shape = Int(graph.network.edges[Int(edge)].shape.lowerBound + piece)
            let nearest = Self.nearest(
              to: point, from: graph.network.shapes[shape], to: graph.network.shapes[shape + 1],
              scale: scale)
            let (x, y) = ((nearest.lon - point.lon) * scale, nearest.lat - point.lat)
            if x * x + y * y < best?.squared ?? .infinity {
              best = (x * x + y * y, Int(edge), Int(piece), nearest)
            }
          }
        }
      }
    }
    guard let best else { return nil }
    let connector = GreatCircle.distanceKm(point, best.point) * 1000
    guard connector <= limit else { return nil }
    let points = graph.network.polyline(best.edge)
    let start = points.startIndex + best.piece
    let before = StreetNetwork.metres(points[points.startIndex...start])
    let offset = before + GreatCircle.distanceKm(points[start], best.point) * 1000
    return StreetPosition(
      edge: best.edge, piece: best.piece, point: best.point,
      offset: min(offset, graph.network.edges[best.edge].metres), connector: connector)
  }

  /// The point of the piece from `a` to `b` nearest `point`, on a plane
  /// tangent at `point` (exact enough over a street's pieces); `scale` is
  /// the cosine of `point`'s latitude.
  static func nearest(
    to point: Coordinate, from a: Coordinate, to b: Coordinate, scale: Double
  ) -> Coordinate {
    let (ax, ay) = ((a.lon - point.lon) * scale, a.lat - point.lat)
    let (bx, by) = ((b.lon - point.lon) * scale, b.lat - point.lat)
    let (dx, dy) = (bx - ax, by - ay)
    let length = dx * dx + dy * dy
    let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
    return Coordinate(lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon))
  }
}
