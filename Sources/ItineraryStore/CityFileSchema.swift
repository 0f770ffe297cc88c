/// A city file's schema, oldest first. A new version is a new migration at
/// the end; a released migration never changes, since city files of every
/// version are out there to be upgraded when opened.
enum CityFileSchema {
  static let migrator = Migrator([places, photos, kinds, streets, basemap])

  /// Version 1: the summary, the places, and their name and point indexes.
  static let places = Migration(
    "places",
    sql: """
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE places (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, name TEXT NOT NULL,
        categories TEXT NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL, score REAL NOT NULL,
        address TEXT, hours TEXT);
      \(PlacesSchema.names)
      \(PlacesSchema.boxes)
      """)

  /// Version 2: a place's photo URL; places of an upgraded file have none.
  static let photos = Migration("photos", sql: "ALTER TABLE places ADD COLUMN photo TEXT;")

  /// Version 3: a place's kind (its main OpenStreetMap tag, `tourism=museum`)
  /// and its `cuisine` tag as written (`pizza;italian`); places of an
  /// upgraded file have neither.
  static let kinds = Migration(
    "kinds",
    sql: "ALTER TABLE places ADD COLUMN kind TEXT; ALTER TABLE places ADD COLUMN cuisine TEXT;")

  /// Version 4: the street network (`StreetNetwork`): its junctions, and its
  /// edges with their lengths, access bits (`StreetAccess`) and the points
  /// between their junctions as little-endian 32-bit pairs, longitude then
  /// latitude, in ten-millionths of a degree; and each travel mode's
  /// shortcut hierarchy (`StreetShortcuts`): the junctions' ranks as
  /// little-endian 32-bit integers, and the shortcuts as a 32-bit `from`, a
  /// 32-bit `to` and a 64-bit float of metres each. An upgraded file has none.
  static let streets = Migration(
    "streets",
    sql: """
      CREATE TABLE street_junctions (id INTEGER PRIMARY KEY, lat REAL NOT NULL, lon REAL NOT NULL);
      CREATE TABLE street_edges (
        id INTEGER PRIMARY KEY, source INTEGER NOT NULL, target INTEGER NOT NULL,
        metres REAL NOT NULL, access INTEGER NOT NULL, shape BLOB NOT NULL);
      CREATE TABLE street_hierarchies (
        mode TEXT PRIMARY KEY, ranks BLOB NOT NULL, shortcuts BLOB NOT NULL);
      """)

  /// Version 5: the basemap the offline map draws (`BasemapFeature`): each
  /// feature's kind and points (`BasemapShapeBlob`), and an R*Tree of their
  /// bounding boxes. An upgraded file has none.
  static let basemap = Migration(
    "basemap",
    sql: """
      CREATE TABLE basemap (id INTEGER PRIMARY KEY, kind INTEGER NOT NULL, shape BLOB NOT NULL);
      CREATE VIRTUAL TABLE basemap_boxes USING rtree(id, min_lat, max_lat, min_lon, max_lon);
      """)
}
