import Foundation
import ItineraryCore
import Testing

@testable import ItineraryStore

/// City files of an older schema are upgraded in place when opened; files
/// of the current one keep their places' photos.
@Suite struct CityFileUpgradeTests {
  /// A city file as version 1 of the program wrote it, by its own SQL: one
  /// place, and no photo column.
  static func versionOneFile(at file: URL) throws {
    let database = try SQLiteDatabase(.file(file))
    try database.execute(
      """
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE places (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, name TEXT NOT NULL,
        categories TEXT NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL, score REAL NOT NULL,
        address TEXT, hours TEXT);
      CREATE VIRTUAL TABLE names USING fts5(
        name, content = '', columnsize = 0, prefix = '1 2 3 4 5 6',
        tokenize = 'unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE boxes USING rtree(id, min_lat, max_lat, min_lon, max_lon);
      INSERT INTO places (id, name, categories, lat, lon, score, address, hours)
        VALUES ('node/1', 'Café Ursula', 'cafe', 60.159, 24.956, 3.0, NULL, 'Mo-Su 09:00-20:00');
      INSERT INTO boxes SELECT rowid, lat, lat, lon, lon FROM places;
      INSERT INTO names (rowid, name) SELECT rowid, name FROM places;
      INSERT INTO meta VALUES ('name', 'old-town'), ('source', 'old-town.osm.pbf'),
        ('attribution', 'OpenStreetMap'), ('imported_at', '0'), ('elements', '5'),
        ('places', '1'), ('bounds', '60.159,24.956,60.159,24.956');
      PRAGMA user_version = 1;
      """)
  }

  @Test func aVersionOneFileIsUpgradedInPlaceAndStillReads() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "old-town.sqlite")
    try Self.versionOneFile(at: file)

    let city = try CityFile(file: file)
    #expect(city.summary.name == "old-town")
    let places = try city.within(radiusKm: 1, of: city.summary.centre)
    #expect(places.map(\.id) == ["node/1"])
    #expect(places.first?.openingHours == "Mo-Su 09:00-20:00")
    #expect(places.first?.photoURL == nil)
    #expect(try city.complete(prefix: "urs", limit: 5).map(\.id) == ["node/1"])

    let database = try SQLiteDatabase(.file(file))
    #expect(try database.userVersion() == CityFileSchema.migrator.latestVersion)
    #expect(try city.streets() == nil, "an upgraded city has no streets until imported again")
    #expect(
      try database.rows("SELECT name FROM pragma_table_info('places')") { $0.text(0) }.suffix(3)
        == ["photo", "kind", "cuisine"])
    #expect(places.first?.kind == nil && places.first?.cuisines == [])
    #expect(try CityFile(file: file).summary == city.summary)
  }

  @Test func aFailedUpgradeSaysSoAndLeavesTheFileAsItWas() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "broken.sqlite")
    try SQLiteDatabase(.file(file)).setUserVersion(1)
    #expect {
      try CityFile(file: file)
    } throws: { error in
      let message = (error as? ItineraryError)?.message ?? ""
      return message.hasPrefix(
        "cannot upgrade the city file \(file.path) from schema version 1 to "
          + "\(CityFileSchema.migrator.latestVersion)")
        && message.contains("no such table: places")
        && message.hasSuffix("import the city again")
    }
    #expect(try SQLiteDatabase(.file(file)).userVersion() == 1)
  }

  @Test func aFileOfNoOrANewerVersionIsRefusedUntouched() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    for version in [0, CityFileSchema.migrator.latestVersion + 1] {
      let file = scratch.url.appending(path: "v\(version).sqlite")
      try SQLiteDatabase(.file(file)).setUserVersion(version)
      #expect(throws: ItineraryError.self) { try CityFile(file: file) }
      let database = try SQLiteDatabase(.file(file))
      #expect(try database.userVersion() == version)
      #expect(try database.rows("SELECT name FROM sqlite_schema") { $0.text(0) }.isEmpty)
    }
  }

  @Test func aNewFileKeepsItsPlacesPhotos() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let point = Coordinate(lat: 60.17, lon: 24.94)
    let file = try scratch.cityFile(named: "new-town", elements: 2) { writer in
      for (id, photo) in [("node/1", "https://example.org/a.jpg"), ("node/2", nil)] {
        try writer.add(
          Place(
            id: id, name: "Place \(id)", categories: ["museum"], coordinate: point, score: 3,
            photoURL: photo), twin: nil)
      }
    }
    let places = try CityFile(file: file).within(radiusKm: 1, of: point)
    #expect(places.map(\.id) == ["node/1", "node/2"])
    #expect(places.map(\.photoURL) == ["https://example.org/a.jpg", nil])
  }

  @Test func equalScoresAreToldApartNewestEditFirstThenByName() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let point = Coordinate(lat: 60.17, lon: 24.94)
    // Five places of one score: two edited at once (by name), one later,
    // one never (last), and one scoring more.
    let entries: [(id: String, name: String, score: Double, edited: Int?)] = [
      ("node/1", "Beta", 3.2, 100), ("node/2", "Alpha", 3.2, 100), ("node/3", "Gamma", 3.2, 200),
      ("node/4", "Aardvark", 3.2, nil), ("node/5", "Zulu", 3.5, 50),
    ]
    let file = try scratch.cityFile(named: "ties", elements: 5) { writer in
      for entry in entries {
        try writer.add(
          Place(
            id: entry.id, name: entry.name, categories: ["cafe"], coordinate: point,
            score: entry.score, kind: "amenity=cafe", cuisines: ["coffee", "cake"]),
          twin: nil, edited: entry.edited)
      }
    }
    let places = try CityFile(file: file).places()
    #expect(places.map(\.id) == ["node/5", "node/3", "node/2", "node/1", "node/4"])
    #expect(places.compactMap(\.score) == [3.5, 3.2, 3.1999, 3.1998, 3.1997])
    #expect(places.allSatisfy { $0.kind == "amenity=cafe" && $0.cuisines == ["coffee", "cake"] })
  }
}
