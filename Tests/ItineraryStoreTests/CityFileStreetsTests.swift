import Foundation
import ItineraryCore
import ItineraryStreets
import Testing

@testable import ItineraryStore

/// A city file keeps its streets and hierarchies as written, and a damaged
/// street table is one clear error naming the file.
@Suite struct CityFileStreetsTests {
  /// A city of one cafe and three streets: a footway, a one-way road, a ferry.
  static func write(to file: URL) throws -> StreetNetwork {
    var builder = StreetNetworkBuilder()
    func node(_ id: Int64, _ lat: Double, _ lon: Double) -> (id: Int64, point: Coordinate) {
      (id, Coordinate(lat: lat, lon: lon))
    }
    builder.add(
      [node(1, 60.16, 24.95), node(2, 60.1605, 24.9512345), node(3, 60.161, 24.952)],
      access: [.walkForward, .walkBackward])
    builder.add(
      [node(3, 60.161, 24.952), node(4, 60.162, 24.953)],
      access: [.walkForward, .walkBackward, .driveForward])
    builder.add(
      [node(4, 60.162, 24.953), node(5, 60.17, 24.96)],
      access: [.ferry, .walkForward, .walkBackward])
    var network = try builder.build()
    for mode in TravelMode.allCases where StreetGraph(network, mode: mode).hasArcs {
      network.shortcutSets[mode] = StreetShortcuts(StreetGraph(network, mode: mode))
    }
    let writer = try CityFileWriter(file: file)
    try writer.add(
      Place(
        id: "node/9", name: "Cafe", categories: ["cafe"],
        coordinate: Coordinate(lat: 60.16, lon: 24.95)),
      twin: nil)
    try writer.add(network)
    _ = try writer.finish(
      name: "streets", source: "test", attribution: "",
      importedAt: Date(timeIntervalSince1970: 1_796_119_200), elements: 8)
    return network
  }

  @Test func theStreetsReadBackAsWritten() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "streets.sqlite")
    let network = try Self.write(to: file)
    #expect(network.edges.count == 3 && network.junctions.count == 4)
    #expect(Set(network.shortcutSets.keys) == [.walk, .drive])
    #expect(try CityFile(file: file).streets() == network)
  }

  @Test(arguments: [
    "UPDATE street_edges SET shape = x'0102' WHERE id = 0",
    "UPDATE street_edges SET target = 99 WHERE id = 1",
    "UPDATE street_hierarchies SET ranks = x'00000000'",
    "UPDATE street_hierarchies SET shortcuts = x'01'",
    "UPDATE street_edges SET metres = -1 WHERE id = 2",
  ])
  func aDamagedStreetTableIsOneErrorNamingTheFile(_ damage: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "streets.sqlite")
    _ = try Self.write(to: file)
    try SQLiteDatabase(.file(file)).execute(damage)
    let city = try CityFile(file: file)
    #expect {
      try city.streets()
    } throws: { error in
      guard let error = error as? ItineraryError else { return false }
      return error.kind == .data && error.message.contains(file.path)
    }
  }
}
