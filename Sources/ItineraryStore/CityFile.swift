import Foundation
import ItineraryCore
import Synchronization

/// The places database of one city, read: its summary, the places within a
/// radius (R*Tree), and names completed as they are typed (FTS5).
///
/// The file holds a `meta` table (the summary, key by key), `places` (one
/// row per place, numbered best first), `boxes` (an R*Tree of the places'
/// points, by place row) and `names` (an FTS5 index of the places' names,
/// by place row, tokenized like `PlacesIndex`), in the schema of
/// `CityFileSchema`. `CityFileWriter` makes it; opening a file of an older
/// schema upgrades it in place. The embedded city is one too, compiled in
/// and opened read-only from its bytes.
public final class CityFile: Sendable {
  /// What a city file says about itself.
  public struct Summary: Sendable, Equatable {
    public var name: String
    /// The extract it was imported from, as given.
    public var source: String
    /// Whose data it is, as the data's licence asks to be credited.
    public var attribution: String
    public var importedAt: Date
    /// OpenStreetMap elements read from the extract: its nodes with tags and its ways.
    public var elements: Int
    public var places: Int
    /// The south-west and north-east corners of the box holding every place.
    public var southWest: Coordinate
    public var northEast: Coordinate

    /// The middle of the box of places, where plans start by default.
    /// (Rounded to 6 decimals, about 10 cm.)
    public var centre: Coordinate {
      func middle(_ a: Double, _ b: Double) -> Double { ((a + b) / 2 * 1e6).rounded() / 1e6 }
      return Coordinate(
        lat: middle(southWest.lat, northEast.lat), lon: middle(southWest.lon, northEast.lon))
    }
  }

  /// Seconds opening waits for another process upgrading the same file.
  static let busyTimeout = 10.0

  /// What the city is, for messages: `the city file PATH`, or as the
  /// opener of an image named it.
  let label: String
  public let summary: Summary
  let connection: Mutex<Statements>

  final class Statements {
    let database: SQLiteDatabase
    let box: SQLiteStatement
    let complete: SQLiteStatement

    /// The columns `CityFile.place` reads, of `places p`.
    static let columns =
      "p.id, p.name, p.categories, p.lat, p.lon, p.score, p.address, p.hours, p.photo, p.kind, "
      + "p.cuisine"

    init(_ database: SQLiteDatabase) throws(SQLiteError) {
      self.database = database
      box = try database.prepare(
        """
        SELECT \(Self.columns) FROM boxes b JOIN places p ON p.rowid = b.id
        WHERE b.max_lat >= ? AND b.min_lat <= ? AND b.max_lon >= ? AND b.min_lon <= ?
        """)
      complete = try database.prepare(
        """
        SELECT \(Self.columns) FROM names n JOIN places p ON p.rowid = n.rowid
        WHERE names MATCH ? ORDER BY n.rowid LIMIT ?
        """)
    }
  }

  /// Opens the city file at `file`, first upgrading a file of an older
  /// schema (`CityFileSchema`) in place.
  ///
  /// - Throws: `ItineraryError` (data) for a file that is not a city file
  ///   or is of a newer schema, (failure) when it cannot be read; when an
  ///   upgrade fails, the kind of its failure.
  /// - Complexity: O(1), an upgrade included (adding a column rewrites no row).
  public convenience init(file: URL) throws(ItineraryError) {
    let label = "the city file \(file.path)"
    guard FileManager.default.isReadableFile(atPath: file.path) else {
      throw ItineraryError(.failure, "cannot read \(label)")
    }
    let database: SQLiteDatabase
    do throws(SQLiteError) {
      database = try SQLiteDatabase(.file(file))
      try database.setBusyTimeout(seconds: Self.busyTimeout)
    } catch {
      throw error.itineraryError(file: label)
    }
    try self.init(database, label: label)
  }

  /// Opens a city file held in memory, read-only: `image` is the file's
  /// bytes, of the latest schema (a read-only file cannot be upgraded).
  ///
  /// - Parameter label: what the city is, for messages.
  /// - Throws: `ItineraryError` (data) for bytes that are not a city file.
  /// - Complexity: O(size of the image), for its copy.
  public convenience init(image: Data, label: String) throws(ItineraryError) {
    let database: SQLiteDatabase
    do throws(SQLiteError) {
      database = try SQLiteDatabase(image: image)
    } catch {
      throw error.itineraryError(file: label)
    }
    try self.init(database, label: label)
  }

  private init(_ database: sending SQLiteDatabase, label: String) throws(ItineraryError) {
    self.label = label
    let version: Int
    do throws(SQLiteError) {
      version = try database.userVersion()
    } catch {
      throw error.itineraryError(file: label)
    }
    let latest = CityFileSchema.migrator.latestVersion
    guard (1...latest).contains(version) else {
      throw ItineraryError(
        .data, "\(label) is not a city file of this version: import the city again")
    }
    do throws(SQLiteError) {
      try CityFileSchema.migrator.migrate(database)
    } catch {
      throw ItineraryError(
        error.itineraryError(file: label).kind,
        "cannot upgrade \(label) from schema version \(version) to \(latest) "
          + "(\(error.message)): import the city again")
    }
    let meta: [(String, String)]
    do throws(SQLiteError) {
      meta = try database.rows("SELECT key, value FROM meta") { ($0.text(0), $0.text(1)) }
      connection = Mutex(try Statements(database))
    } catch {
      throw error.itineraryError(file: label)
    }
    guard let summary = Self.summary(Dictionary(meta, uniquingKeysWith: { first, _ in first }))
    else {
      throw ItineraryError(.data, "\(label) has no readable summary: import the city again")
    }
    self.summary = summary
  }

