import CSQLite
import Foundation
import ItineraryCore

/// Opens database files the way every store of this program does: write-ahead
/// logging, a busy timeout, an integrity check and the schema migrated; a
/// file that turns out corrupt is moved aside, never emptied, and a new one
/// is started.
///
/// Many processes may open one file at once, and several may find it
/// corrupt together. They coordinate through a lock file beside it
/// (`NAME.lock`): each opens and checks the file under a shared lock, and
/// moves a corrupt one aside only under the exclusive lock, after checking
/// it again, since another process may have replaced it meanwhile. So the
/// file is moved aside once, with its log and journal, while no other
/// process is reading it, and the new file is never taken for the old. A
/// process that finds the file busy while setting it up tries again under
/// the exclusive lock too.
package enum DatabaseFile {
  /// Opens `file`, moving it aside when it is corrupt.
  ///
  /// - Parameters:
  ///   - label: what the file is, for messages (`cache`, `store`).
  ///   - busyTimeout: seconds a statement waits for another process's lock,
  ///     and opening for the lock file.
  ///   - warn: receives one line when the file was moved aside.
  /// - Throws: `SQLiteError` when the file cannot be opened or migrated, or
  ///   is corrupt and cannot be moved aside.
  /// - Complexity: O(size of the file), for the integrity check.
  package static func open(
    _ file: URL, label: String, migrator: Migrator, busyTimeout: Double,
    warn: @Sendable (String) -> Void
  ) throws(SQLiteError) -> SQLiteDatabase {
    let lock = FileLock(path: file.path + ".lock")
    try take(lock, .shared, file, timeout: busyTimeout)
    do {
      defer { lock?.unlock() }
      return try connect(file, migrator: migrator, busyTimeout: busyTimeout)
    } catch let error where error.isCorruption || error.primaryCode == SQLITE_BUSY {
      // The connection is closed by now, and the shared lock given up: the
      // exclusive one waits for every other process opening the file. A
      // busy error here comes from switching a new file to write-ahead
      // logging, which SQLite fails at once, without the busy handler,
      // while another connection switches it too; alone, it cannot.
    }
    try take(lock, .exclusive, file, timeout: busyTimeout)
    defer { lock?.unlock() }
    do {
      // Another process may have moved it aside and started a new one.
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

  /// Opens `file` for reading only, for a directory this process cannot
  /// write: nothing is created, upgraded, locked or moved. A missing file
  /// reads as an empty database of the latest schema; a corrupt one is an
  /// error.
  ///
  /// - Throws: `SQLiteError` when the file cannot be read, is corrupt, or
  ///   has a schema other than the latest.
  package static func openReadOnly(
    _ file: URL, migrator: Migrator, busyTimeout: Double
  ) throws(SQLiteError) -> SQLiteDatabase {
    guard FileManager.default.fileExists(atPath: file.path) else {
      let empty = try SQLiteDatabase(.memory)
      try migrator.migrate(empty)
      try empty.execute("PRAGMA query_only = ON")
      return empty
    }
    var database = try SQLiteDatabase(.file(file), access: .readOnly)
    try database.setBusyTimeout(seconds: busyTimeout)
    do {
      try database.checkIntegrity()
    } catch let error
      where error.primaryCode == SQLITE_CANTOPEN || error.primaryCode == SQLITE_READONLY
    {
      // A database in write-ahead-log mode needs an index file (`-shm`)
      // SQLite cannot create here: read it as it stands instead.
      database = try SQLiteDatabase(.file(file), access: .immutable)
      try database.checkIntegrity()
    }
    let version = try database.userVersion()
    guard version == migrator.latestVersion else {
      throw SQLiteError(
        code: SQLITE_READONLY,
        message:
          "schema version \(version) needs upgrading to \(migrator.latestVersion), which needs writing"
      )
    }
    return database
  }

  /// Takes `lock` in `mode`; without a lock file (a directory not ours)
  /// there is nothing to take.
  private static func take(
    _ lock: FileLock?, _ mode: FileLock.Mode, _ file: URL, timeout: Double
  ) throws(SQLiteError) {
    guard let lock, !lock.lock(mode, timeout: timeout) else { return }
    throw SQLiteError(
      code: SQLITE_BUSY, message: "its lock file \(file.path).lock stayed locked for \(timeout) s")
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
