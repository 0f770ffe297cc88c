import Foundation
import ItineraryCore
import Testing

@testable import ItineraryPlaces

/// The area of outlines, against squares whose size is known another way.
@Suite struct FootprintTests {
  /// A closed square of `side` ten-millionths of a degree with its south-west
  /// corner at `corner`, counter-clockwise (or clockwise).
  func square(_ side: Int, at corner: MapPoint, clockwise: Bool = false) -> [MapPoint] {
    let (x, y) = (corner.x, corner.y)
    let ring = [
      MapPoint(x: x, y: y), MapPoint(x: x + side, y: y), MapPoint(x: x + side, y: y + side),
      MapPoint(x: x, y: y + side), MapPoint(x: x, y: y),
    ]
    return clockwise ? ring.reversed() : ring
  }

  @Test func aSquareOnTheEquatorIsItsSideSquared() throws {
    // A thousandth of a degree is 111.195 m on the sphere of radius 6371.0088 km.
    let side = GreatCircle.earthRadiusKm * 1000 * Double.pi / 180 / 1000
    let area = try #require(Footprint.squareMetres([square(10_000, at: MapPoint(x: 0, y: 0))]))
    #expect(abs(area - side * side) / (side * side) < 1e-3)
    let clockwise = Footprint.squareMetres([
      square(10_000, at: MapPoint(x: 0, y: 0), clockwise: true)
    ])
    #expect(clockwise == area)
  }

  @Test func nearThePolesALongitudeDegreeShrinks() throws {
    let helsinki = MapPoint(x: 249_400_000, y: 601_700_000)
    let equator = try #require(Footprint.squareMetres([square(10_000, at: MapPoint(x: 0, y: 0))]))
    let north = try #require(Footprint.squareMetres([square(10_000, at: helsinki)]))
    let ratio = cos(60.1705 * Double.pi / 180)
    #expect(abs(north / equator - ratio) < 1e-3)
    let doubled = try #require(Footprint.squareMetres([square(20_000, at: helsinki)]))
    #expect(abs(doubled / north - 4) < 1e-2)
    let two = try #require(
      Footprint.squareMetres([square(10_000, at: helsinki), square(10_000, at: helsinki)]))
    #expect(abs(two - 2 * north) < 1e-6, "the outer rings of a multipolygon add up")
  }

  @Test func outlinesThatDoNotCloseCoverNothing() {
    let open = Array(square(10_000, at: MapPoint(x: 0, y: 0)).dropLast())
    #expect(Footprint.squareMetres([open]) == nil)
    #expect(Footprint.squareMetres([]) == nil)
    #expect(Footprint.squareMetres([[MapPoint(x: 1, y: 1)]]) == nil)
    let line = [MapPoint(x: 0, y: 0), MapPoint(x: 5, y: 5), MapPoint(x: 0, y: 0)]
    #expect(Footprint.squareMetres([line]) == nil, "two corners are no outline")
    let closedAndOpen = Footprint.squareMetres([open, square(10_000, at: MapPoint(x: 0, y: 0))])
    #expect(closedAndOpen == Footprint.squareMetres([square(10_000, at: MapPoint(x: 0, y: 0))]))
  }

  @Test func pointsComeFromCoordinatesToTheTenMillionth() throws {
    let point = try #require(MapPoint(Coordinate(lat: 60.1699001, lon: -24.93845675)))
    #expect(point == MapPoint(x: -249_384_568, y: 601_699_001))
    #expect(point.coordinate == Coordinate(lat: 60.1699001, lon: -24.9384568))
    for broken in [
      Coordinate(lat: 1e300, lon: 0), Coordinate(lat: 0, lon: -.infinity),
      Coordinate(lat: .nan, lon: 0), Coordinate(lat: 91, lon: 0),
    ] {
      #expect(MapPoint(broken) == nil, "\(broken)")
    }
  }
}
