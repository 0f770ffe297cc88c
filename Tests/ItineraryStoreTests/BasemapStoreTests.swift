import Foundation
import ItineraryCore
import Testing

@testable import ItineraryStore

/// The basemap a city file holds: its shapes survive the compact encoding,
/// and a box finds the features around it and none elsewhere.
@Suite struct BasemapStoreTests {
  @Test func shapesSurviveTheirEncodingToAMillionthOfADegree() throws {
    let shapes = [
      [Coordinate(lat: 60.1699, lon: 24.9384), Coordinate(lat: 60.17001, lon: 24.93855)],
      [Coordinate(lat: -33.8688, lon: 151.2093), Coordinate(lat: -33.8689, lon: -0.0000004)],
    ]
    let data = BasemapShapeBlob.encode(shapes)
    let decoded = try #require(BasemapShapeBlob.decode(data))
    #expect(decoded.map(\.count) == [2, 2])
    for (shape, read) in zip(shapes.joined(), decoded.joined()) {
      #expect(abs(shape.lat - read.lat) <= 5e-7 && abs(shape.lon - read.lon) <= 5e-7)
    }
    // A point a few metres from the one before takes a few bytes, not eight.
    #expect(BasemapShapeBlob.encode([Array(shapes[0]) + [shapes[0][1]]]).count < data.count)
    #expect(BasemapShapeBlob.decode(data.dropLast()) == nil)
    #expect(BasemapShapeBlob.decode(Data([5, 0, 0])) == nil, "five points promised, none given")
  }

  @Test func aBoxFindsTheFeaturesAroundItAreasFirst() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let point = Coordinate(lat: 60.17, lon: 24.94)
    let street = BasemapFeature(
      kind: .street, points: [point, Coordinate(lat: 60.171, lon: 24.941)])
    let ring = [
      Coordinate(lat: 60.1702, lon: 24.9402), Coordinate(lat: 60.1702, lon: 24.9404),
      Coordinate(lat: 60.1704, lon: 24.9404), Coordinate(lat: 60.1702, lon: 24.9402),
    ]
    let building = BasemapFeature(kind: .building, points: ring)
    let faraway = BasemapFeature(
      kind: .water,
      points: ring.map { Coordinate(lat: $0.lat + 1, lon: $0.lon) })
    let file = try scratch.cityFile(named: "town", elements: 1) { writer in
      try writer.add(
        Place(id: "node/1", name: "Cafe", categories: ["cafe"], coordinate: point, score: 3),
        twin: nil)
      for feature in [street, building, faraway] { try writer.add(feature) }
      #expect(writer.basemapCount == 3)
    }
    let city = try CityFile(file: file)
    let found = try city.basemap(
      southWest: Coordinate(lat: 60.16, lon: 24.93), northEast: Coordinate(lat: 60.18, lon: 24.95))
    #expect(found.map(\.kind) == [.building, .street])
    #expect(found.first?.points.count == 4)
    let none = try city.basemap(
      southWest: Coordinate(lat: 50, lon: 10), northEast: Coordinate(lat: 50.1, lon: 10.1))
    #expect(none.isEmpty)
  }
}
