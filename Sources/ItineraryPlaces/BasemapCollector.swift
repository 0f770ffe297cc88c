import ItineraryCore
import ItineraryStore

/// Gathers a city's basemap as an import streams the extract's ways: each
/// way of an area's tags that closes, and each line of a street or a
/// coastline, simplified and written at once; and the outer ways of the
/// multipolygons that are areas, kept until every way is read and then
/// joined into rings. Inner rings (courtyards, islands) are left out.
struct BasemapCollector {
  /// How far a simplified line may stray from the mapped one, in metres:
  /// less than a street's width, so nothing visibly moves.
  static let toleranceMetres = 1.5

  /// A multipolygon that is an area of the basemap.
  struct Multipolygon {
    var kind: BasemapFeature.Kind
    var ways: [Int64]
  }

  let multipolygons: [Multipolygon]
  /// The outer ways of `multipolygons`.
  let outerWays: Set<Int64>
  private var outlines: [Int64: [MapPoint]] = [:]

  init(multipolygons: [Multipolygon]) {
    self.multipolygons = multipolygons
    outerWays = Set(multipolygons.flatMap(\.ways))
  }

  /// Adds a way: drawn when its tags say so, kept when it outlines a
  /// multipolygon.
  ///
  /// - Complexity: O(points²) at worst (`LineSimplification`).
  mutating func add(
    way id: Int64, nodes: [(id: Int64, location: MapPoint)], tags: [String: String],
    to writer: CityFileWriter
  ) throws(ItineraryError) {
    if outerWays.contains(id) { outlines[id] = nodes.map(\.location) }
    guard nodes.count >= 2 else { return }
    let closed = nodes.count >= 4 && nodes.first?.id == nodes.last?.id
    guard let kind = BasemapRules.way(tags, closed: closed) else { return }
    try write(kind, nodes.map(\.location.coordinate), to: writer)
  }

  /// Writes the multipolygons' rings, once every way has been added.
  ///
  /// - Complexity: O(points of the outer ways), joining aside (`OuterRings`).
  func finish(to writer: CityFileWriter) throws(ItineraryError) {
    for multipolygon in multipolygons {
      for ring in OuterRings.rings(multipolygon.ways.compactMap { outlines[$0] }) {
        try write(multipolygon.kind, ring.map(\.coordinate), to: writer)
      }
    }
  }

  private func write(
    _ kind: BasemapFeature.Kind, _ points: [Coordinate], to writer: CityFileWriter
  ) throws(ItineraryError) {
    let simplified = LineSimplification.simplified(points, toleranceMetres: Self.toleranceMetres)
    // A ring that simplifies to less than a triangle is too small to draw.
    guard simplified.count >= (kind.isArea ? 4 : 2) else { return }
    try writer.add(BasemapFeature(kind: kind, points: simplified))
  }
}
