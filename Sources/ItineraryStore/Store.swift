import Foundation
import ItineraryCore
import Synchronization

/// What a person keeps between runs: the history of searches and plans,
/// saved plans, liked places and named collections of places, in one SQLite
/// database of its own (`store.sqlite` in the data directory).
///
/// Many processes may use one store at once: writes wait for each other
/// (write-ahead log, a busy timeout, transactions that take the write lock
/// at once) and lose nothing. A corrupt database is moved aside with a
/// warning and a new one started; a failed write (read-only directory, full
/// disk) is an error that leaves what was stored intact.
public final class Store: Sendable {
  /// The database file.
  public let fileURL: URL
  private let connection: Mutex<SQLiteDatabase>

  /// The database's name in the data directory.
  public static let fileName = "store.sqlite"

  /// Seconds a write waits for other processes' writes before failing:
  /// twenty processes writing at once on a loaded two-core machine queued
  /// one past 10 s.
  static let busyTimeout = 30.0

  /// Opens (or creates) the store in the data directory the environment names.
  ///
  /// - Parameter warn: receives one line when a corrupt database was moved aside.
  public convenience init(
    environment: [String: String], warn: @escaping @Sendable (String) -> Void
  ) throws(ItineraryError) {
    try self.init(directory: DataDirectory.url(environment: environment), warn: warn)
  }

  /// Opens (or creates) the store in `directory`, creating the directory.
  ///
  /// - Parameter warn: receives one line when a corrupt database was moved aside.
  /// - Throws: `ItineraryError` when the directory is a file or cannot be
  ///   made, or the database cannot be opened or upgraded.
  public convenience init(
    directory: URL, warn: @escaping @Sendable (String) -> Void
  ) throws(ItineraryError) {
    try self.init(directory: directory, migrator: StoreSchema.migrator, warn: warn)
  }

  /// Opens the store with the schema of `migrator`, which tests set to an
  /// older version; `maximumPageCount` caps the file's size, as a full
  /// disk would.
  init(
    directory: URL, migrator: Migrator, maximumPageCount: Int? = nil,
    warn: @Sendable (String) -> Void
  ) throws(ItineraryError) {
    try DataDirectory.prepare(directory)
    fileURL = directory.appending(path: Self.fileName)
    let label = "the store \(fileURL.path)"
    do throws(SQLiteError) {
      let database =
        Self.mayWrite(directory, fileURL)
        ? try DatabaseFile.open(
          fileURL, label: "store", migrator: migrator, busyTimeout: Self.busyTimeout, warn: warn)
        : try DatabaseFile.openReadOnly(
          fileURL, migrator: migrator, busyTimeout: Self.busyTimeout)
      try database.execute("PRAGMA foreign_keys = ON")
      if let maximumPageCount {
        try database.execute("PRAGMA max_page_count = \(maximumPageCount)")
      }
      connection = Mutex(database)
    } catch {
      throw error.itineraryError(file: label)
    }
  }

  /// Whether this process may write the store: create files in its
  /// directory and write its database. When it may not (a read-only
  /// directory or file system, or one of another user), the store is opened
  /// for reading only: it lists what it holds, and every write is an error
  /// naming it, with nothing tried.
  private static func mayWrite(_ directory: URL, _ file: URL) -> Bool {
    guard access(directory.path, W_OK) == 0 else { return false }
    // One look at the file, not two: another process recovering a corrupt
    // store may move it aside between them, and a file missing is one this
    // process may create.
    return access(file.path, W_OK) == 0 || errno == ENOENT
  }

  /// Runs `body` on the connection, alone, with every failure as an
  /// `ItineraryError` naming the store.
  func perform<T: Sendable>(_ body: (SQLiteDatabase) throws -> T) throws(ItineraryError) -> T {
    let outcome: Result<T, ItineraryError> = connection.withLock { database in
      do {
        return .success(try body(database))
      } catch let error as ItineraryError {
        return .failure(error)
      } catch let error as SQLiteError {
        return .failure(error.itineraryError(file: "the store \(database.path)"))
      } catch {
        return .failure(ItineraryError(.failure, "the store \(database.path): \(error)"))
      }
    }
    return try outcome.get()
  }

  /// Runs `body` in one write transaction: all of it is stored, or none.
  func write<T: Sendable>(_ body: (SQLiteDatabase) throws -> T) throws(ItineraryError) -> T {
    try perform { database in try database.transaction { try body(database) } }
  }
}