  /// Every place, best first.
  ///
  /// - Complexity: O(n) for n places.
  public func places() throws(ItineraryError) -> [Place] {
    do throws(SQLiteError) {
      return try connection.withLock { statements throws(SQLiteError) in
        try statements.database.rows(
          "SELECT \(Statements.columns) FROM places p ORDER BY p.rowid", [], Self.place)
      }
    } catch {
      throw error.itineraryError(file: label)
    }
  }

  /// Every place whose great-circle distance from `centre` is at most
  /// `radiusKm`, nearest first.
  ///
  /// - Complexity: O(log n + b) for b places in the circle's bounding box.
  public func within(radiusKm: Double, of centre: Coordinate) throws(ItineraryError) -> [Place] {
    let boxes = GeoBox.covering(radiusKm: radiusKm, around: centre)
    let found: [Place]
    do throws(SQLiteError) {
      found = try connection.withLock { statements throws(SQLiteError) in
        var found: [Place] = []
        for box in boxes {
          try statements.box.bind([
            .real(box.minLat), .real(box.maxLat), .real(box.minLon), .real(box.maxLon),
          ])
          while try statements.box.step() { found.append(Self.place(statements.box)) }
        }
        return found
      }
    } catch {
      throw error.itineraryError(file: label)
    }
    return found.map { (place: $0, distance: GreatCircle.distanceKm(centre, $0.coordinate)) }
      .filter { $0.distance <= radiusKm }
      .sorted { ($0.distance, $0.place.id) < ($1.distance, $1.place.id) }
      .map(\.place)
  }

  /// Every place within `radiusKm` of `centre` with its distance, nearest
  /// first (ties by id).
  ///
  /// - Complexity: O(log n + b) for b places in the circle's bounding box.
  public func nearby(radiusKm: Double, of centre: Coordinate) throws(ItineraryError)
    -> [NearbyPlace]
  {
    try within(radiusKm: radiusKm, of: centre).map { NearbyPlace($0, from: centre) }
  }

  /// The place nearest to `point`, of `category` when given (by
  /// `Place.isEligible`), or `nil` when there is none (`NearbyPlace.nearest`).
  ///
  /// - Complexity: O(log(D / 1 km)) radius queries for the distance D to the answer.
  public func nearest(to point: Coordinate, category: String? = nil) throws(ItineraryError)
    -> NearbyPlace?
  {
    try NearbyPlace.nearest(category: category) { (radius) throws(ItineraryError) in
      try nearby(radiusKm: radius, of: point)
    }
  }

  /// The places whose names complete `prefix`, best first, at most `limit`:
  /// the rules of `PlacesIndex.complete`, for places only.
  ///
  /// - Complexity: O(limit) row reads after an FTS5 lookup of the prefix's words.
  public func complete(prefix: String, limit: Int) throws(ItineraryError) -> [Place] {
    guard prefix.contains(where: { $0.isLetter || $0.isNumber }), limit >= 1 else { return [] }
    let query = "\"" + prefix.replacingOccurrences(of: "\"", with: "\"\"") + "\" *"
    do throws(SQLiteError) {
      return try connection.withLock { statements throws(SQLiteError) in
        try statements.complete.bind([.text(query), .int(limit)])
        var found: [Place] = []
        while try statements.complete.step() { found.append(Self.place(statements.complete)) }
        return found
      }
    } catch {
      throw error.itineraryError(file: label)
    }
  }

  /// Reads `id, name, categories, lat, lon, score, address, hours, photo,
  /// kind, cuisine`.
  private static func place(_ row: SQLiteStatement) -> Place {
    Place(
      id: row.text(0), name: row.text(1),
      categories: row.text(2).split(separator: ",").map(String.init),
      coordinate: Coordinate(lat: row.double(3), lon: row.double(4)), score: row.double(5),
      address: row.isNull(6) ? nil : row.text(6), openingHours: row.isNull(7) ? nil : row.text(7),
      source: "osm", photoURL: row.isNull(8) ? nil : row.text(8),
      kind: row.isNull(9) ? nil : row.text(9),
      cuisines: row.isNull(10) ? [] : row.text(10).split(separator: ";").map(String.init))
  }

  /// The summary in the `meta` table's keys, or `nil` when one is missing.
  static func summary(_ meta: [String: String]) -> Summary? {
    guard let name = meta["name"], let source = meta["source"],
      let attribution = meta["attribution"],
      let imported = meta["imported_at"].flatMap(Double.init),
      let elements = meta["elements"].flatMap(Int.init),
      let places = meta["places"].flatMap(Int.init),
      let bounds = meta["bounds"]?.split(separator: ",").compactMap({ Double($0) }),
      bounds.count == 4
    else { return nil }
    return Summary(
      name: name, source: source, attribution: attribution,
      importedAt: Date(timeIntervalSince1970: imported), elements: elements, places: places,
      southWest: Coordinate(lat: bounds[0], lon: bounds[1]),
      northEast: Coordinate(lat: bounds[2], lon: bounds[3]))
  }

  /// The `meta` table's keys for `summary`.
  static func meta(_ summary: Summary) -> [(String, String)] {
    let bounds = [
      summary.southWest.lat, summary.southWest.lon, summary.northEast.lat, summary.northEast.lon,
    ]
    return [
      ("name", summary.name), ("source", summary.source), ("attribution", summary.attribution),
      ("imported_at", String(summary.importedAt.timeIntervalSince1970)),
      ("elements", String(summary.elements)), ("places", String(summary.places)),
      ("bounds", bounds.map { String($0) }.joined(separator: ",")),
    ]
  }
}
