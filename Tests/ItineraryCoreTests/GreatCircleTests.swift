import ItineraryCore
import Testing

@Suite struct GreatCircleTests {
  let radius = 6371.0088

  @Test func oneDegreeOfArcIsRadiusTimesPiOver180() {
    let d = GreatCircle.distanceKm(Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 1))
    #expect(abs(d - radius * .pi / 180) < 1e-9)
  }

  @Test func poleToEquatorIsAQuarterCircle() {
    let d = GreatCircle.distanceKm(Coordinate(lat: 90, lon: 0), Coordinate(lat: 0, lon: 37))
    #expect(abs(d - radius * .pi / 2) < 1e-9)
  }

  @Test func antipodesAreHalfACircle() {
    // The haversine formula loses digits near antipodes (asin near 1): metres here.
    let d = GreatCircle.distanceKm(Coordinate(lat: 10, lon: 20), Coordinate(lat: -10, lon: -160))
    #expect(abs(d - radius * .pi) < 1e-3)
  }

  @Test func helsinkiToTallinn() {
    // Senate Square to Tallinn Town Hall Square: about 82.4 km.
    let d = GreatCircle.distanceKm(
      Coordinate(lat: 60.16952, lon: 24.95243), Coordinate(lat: 59.43696, lon: 24.74535))
    #expect(abs(d - 82.4) < 0.3)
    #expect(GreatCircle.distanceKm(Coordinate(lat: 1, lon: 2), Coordinate(lat: 1, lon: 2)) == 0)
  }
}

@Suite struct CoordinateTests {
  @Test(arguments: [
    (91.0, 0.0, "latitude 91.0 is outside [-90, 90]"),
    (0.0, -180.5, "longitude -180.5 is outside [-180, 180]"),
    (Double.nan, 0.0, "latitude nan is not a finite number"),
    (0.0, Double.infinity, "longitude inf is not a finite number"),
  ])
  func invalidCoordinatesSayWhy(lat: Double, lon: Double, why: String) {
    #expect(Coordinate(lat: lat, lon: lon).invalidity == why)
  }

  @Test func edgesAreValid() {
    #expect(Coordinate(lat: -90, lon: 180).invalidity == nil)
    #expect(Coordinate(lat: 90, lon: -180).invalidity == nil)
  }
}
