import Foundation
import ItineraryCore
import ItineraryStreets

/// Writes a city file (`CityFile`) from places added one at a time, in any
/// order, in memory bounded whatever their number: they wait in a scratch
/// table on disk until `finish` numbers them best first and indexes them.
///
/// The file is the caller's temporary one: it is written without a journal,
/// so a failure leaves it unusable, and the caller removes it.
public final class CityFileWriter {
  private let database: SQLiteDatabase
  private let insert: SQLiteStatement
  private let label: String
  private let stageFeature: SQLiteStatement
  /// Basemap features added so far.
  public private(set) var basemapCount = 0
  /// Places kept so far.
  public private(set) var count = 0

  /// Starts a new city file at `file`, which must not exist.
  ///
  /// - Throws: `ItineraryError` (failure) when it cannot be written.
  public init(file: URL) throws(ItineraryError) {
    label = "the city file \(file.path)"
    do throws(SQLiteError) {
      database = try SQLiteDatabase(.file(file))
      try database.execute(
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = FILE;")
      try CityFileSchema.migrator.migrate(database)
      try database.execute(
        """
        ATTACH DATABASE '' AS scratch;
        CREATE TABLE scratch.staging (
          id TEXT NOT NULL, name TEXT NOT NULL, categories TEXT NOT NULL,
          lat REAL NOT NULL, lon REAL NOT NULL, score REAL NOT NULL,
          address TEXT, hours TEXT, photo TEXT, kind TEXT, cuisine TEXT, edited INTEGER,
          twin TEXT UNIQUE);
        CREATE TABLE scratch.basemap (cell INTEGER NOT NULL, kind INTEGER NOT NULL, shape BLOB);
        BEGIN;
        """)
      insert = try database.prepare(
        "INSERT OR IGNORE INTO scratch.staging VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      stageFeature = try database.prepare("INSERT INTO scratch.basemap VALUES (?, ?, ?)")
    } catch {
      throw error.itineraryError(file: label)
    }
  }

  /// Adds `place` unless a place of the same `twin` key came first.
  ///
  /// - Parameters:
  ///   - twin: places of one key are one place (the same name and Wikidata
  ///     item); `nil` for a place with no twin.
  ///   - edited: when the place was last edited (seconds since 1970), which
  ///     orders places of equal scores; `nil` when unknown.
  /// - Returns: whether it was kept.
  /// - Complexity: O(log n) for n places so far.
  @discardableResult
  public func add(_ place: Place, twin: String?, edited: Int? = nil) throws(ItineraryError)
    -> Bool
  {
    let point = place.coordinate
    func text(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
    do throws(SQLiteError) {
      try insert.bind([
        .text(place.id), .text(place.name), .text(place.categories.joined(separator: ",")),
        .real(point.lat), .real(point.lon), .real(Scoring.score(of: place)), text(place.address),
        text(place.openingHours), text(place.photoURL), text(place.kind),
        text(place.cuisines.isEmpty ? nil : place.cuisines.joined(separator: ";")),
        edited.map { SQLiteValue.int($0) } ?? .null, text(twin),
      ])
      while try insert.step() {}
    } catch {
      throw error.itineraryError(file: label)
    }
    let kept = database.changes == 1
    if kept { count += 1 }
    return kept
  }

  /// Writes the city's street network, with its modes' hierarchies.
  ///
  /// - Complexity: O(junctions + points of the streets).
  public func add(_ streets: StreetNetwork) throws(ItineraryError) {
    do throws(SQLiteError) {
      let junction = try database.prepare("INSERT INTO street_junctions VALUES (?, ?, ?)")
      for (id, point) in streets.junctions.enumerated() {
        try junction.bind([.int(id), .real(point.lat), .real(point.lon)])
        while try junction.step() {}
      }
      let edge = try database.prepare("INSERT INTO street_edges VALUES (?, ?, ?, ?, ?, ?)")
      for (id, street) in streets.edges.enumerated() {
        let between = streets.polyline(id).dropFirst().dropLast()
        try edge.bind([
          .int(id), .int(Int(street.from)), .int(Int(street.to)), .real(street.metres),
          .int(Int(street.access.rawValue)), .blob(StreetShapeBlob.encode(between)),
        ])
        while try edge.step() {}
      }
      let hierarchy = try database.prepare("INSERT INTO street_hierarchies VALUES (?, ?, ?)")
      for mode in TravelMode.allCases {
        guard let ordering = streets.shortcutSets[mode] else { continue }
        let (ranks, shortcuts) = StreetHierarchyBlob.encode(ordering)
        try hierarchy.bind([.text(mode.rawValue), .blob(ranks), .blob(shortcuts)])
        while try hierarchy.step() {}
      }
    } catch {
      throw error.itineraryError(file: label)
    }
  }

  /// Adds one feature of the basemap; it waits on disk until `finish`
  /// groups it with the others of its kind and cell (`basemapCell`).
  ///
  /// - Complexity: O(points + log features).
  public func add(_ feature: BasemapFeature) throws(ItineraryError) {
    guard let first = feature.points.first else { return }
    let cell =
      Int((first.lat / Self.basemapCell).rounded(.down)) * 100_000
      + Int((first.lon / Self.basemapCell).rounded(.down))
    do throws(SQLiteError) {
      try stageFeature.bind([
        .int(cell), .int(feature.kind.rawValue), .blob(BasemapShapeBlob.encode([feature.points])),
      ])
      while try stageFeature.step() {}
    } catch {
      throw error.itineraryError(file: label)
    }
    basemapCount += 1
  }

  /// The side of a basemap cell, in degrees: features of one kind that start
  /// in one cell are one row of the file and one box of its R*Tree, which
  /// holds the file small and a page's box still finds few rows.
  static let basemapCell = 0.01

  /// Writes the staged basemap features a row a kind and cell, with the box
  /// of the row's features.
  ///
  /// - Complexity: O(points + f log f) for f features, on disk.
  private func groupBasemap() throws(SQLiteError) {
    let insert = try database.prepare("INSERT INTO basemap VALUES (?, ?, ?)")
    let box = try database.prepare("INSERT INTO basemap_boxes VALUES (?, ?, ?, ?, ?)")
    var row = 0
    func write(_ kind: Int, _ shapes: [[Coordinate]]) throws(SQLiteError) {
      let points = shapes.joined()
      guard let first = points.first else { return }
      row += 1
      try insert.bind([.int(row), .int(kind), .blob(BasemapShapeBlob.encode(shapes))])
      while try insert.step() {}
      let edges = points.reduce(into: (first.lat, first.lat, first.lon, first.lon)) {
        $0 = (min($0.0, $1.lat), max($0.1, $1.lat), min($0.2, $1.lon), max($0.3, $1.lon))
      }
      try box.bind([.int(row), .real(edges.0), .real(edges.1), .real(edges.2), .real(edges.3)])
      while try box.step() {}
    }
    let staged = try database.prepare(
      "SELECT cell, kind, shape FROM scratch.basemap ORDER BY cell, kind, rowid")
    var group: (cell: Int, kind: Int)?
    var shapes: [[Coordinate]] = []
    while try staged.step() {
      let key = (cell: staged.int(0), kind: staged.int(1))
      if let current = group, current != key {
        try write(current.kind, shapes)
        shapes = []
      }
      group = key
      shapes += BasemapShapeBlob.decode(staged.data(2)) ?? []
    }
    if let group { try write(group.kind, shapes) }
  }

  /// Numbers the places best first into the tables of `CityFileSchema`,
  /// indexes them, writes the basemap, the summary and closes the file. Equal scores go
  /// in the tie order, the most recently edited first (unknown edits last),
  /// then by name (by its UTF-8 bytes) and, for the same name edited the
  /// same second, by id; and are told apart by `ScoreTies`, so that no two
  /// places share a score.
  ///
  /// The summary takes what the import knows (the city's name, the
  /// extract, the credit, when it was imported, the elements read); its
  /// `places` and bounds come from the places (the box rounded outward to
  /// 4 decimals).
  ///
  /// - Returns: the summary written.
  /// - Complexity: O(n log n) for n places, on disk.
  public func finish(
    name: String, source: String, attribution: String, importedAt: Date, elements: Int
  ) throws(ItineraryError) -> CityFile.Summary {
    let summary: CityFile.Summary
    do throws(SQLiteError) {
      let box =
        try database.rows(
          "SELECT MIN(lat), MIN(lon), MAX(lat), MAX(lon), COUNT(*) FROM scratch.staging"
        ) { row in (0..<4).map { row.double(Int32($0)) } }.first ?? [0, 0, 0, 0]
      let step = 1e4
      summary = CityFile.Summary(
        name: name, source: source, attribution: attribution, importedAt: importedAt,
        elements: elements, places: count,
        southWest: Coordinate(
          lat: (box[0] * step).rounded(.down) / step, lon: (box[1] * step).rounded(.down) / step),
        northEast: Coordinate(
          lat: (box[2] * step).rounded(.up) / step, lon: (box[3] * step).rounded(.up) / step))
      try database.execute(
        """
        INSERT INTO places (
          id, name, categories, lat, lon, score, address, hours, photo, kind, cuisine)
          SELECT id, name, categories, lat, lon, score, address, hours, photo, kind, cuisine
          FROM scratch.staging
          ORDER BY score DESC, edited DESC, name, id;
        """)
      let rows = try database.rows("SELECT rowid, score FROM places ORDER BY rowid") {
        ($0.int(0), $0.double(1))
      }
      let update = try database.prepare("UPDATE places SET score = ? WHERE rowid = ?")
      for ((row, score), separated) in zip(rows, ScoreTies.separated(rows.map(\.1)))
      where separated != score {
        try update.bind([.real(separated), .int(row)])
        while try update.step() {}
      }
      try database.execute(
        """
        INSERT INTO boxes SELECT rowid, lat, lat, lon, lon FROM places;
        INSERT INTO names (rowid, name) SELECT rowid, name FROM places;
        """)
      try groupBasemap()
      let meta = try database.prepare("INSERT INTO meta VALUES (?, ?)")
      for (key, value) in CityFile.meta(summary) {
        try meta.bind([.text(key), .text(value)])
        while try meta.step() {}
      }
      try database.execute("COMMIT; DETACH DATABASE scratch;")
    } catch {
      throw error.itineraryError(file: label)
    }
    return summary
  }
}
