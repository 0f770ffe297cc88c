import Foundation
import ItineraryCore

/// Opens database files the way every store of this program does: write-ahead
/// logging, a busy timeout, an integrity check and the schema migrated; a
/// file that turns out corrupt is moved aside, never emptied, and a new one
/// is started.
package enum DatabaseFile {
  /// Opens `file`, moving it aside when it is corrupt.
  ///
  /// - Parameters:
  ///   - label: what the file is, for messages (`cache`, `store`).
  ///   - busyTimeout: seconds a statement waits for another process's lock.
  ///   - warn: receives one line when the file was moved aside.
  /// - Throws: `SQLiteError` when the file cannot be opened or migrated, or
  ///   is corrupt and cannot be moved aside.
  /// - Complexity: O(size of the file), for the integrity check.
  package static func open(
    _ file: URL, label: String, migrator: Migrator, busyTimeout: Double,
    warn: @Sendable (String) -> Void
  ) throws(SQLiteError) -> SQLiteDatabase {
    do {
      return try connect(file, migrator: migrator, busyTimeout: busyTimeout)
    } catch let error where error.isCorruption {
      let aside = try moveAside(file, because: error)
      // One line, whatever the path or SQLite's message holds.
      warn(
        "\(label): \(file.path) is corrupt (\(error.message)); moved it to \(aside) and started a new one"
          .escapingControlCharacters())
      return try connect(file, migrator: migrator, busyTimeout: busyTimeout)
    }
  }

  private static func connect(
    _ file: URL, migrator: Migrator, busyTimeout: Double
  ) throws(SQLiteError) -> SQLiteDatabase {
    let database = try SQLiteDatabase(.file(file))
    try database.setBusyTimeout(seconds: busyTimeout)
    try database.enableWriteAheadLog()
    try database.checkIntegrity()
    try migrator.migrate(database)
    return database
  }

  /// The files SQLite keeps beside a database, by suffix: the write-ahead
  /// log, its index and the rollback journal.
  private static let companions = ["-wal", "-shm", "-journal"]

  /// Renames `file` (and its log and journal) to `NAME.corrupt-SECONDS` and
  /// returns the new name.
  private static func moveAside(_ file: URL, because cause: SQLiteError) throws(SQLiteError)
    -> String
  {
    let manager = FileManager.default
    let directory = file.deletingLastPathComponent()
    let stamp = Int(Date().timeIntervalSince1970)
    var aside = "\(file.lastPathComponent).corrupt-\(stamp)"
    var attempt = 1
    while manager.fileExists(atPath: directory.appending(path: aside).path) {
      attempt += 1
      aside = "\(file.lastPathComponent).corrupt-\(stamp)-\(attempt)"
    }
    do {
      try manager.moveItem(at: file, to: directory.appending(path: aside))
      for suffix in companions where manager.fileExists(atPath: file.path + suffix) {
        try manager.moveItem(
          atPath: file.path + suffix, toPath: directory.appending(path: aside + suffix).path)
      }
    } catch {
      throw SQLiteError(
        code: cause.code,
        message: "\(cause.message); moving it aside failed: \(error.localizedDescription)")
    }
    return aside
  }
}
