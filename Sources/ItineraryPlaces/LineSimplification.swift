import Foundation
import ItineraryCore

/// Fewer points for the same drawing: the Douglas-Peucker algorithm keeps
/// the points that lie more than a tolerance from the line through the
/// points kept around them, so that a map's streets and outlines stay
/// where they are while the city file holds far fewer points.
enum LineSimplification {
  /// The points of `line` (a ring too: its first point repeated last) that
  /// Douglas-Peucker keeps at `toleranceMetres`, the ends always kept.
  /// Distances are on a flat projection around the first point, exact
  /// enough over a city.
  ///
  /// - Complexity: O(n log n) time typically, O(n²) at worst, for n points.
  static func simplified(_ line: [Coordinate], toleranceMetres: Double) -> [Coordinate] {
    guard line.count > 2 else { return line }
    let metresPerDegree = GreatCircle.earthRadiusKm * 1000 * .pi / 180
    let xScale = metresPerDegree * cos(line[0].lat * .pi / 180)
    let flat = line.map { (x: $0.lon * xScale, y: $0.lat * metresPerDegree) }
    var kept = [Bool](repeating: false, count: line.count)
    kept[0] = true
    kept[line.count - 1] = true
    var spans = [(0, line.count - 1)]
    while let (first, last) = spans.popLast() {
      guard last - first > 1 else { continue }
      var (farthest, distance) = (first, 0.0)
      for index in (first + 1)..<last {
        let away = Self.distance(flat[index], from: flat[first], to: flat[last])
        if away > distance { (farthest, distance) = (index, away) }
      }
      guard distance > toleranceMetres else { continue }
      kept[farthest] = true
      spans.append((first, farthest))
      spans.append((farthest, last))
    }
    return line.indices.filter { kept[$0] }.map { line[$0] }
  }

  /// How far `point` lies from the segment from `start` to `end` (from
  /// `start` itself when they are one point, as the ends of a ring are).
  private static func distance(
    _ point: (x: Double, y: Double), from start: (x: Double, y: Double),
    to end: (x: Double, y: Double)
  ) -> Double {
    let (dx, dy) = (end.x - start.x, end.y - start.y)
    let squared = dx * dx + dy * dy
    let along =
      squared == 0
      ? 0 : max(0, min(1, ((point.x - start.x) * dx + (point.y - start.y) * dy) / squared))
    let (x, y) = (start.x + along * dx, start.y + along * dy)
    return ((point.x - x) * (point.x - x) + (point.y - y) * (point.y - y)).squareRoot()
  }
}
