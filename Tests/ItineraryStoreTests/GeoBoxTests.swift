import ItineraryCore
import Testing

@testable import ItineraryStore

@Suite struct GeoBoxTests {
  @Test func aSmallCircleHasOneBox() {
    let boxes = GeoBox.covering(radiusKm: 111.195, around: Coordinate(lat: 0, lon: 0))
    #expect(boxes.count == 1)
    #expect(abs(boxes[0].maxLat - 1) < 1e-3 && abs(boxes[0].maxLon - 1) < 1e-3)
  }

  @Test func aCircleAcrossTheAntimeridianHasTwo() {
    let boxes = GeoBox.covering(radiusKm: 50, around: Coordinate(lat: 10, lon: 179.9))
    #expect(boxes.count == 2)
    #expect(boxes[0].maxLon == 180 && boxes[1].minLon == -180)
    #expect(boxes[1].maxLon < -179 && boxes[0].minLon > 179)
  }

  @Test func aCircleHoldingAPoleTakesEveryLongitude() {
    let boxes = GeoBox.covering(radiusKm: 200, around: Coordinate(lat: 89, lon: 40))
    #expect(boxes == [GeoBox(minLat: boxes[0].minLat, maxLat: 90, minLon: -180, maxLon: 180)])
    #expect(GeoBox.covering(radiusKm: 30_000, around: Coordinate(lat: 0, lon: 0)).count == 1)
  }
}
