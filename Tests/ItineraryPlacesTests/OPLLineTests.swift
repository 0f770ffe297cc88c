import Foundation
import Testing

@testable import ItineraryPlaces

/// osmium's OPL lines read as the importer reads them, broken ones refused.
struct OPLLineTests {
  /// Parses `text` and hands the line to `body`.
  @discardableResult
  func line<T>(_ text: String, _ body: (OPLLine) throws -> T) throws -> T {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in try body(try OPLLine(buffer)) }
  }

  @Test func aNodeWithEscapedTagsAndALocation() throws {
    let text = "n42 Tname=Caf%e9%%20%%2c%Bar,amenity=cafe x-0.5 y60.1234567"
    try line(text) { line throws in
      #expect(line.kind == .node)
      #expect(line.id == 42)
      #expect(try line.tags() == ["name": "Café ,Bar", "amenity": "cafe"])
      #expect(line.location == OPLLine.Location(x: -5_000_000, y: 601_234_567))
      #expect(line.mayHaveTag(Array("name".utf8)))
      #expect(!line.mayHaveTag(Array("ame".utf8)))
    }
  }

  @Test func aWayKeepsItsLocatedNodesOnly() throws {
    try line("w7 T Nn1x24.9y60.1,n2xy,n3x25y-60") { line throws in
      #expect(line.kind == .way)
      #expect(try line.tags().isEmpty)
      let nodes = line.locatedNodes()
      #expect(nodes.map(\.id) == [1, 3])
      #expect(
        nodes.map(\.location) == [
          .init(x: 249_000_000, y: 601_000_000), .init(x: 250_000_000, y: -600_000_000),
        ])
    }
  }

  @Test func aRelationsMembersWithRoles() throws {
    try line("r9 Ttype=multipolygon Mw1@outer,w2@,n3@stop%20%1") { line throws in
      let members = try line.members()
      #expect(members.map(\.id) == [1, 2, 3])
      #expect(members.map(\.role) == ["outer", "", "stop 1"])
      #expect(members.map(\.kind) == Array("wwn".utf8))
    }
  }

  @Test(arguments: ["", "x1 T", "n T", "nabc T", "n1-2 T"])
  func linesThatAreNoElementAreRefused(text: String) {
    #expect(throws: OPLLine.Malformed.self) { try line(text) { _ in () } }
  }

  @Test(arguments: ["n1 Tname", "n1 Tname=%zz%", "n1 Tname=%41", "n1 Tname=%110000%"])
  func brokenTagsAreRefused(text: String) throws {
    try line(text) { line throws in
      #expect(throws: OPLLine.Malformed.self) { try line.tags() }
    }
  }

  @Test(arguments: ["n1 T x y60", "n1 T x24.12345678 y60", "n1 T x181 y0", "n1 T xa y0"])
  func brokenLocationsAreNone(text: String) throws {
    try line(text) { line in #expect(line.location == nil) }
  }

  @Test func brokenMembersAreRefused() throws {
    try line("r1 T Mw1outer") { line throws in
      #expect(throws: OPLLine.Malformed.self) { try line.members() }
    }
  }

  @Test func meansRoundHalvesToEven() {
    let mean = CityImport.mean([
      OPLLine.Location(x: 1, y: -1), OPLLine.Location(x: 2, y: -2),
    ])
    #expect(mean == OPLLine.Location(x: 2, y: -2))
    #expect(CityImport.mean([OPLLine.Location]()) == nil)
    let thirds = CityImport.mean([
      OPLLine.Location(x: 0, y: 0), OPLLine.Location(x: 0, y: 0), OPLLine.Location(x: 2, y: -2),
    ])
    #expect(thirds == OPLLine.Location(x: 1, y: -1))
  }

  @Test func providerIDsAreOneStringAndNameCities() throws {
    #expect(ProviderID(rawValue: "city:oslo")?.cityName == "oslo")
    #expect(ProviderID(rawValue: "city:") == nil)
    #expect(ProviderID(rawValue: "nowhere") == nil)
    #expect(ProviderID.city("oslo").isLive == false)
    #expect(ProviderID.overpass.isLive)
    let json = try JSONEncoder().encode([ProviderID.city("oslo"), .embedded])
    #expect(String(decoding: json, as: UTF8.self) == #"["city:oslo","embedded"]"#)
    #expect(try JSONDecoder().decode([ProviderID].self, from: json) == [.city("oslo"), .embedded])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([ProviderID].self, from: Data(#"["nowhere"]"#.utf8))
    }
  }
}
