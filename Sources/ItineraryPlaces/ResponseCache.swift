import CSQLite
import Foundation
import Synchronization

/// Fetched response bodies in one SQLite file, keyed by service and
/// normalized request (never by an API key), each kept for a time-to-live.
///
/// A file that is not a readable database is moved aside with a warning and
/// a fresh one is made; a cache that cannot be used at all only warns, so a
/// broken cache never stops a plan.
public final class ResponseCache: Sendable {
  /// The database file, `responses.sqlite` in the cache directory.
  public let fileURL: URL
  /// Seconds a stored response stays fresh.
  public let timeToLive: Double
  private let warn: @Sendable (String) -> Void
  private let connection: Mutex<OpaquePointer?>

  /// The contract's default time-to-live: 24 hours.
  public static let defaultTimeToLive: Double = 24 * 3600

  /// Opens (or creates) the cache in `directory`.
  ///
  /// - Parameter warn: receives one line per problem (a moved-aside file, a
  ///   failed write); the cache then works without the failed part.
  public init(
    directory: URL, timeToLive: Double = ResponseCache.defaultTimeToLive,
    warn: @escaping @Sendable (String) -> Void
  ) {
    fileURL = directory.appending(path: "responses.sqlite")
    self.timeToLive = timeToLive
    self.warn = warn
    connection = Mutex(Self.open(fileURL, directory: directory, warn: warn))
  }

  deinit {
    connection.withLock { database in
      if let database { sqlite3_close_v2(database) }
    }
  }

  /// Whether the cache has a working database.
  public var isUsable: Bool { connection.withLock { $0 != nil } }

  /// The body stored for `key` no longer ago than the time-to-live, or `nil`.
  public func body(for key: String, now: Date = Date()) -> Data? {
    connection.withLock { database -> Data? in
      guard let database else { return nil }
      let sql = "SELECT body FROM responses WHERE key = ?1 AND stored_at >= ?2"
      do throws(SQLiteError) {
        return try Self.withStatement(database, sql) { statement throws(SQLiteError) -> Data? in
          itinerary_sqlite3_bind_text(statement, 1, key)
          sqlite3_bind_double(statement, 2, now.timeIntervalSince1970 - timeToLive)
          guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
          let count = Int(sqlite3_column_bytes(statement, 0))
          guard count > 0, let bytes = sqlite3_column_blob(statement, 0) else { return Data() }
          return Data(bytes: bytes, count: count)
        }
      } catch {
        warn("cache: reading \(fileURL.path) failed (\(error.message)); fetching instead")
        return nil
      }
    }
  }

  /// Stores `body` for `key` in one transaction, dropping entries past their time.
  public func store(_ body: Data, for key: String, now: Date = Date()) {
    connection.withLock { database in
      guard let database else { return }
      do throws(SQLiteError) {
        try Self.execute(database, "BEGIN IMMEDIATE")
        do throws(SQLiteError) {
          try Self.withStatement(
            database, "DELETE FROM responses WHERE stored_at < ?1"
          ) { statement throws(SQLiteError) in
            sqlite3_bind_double(statement, 1, now.timeIntervalSince1970 - timeToLive)
            try Self.stepDone(database, statement)
          }
          try Self.withStatement(
            database,
            "INSERT OR REPLACE INTO responses (key, stored_at, body) VALUES (?1, ?2, ?3)"
          ) { statement throws(SQLiteError) in
            itinerary_sqlite3_bind_text(statement, 1, key)
            sqlite3_bind_double(statement, 2, now.timeIntervalSince1970)
            _ = body.withUnsafeBytes { bytes in
              itinerary_sqlite3_bind_blob(statement, 3, bytes.baseAddress, Int32(bytes.count))
            }
            try Self.stepDone(database, statement)
          }
          try Self.execute(database, "COMMIT")
        } catch {
          try? Self.execute(database, "ROLLBACK")
          throw error
        }
      } catch {
        warn("cache: writing \(fileURL.path) failed (\(error.message)); the response is not cached")
      }
    }
  }

  // MARK: - SQLite

  private struct SQLiteError: Error {
    var code: Int32
    var message: String
    var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
  }

  private static let schema = """
    CREATE TABLE IF NOT EXISTS responses (
      key TEXT PRIMARY KEY NOT NULL,
      stored_at REAL NOT NULL,
      body BLOB NOT NULL
    )
    """

  /// Opens the database, moving a corrupt file aside and starting over once.
  private static func open(
    _ file: URL, directory: URL, warn: @Sendable (String) -> Void
  ) -> OpaquePointer? {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      warn("cache: cannot create \(directory.path); continuing without a cache")
      return nil
    }
    do throws(SQLiteError) {
      return try connect(file)
    } catch let error where error.isCorruption {
      let aside = file.deletingLastPathComponent()
        .appending(path: "\(file.lastPathComponent).corrupt-\(Int(Date().timeIntervalSince1970))")
      do {
        try? FileManager.default.removeItem(at: aside)
        try FileManager.default.moveItem(at: file, to: aside)
        try? FileManager.default.removeItem(atPath: file.path + "-journal")
        warn(
          "cache: \(file.path) is corrupt (\(error.message)); moved it to \(aside.lastPathComponent) and started a new one"
        )
        return try connect(file)
      } catch {
        warn("cache: cannot replace the corrupt \(file.path); continuing without a cache")
        return nil
      }
    } catch {
      warn("cache: cannot open \(file.path) (\(error.message)); continuing without a cache")
      return nil
    }
  }

  /// Opens `file` and checks that it reads as this cache's database.
  private static func connect(_ file: URL) throws(SQLiteError) -> OpaquePointer {
    var database: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
    let code = sqlite3_open_v2(file.path, &database, flags, nil)
    guard let database else { throw SQLiteError(code: code, message: "out of memory") }
    guard code == SQLITE_OK else {
      let error = SQLiteError(code: code, message: String(cString: sqlite3_errmsg(database)))
      sqlite3_close_v2(database)
      throw error
    }
    do throws(SQLiteError) {
      sqlite3_busy_timeout(database, 2000)
      try execute(database, schema)
      try withStatement(database, "PRAGMA quick_check") { statement throws(SQLiteError) in
        guard sqlite3_step(statement) == SQLITE_ROW,
          let text = sqlite3_column_text(statement, 0), String(cString: text) == "ok"
        else { throw SQLiteError(code: SQLITE_CORRUPT, message: "the integrity check failed") }
      }
      return database
    } catch {
      sqlite3_close_v2(database)
      throw error
    }
  }

  private static func failure(_ database: OpaquePointer, _ code: Int32) -> SQLiteError {
    SQLiteError(code: code, message: String(cString: sqlite3_errmsg(database)))
  }

  private static func execute(_ database: OpaquePointer, _ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(database, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw failure(database, code) }
  }

  private static func stepDone(_ database: OpaquePointer, _ statement: OpaquePointer)
    throws(SQLiteError)
  {
    let code = sqlite3_step(statement)
    guard code == SQLITE_DONE else { throw failure(database, code) }
  }

  /// Prepares `sql`, runs `body` on it and finalizes it.
  private static func withStatement<T>(
    _ database: OpaquePointer, _ sql: String,
    _ body: (OpaquePointer) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw failure(database, code) }
    defer { sqlite3_finalize(statement) }
    return try body(statement)
  }
}
