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
      #expect(line.location == MapPoint(x: -5_000_000, y: 601_234_567))
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

  @Test func theVersionAndLastEditAreRead() throws {
    try line("n1 v12 dV t2019-04-21T09:50:14Z Tname=A x1 y2") { line throws in
      #expect(try line.version() == 12)
      #expect(try line.timestamp() == 1_555_840_214)
      #expect(try line.tags() == ["name": "A"])
    }
    // What osmium writes for an element without them, and a line without the fields.
    for text in ["n1 v0 dV t Tname=A x1 y2", "n1 Tname=A x1 y2"] {
      try line(text) { line throws in
        #expect(try line.version() == nil)
        #expect(try line.timestamp() == nil)
      }
    }
  }

  @Test(arguments: ["n1 vx T", "n1 v-3 T", "n1 v T", "n1 v99999999999999999999 T"])
  func brokenVersionsAreRefused(text: String) throws {
    try line(text) { line throws in
      #expect(throws: OPLLine.Malformed.self) { try line.version() }
    }
  }

  @Test(arguments: [
    "n1 t2019-04-21 T", "n1 t2019-04-21T09:50:14 T", "n1 t2019-02-30T09:50:14Z T",
    "n1 t2019-04-21T24:00:00Z T", "n1 t2019-04-21T09:60:14Z T", "n1 t2019/04/21T09:50:14Z T",
    "n1 t2019-04-21T09:50:14Zx T", "n1 t20a9-04-21T09:50:14Z T", "n1 t٢٠١٩-04-21T09:50:14Z T",
  ])
  func brokenTimestampsAreRefused(text: String) throws {
    try line(text) { line throws in
      #expect(throws: OPLLine.Malformed.self) { try line.timestamp() }
    }
  }

  @Test func editTimesCountSecondsSince1970() {
    #expect(OSMTimestamp.seconds(Array("1970-01-01T00:00:00Z".utf8)) == 0)
    #expect(OSMTimestamp.seconds(Array("2000-02-29T23:59:59Z".utf8)) == 951_868_799)
    #expect(OSMTimestamp.seconds(Array("1969-12-31T23:59:59Z".utf8)) == -1)
    #expect(OSMTimestamp.seconds(Array("".utf8)) == nil)
  }

  @Test func brokenMembersAreRefused() throws {
    try line("r1 T Mw1outer") { line throws in
      #expect(throws: OPLLine.Malformed.self) { try line.members() }
    }
  }

  @Test func meansRoundHalvesToEven() {
    let mean = MapPoint.mean([
      MapPoint(x: 1, y: -1), MapPoint(x: 2, y: -2),
    ])
    #expect(mean == MapPoint(x: 2, y: -2))
    #expect(MapPoint.mean([MapPoint]()) == nil)
    let thirds = MapPoint.mean([
      MapPoint(x: 0, y: 0), MapPoint(x: 0, y: 0), MapPoint(x: 2, y: -2),
    ])
    #expect(thirds == MapPoint(x: 1, y: -1))
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
