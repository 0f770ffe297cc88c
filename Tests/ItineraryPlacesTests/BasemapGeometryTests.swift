import ItineraryCore
import ItineraryStore
import Testing

@testable import ItineraryPlaces

/// How an import turns ways into the basemap: which tags make what,
/// simplification that keeps shapes, and multipolygon rings joined.
@Suite struct BasemapGeometryTests {
  @Test func tagsSayWhatIsDrawn() {
    #expect(BasemapRules.way(["building": "yes"], closed: true) == .building)
    #expect(BasemapRules.way(["building": "no"], closed: true) == nil)
    #expect(BasemapRules.way(["natural": "water"], closed: true) == .water)
    #expect(BasemapRules.way(["natural": "water"], closed: false) == nil, "an open area is nothing")
    #expect(BasemapRules.way(["landuse": "grass"], closed: true) == .park)
    #expect(BasemapRules.way(["highway": "primary"], closed: false) == .majorStreet)
    #expect(BasemapRules.way(["highway": "residential"], closed: true) == .street)
    #expect(BasemapRules.way(["highway": "footway"], closed: false) == .path)
    #expect(BasemapRules.way(["highway": "pedestrian", "area": "yes"], closed: true) == nil)
    #expect(BasemapRules.way(["highway": "bus_stop"], closed: false) == nil)
    #expect(BasemapRules.way(["natural": "coastline"], closed: false) == .coastline)
  }

  @Test func simplificationDropsWhatLiesOnTheLineAndKeepsCorners() {
    // Every 10 m east along a street, half a metre off it at most.
    let street = (0...20).map {
      Coordinate(lat: 60.17 + ($0 % 2 == 0 ? 0 : 0.000004), lon: 24.94 + Double($0) * 0.00018)
    }
    let simplified = LineSimplification.simplified(street, toleranceMetres: 1.5)
    #expect(simplified == [street[0], street[20]])
    let corner = [
      Coordinate(lat: 60.17, lon: 24.94), Coordinate(lat: 60.17, lon: 24.941),
      Coordinate(lat: 60.171, lon: 24.941), Coordinate(lat: 60.17, lon: 24.94),
    ]
    #expect(LineSimplification.simplified(corner, toleranceMetres: 1.5) == corner)
  }

  @Test func outerWaysJoinIntoRingsAndWhatNeverClosesIsLeftOut() {
    let (a, b, c, d) = (
      MapPoint(x: 0, y: 0), MapPoint(x: 10, y: 0), MapPoint(x: 10, y: 10), MapPoint(x: 0, y: 10)
    )
    let rings = OuterRings.rings([[a, b, c], [a, d, c]])
    #expect(rings.count == 1)
    #expect(rings.first?.count == 5 && rings.first?.first == rings.first?.last)
    #expect(OuterRings.rings([[a, b, c], [c, d]]).isEmpty)
    #expect(OuterRings.rings([[a, b, c, a]]) == [[a, b, c, a]])
  }
}
