import CSQLite
import Foundation

/// One SQLite connection, owned by this object and closed when it goes.
///
/// Every call's result code is checked: a failure throws `SQLiteError` with
/// SQLite's own message. Not thread-safe: guard it with a lock to share it.
package final class SQLiteDatabase {
  /// Where the database lives.
  package enum Location: Sendable, Equatable {
    case file(URL)
    /// A private database that lives as long as the connection.
    case memory
  }

  package let location: Location
  let handle: OpaquePointer

  /// How a file is opened.
  package enum Access: Sendable {
    /// Read and write, creating the file when missing.
    case readWrite
    /// Read only: the file must exist, and every write fails.
    case readOnly
    /// Read only, without taking SQLite's locks or reading the write-ahead
    /// log's index: for a file in a directory this process cannot write,
    /// where SQLite cannot create that index.
    case immutable
  }

  /// Opens (creating when missing, for `.readWrite`) the database at `location`.
  ///
  /// Opening reads nothing: a file that is not a database fails at the first
  /// statement, not here.
  package init(_ location: Location, access: Access = .readWrite) throws(SQLiteError) {
    self.location = location
    var handle: OpaquePointer?
    var path =
      switch location {
      case .file(let url): url.path
      case .memory: ":memory:"
      }
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
    switch access {
    case .readWrite: break
    case .readOnly: flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX
    case .immutable:
      flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI
      // A URI names the file: the characters that end or escape its path are escaped.
      let escaped = path.replacingOccurrences(of: "%", with: "%25")
        .replacingOccurrences(of: "?", with: "%3f").replacingOccurrences(of: "#", with: "%23")
      path = "file:\(escaped)?immutable=1"
    }
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard let handle else { throw SQLiteError(code: SQLITE_NOMEM, message: "out of memory") }
    guard code == SQLITE_OK else {
      let error = SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
      sqlite3_close_v2(handle)
      throw error
    }
    self.handle = handle
    sqlite3_extended_result_codes(handle, 1)
  }

  /// Opens a read-only database in memory holding a copy of `image`, the
  /// bytes of a database file.
  ///
  /// - Complexity: O(size of the image), for the copy.
  package convenience init(image: Data) throws(SQLiteError) {
    try self.init(.memory)
    guard !image.isEmpty else {
      throw SQLiteError(code: SQLITE_NOTADB, message: "an empty image is no database")
    }
    guard let copy = sqlite3_malloc64(sqlite3_uint64(image.count)) else {
      throw SQLiteError(code: SQLITE_NOMEM, message: "out of memory")
    }
    let bytes = copy.bindMemory(to: UInt8.self, capacity: image.count)
    image.copyBytes(to: bytes, count: image.count)
    // SQLite owns the copy from here on, freeing it with the connection (or
    // at once, when it refuses it).
    let flags = UInt32(SQLITE_DESERIALIZE_READONLY | SQLITE_DESERIALIZE_FREEONCLOSE)
    let size = Int64(image.count)
    try check(sqlite3_deserialize(handle, "main", bytes, size, size, flags))
  }

  deinit { sqlite3_close_v2(handle) }

  /// The path for messages: the file's, or `:memory:`.
  package var path: String {
    switch location {
    case .file(let url): url.path
    case .memory: ":memory:"
    }
  }

  /// Throws the connection's last error unless `code` is `SQLITE_OK`.
  func check(_ code: Int32) throws(SQLiteError) {
    guard code != SQLITE_OK else { return }
    throw failure(code)
  }

  /// The connection's last error, reported under `code`.
  func failure(_ code: Int32) -> SQLiteError {
    SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
  }

  /// Runs one or more statements that take no parameters and return no rows.
  package func execute(_ sql: String) throws(SQLiteError) {
    try check(sqlite3_exec(handle, sql, nil, nil, nil))
  }

  /// Compiles one statement.
  package func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    try SQLiteStatement(database: self, sql: sql)
  }

  /// Runs one statement with `values` bound to its parameters, to completion.
  package func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
    let statement = try prepare(sql)
    try statement.bind(values)
    while try statement.step() {}
  }

  /// The rows of one statement with `values` bound, each read by `read`.
  package func rows<Row>(
    _ sql: String, _ values: [SQLiteValue] = [], _ read: (SQLiteStatement) -> Row
  ) throws(SQLiteError) -> [Row] {
    let statement = try prepare(sql)
    try statement.bind(values)
    var rows: [Row] = []
    while try statement.step() { rows.append(read(statement)) }
    return rows
  }

  /// Runs `body` in a transaction that takes the write lock at once
  /// (`BEGIN IMMEDIATE`, so that concurrent writers wait for each other
  /// instead of failing), committed when `body` returns and rolled back when
  /// it throws.
  package func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// The schema version kept in the file header (`PRAGMA user_version`).
  package func userVersion() throws(SQLiteError) -> Int {
    try rows("PRAGMA user_version") { Int($0.int64(0)) }.first ?? 0
  }

  package func setUserVersion(_ version: Int) throws(SQLiteError) {
    try execute("PRAGMA user_version = \(version)")
  }

  /// How long, at least, a statement waits for another connection's lock
  /// before failing.
  ///
  /// It tries again every 3 to 5 ms, at random, where SQLite's own wait
  /// sleeps up to 100 ms between tries: with many processes writing back to
  /// back on a busy machine, one that sleeps that long can find the lock
  /// taken each time it wakes, and wait out its whole timeout. It gives up
  /// after as many tries as 3 ms sleeps fill the timeout: never sooner than
  /// the timeout, 4/3 of it on average.
  package func setBusyTimeout(seconds: Double) throws(SQLiteError) {
    // The most tries, carried as the handler's context: nothing to free.
    let tries = UnsafeMutableRawPointer(
      bitPattern: max(1, Int((seconds * 1000 / 3).rounded(.up))))
    try check(
      sqlite3_busy_handler(
        handle,
        { tries, count in
          guard Int(count) < Int(bitPattern: tries) else { return 0 }
          usleep(UInt32.random(in: 3_000...5_000))
          return 1
        }, tries))
  }

  /// Switches a file database to write-ahead logging, so that readers never
  /// wait for the writer, and lets this connection commit without waiting
  /// for the disk (`synchronous = NORMAL`). A memory database keeps its own
  /// journal.
  ///
  /// With the default (`FULL`) every commit flushes the log to the disk
  /// while it holds the write lock, and on a loaded machine one flush can
  /// take longer than every other writer's busy timeout: twenty processes
  /// writing at once beside a build saw a commit wait 13 s in `fdatasync`
  /// and the others fail with "database is locked". With `NORMAL` the log
  /// is flushed at checkpoints, which hold no lock writers wait for. A
  /// committed write still survives the process being killed; only a crash
  /// of the whole system may roll back the last commits, and it never
  /// corrupts the file.
  package func enableWriteAheadLog() throws(SQLiteError) {
    guard case .file = location else { return }
    let mode = try rows("PRAGMA journal_mode = WAL") { $0.text(0) }.first
    guard mode == "wal" else {
      throw SQLiteError(
        code: SQLITE_ERROR, message: "write-ahead logging refused (journal mode \(mode ?? "none"))")
    }
    try execute("PRAGMA synchronous = NORMAL")
  }

  /// Checks the whole file's structure (`PRAGMA quick_check`).
  ///
  /// - Complexity: O(size of the database).
  package func checkIntegrity() throws(SQLiteError) {
    let verdict = try rows("PRAGMA quick_check(1)") { $0.text(0) }.first
    guard verdict == "ok" else {
      // SQLite's report spans lines ("*** in database main ***", then the
      // damage); a message is one line: "in database main: Page 4: ...".
      let report = verdict?.split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "* \t")) }
        .filter { !$0.isEmpty }.joined(separator: ": ")
      throw SQLiteError(
        code: SQLITE_CORRUPT,
        message: report.flatMap { $0.isEmpty ? nil : $0 } ?? "the integrity check failed")
    }
  }

  /// The row id of the last row inserted on this connection.
  package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// The rows the last statement inserted, changed or deleted.
  package var changes: Int { Int(sqlite3_changes(handle)) }
}
