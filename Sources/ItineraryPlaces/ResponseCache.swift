import Foundation
import ItineraryStore
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
  private let connection: Mutex<SQLiteDatabase?>

  /// The documented default time-to-live: 24 hours.
  public static let defaultTimeToLive: Double = 24 * 3600

  /// The cache's schema, oldest first. The first version matches the files
  /// written before the schema had versions.
  static let migrator = Migrator([
    Migration(
      "responses",
      sql: """
        CREATE TABLE IF NOT EXISTS responses (
          key TEXT PRIMARY KEY NOT NULL,
          stored_at REAL NOT NULL,
          body BLOB NOT NULL
        )
        """)
  ])

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

  /// Whether the cache has a working database.
  public var isUsable: Bool { connection.withLock { $0 != nil } }

  /// The body stored for `key` no longer ago than the time-to-live, or `nil`.
  public func body(for key: String, now: Date = Date()) -> Data? {
    connection.withLock { database -> Data? in
      guard let database else { return nil }
      do throws(SQLiteError) {
        return try database.rows(
          "SELECT body FROM responses WHERE key = ?1 AND stored_at >= ?2",
          [.text(key), .real(now.timeIntervalSince1970 - timeToLive)]
        ) { $0.data(0) }.first
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
      do {
        try database.transaction {
          try database.run(
            "DELETE FROM responses WHERE stored_at < ?1",
            [.real(now.timeIntervalSince1970 - timeToLive)])
          try database.run(
            "INSERT OR REPLACE INTO responses (key, stored_at, body) VALUES (?1, ?2, ?3)",
            [.text(key), .date(now), .blob(body)])
        }
      } catch {
        let reason = (error as? SQLiteError)?.message ?? "\(error)"
        warn("cache: writing \(fileURL.path) failed (\(reason)); the response is not cached")
      }
    }
  }

  /// Opens the database, moving a corrupt file aside and starting over once.
  private static func open(
    _ file: URL, directory: URL, warn: @Sendable (String) -> Void
  ) -> SQLiteDatabase? {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      warn("cache: cannot create \(directory.path); continuing without a cache")
      return nil
    }
    do throws(SQLiteError) {
      return try DatabaseFile.open(
        file, label: "cache", migrator: migrator, busyTimeout: 2, warn: warn)
    } catch {
      warn("cache: cannot open \(file.path) (\(error.message)); continuing without a cache")
      return nil
    }
  }
}
