import Foundation
import ItineraryCore
import Synchronization

/// Places indexed for finding: names completed as they are typed (FTS5),
/// and places within a radius or nearest to a point (R*Tree).
///
/// The places are kept in memory, best first (by `Scoring.score`); SQLite
/// holds only the indexes, in memory or in a file. Rows are numbered in
/// that order (the vocabulary's categories first), so the best matches of
/// a prefix are the lowest row ids and a completion reads no further than
/// its limit.
public final class PlacesIndex: Sendable {
  /// The places, best first: category `i` of the vocabulary has row id
  /// `i + 1`, place `j` has row id `categories.count + j + 1`.
  public let places: [Place]
  /// The category names the completions offer, in the vocabulary's order.
  public let categories: [CanonicalCategory]
  let connection: Mutex<Statements>

  /// The compiled queries, kept with the connection they belong to.
  final class Statements {
    let database: SQLiteDatabase
    let complete: SQLiteStatement
    let box: SQLiteStatement

    init(_ database: SQLiteDatabase) throws(SQLiteError) {
      self.database = database
      complete = try database.prepare(
        "SELECT rowid FROM names WHERE names MATCH ? ORDER BY rowid LIMIT ?")
      box = try database.prepare(
        "SELECT id FROM boxes WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ?"
      )
    }
  }

  /// Builds the index of `places` and of the vocabulary's category names.
  ///
  /// - Parameter file: where to keep the index; any file there is replaced.
  ///   `nil` keeps it in memory.
  /// - Throws: `ItineraryError` (data) for a place whose coordinate is not
  ///   on the Earth; (failure) when the file cannot be written.
  /// - Complexity: O(n log n) for n places and their names.
  public init(
    places: [Place], vocabulary: CategoryVocabulary = .standard, file: URL? = nil
  ) throws(ItineraryError) {
    if let bad = places.first(where: { $0.coordinate.invalidity != nil }),
      let reason = bad.coordinate.invalidity
    {
      throw ItineraryError(.data, "place \(bad.id) cannot be indexed: \(reason)")
    }
    let ranked = places.map { (place: $0, score: Scoring.score(of: $0)) }.sorted {
      ($1.score, $0.place.name, $0.place.id) < ($0.score, $1.place.name, $1.place.id)
    }.map(\.place)
    self.places = ranked
    categories = vocabulary.categories
    let label = file.map { "the places index \($0.path)" } ?? "the places index"
    do {
      let database = try Self.create(file)
      try Self.fill(database, categories: categories.map(\.name), places: ranked)
      connection = Mutex(try Statements(database))
    } catch let error as SQLiteError {
      throw error.itineraryError(file: label)
    } catch {
      throw ItineraryError(.failure, "\(label): \(error)")
    }
  }

  private static func create(_ file: URL?) throws(SQLiteError) -> SQLiteDatabase {
    guard let file else { return try SQLiteDatabase(.memory) }
    for suffix in ["", "-journal", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: file.path + suffix)
    }
    return try SQLiteDatabase(.file(file))
  }

  /// Creates the tables and fills them in one transaction.
  private static func fill(
    _ database: SQLiteDatabase, categories: [String], places: [Place]
  ) throws {
    try database.execute(
      """
      CREATE VIRTUAL TABLE names USING fts5(
        name, content = '', columnsize = 0, prefix = '1 2 3 4 5 6',
        tokenize = 'unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE boxes USING rtree(id, min_lat, max_lat, min_lon, max_lon);
      """)
    try database.transaction {
      let name = try database.prepare("INSERT INTO names (rowid, name) VALUES (?, ?)")
      let box = try database.prepare("INSERT INTO boxes VALUES (?, ?, ?, ?, ?)")
      for (offset, category) in categories.enumerated() {
        try name.bind([.int(offset + 1), .text(category)])
        while try name.step() {}
      }
      for (offset, place) in places.enumerated() {
        try name.bind([.int(categories.count + offset + 1), .text(place.name)])
        while try name.step() {}
        let point = place.coordinate
        try box.bind([
          .int(offset + 1), .real(point.lat), .real(point.lat), .real(point.lon), .real(point.lon),
        ])
        while try box.step() {}
      }
    }
  }
}
