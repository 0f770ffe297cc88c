import CSQLite
import Foundation
import Testing

@testable import ItineraryStore

@Suite struct SQLiteDatabaseTests {
  @Test func valuesRoundTripThroughBindAndColumns() throws {
    let database = try SQLiteDatabase(.memory)
    try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
    let text = "Kaisaniemen puisto, café \u{0} after a NUL"
    let bytes = Data([0, 1, 2, 255])
    try database.run(
      "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
      [.integer(Int64.min), .real(-0.5), .text(text), .blob(bytes), .null])
    try database.run(
      "INSERT INTO t VALUES (?, ?, ?, ?, ?)", [.int(7), .real(1), .text(""), .blob(Data()), .null])
    let rows = try database.rows("SELECT i, r, s, b, n, typeof(b) FROM t ORDER BY rowid") {
      (
        $0.int64(0), $0.double(1), $0.text(2), $0.data(3), $0.isNull(4), $0.text(5)
      )
    }
    #expect(rows.count == 2)
    #expect(rows[0].0 == Int64.min && rows[0].1 == -0.5 && rows[0].2 == text)
    #expect(rows[0].3 == bytes && rows[0].4)
    #expect(rows[1].2 == "" && rows[1].3 == Data() && rows[1].5 == "blob")
  }

  @Test func aFilesBytesOpenInMemoryReadOnly() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "image.sqlite")
    do {
      let database = try SQLiteDatabase(.file(file))
      try database.execute("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('Ateneum'), ('Kiasma');")
    }
    let image = try SQLiteDatabase(image: try Data(contentsOf: file))
    #expect(try image.rows("SELECT x FROM t ORDER BY x") { $0.text(0) } == ["Ateneum", "Kiasma"])
    #expect {
      try image.execute("INSERT INTO t VALUES ('Amos Rex')")
    } throws: { error in
      (error as? SQLiteError)?.primaryCode == SQLITE_READONLY
    }
    try FileManager.default.removeItem(at: file)
    #expect(try image.rows("SELECT count(*) FROM t") { $0.int(0) } == [2], "a copy, not the file")
  }

  @Test func badStatementsAndBindingsThrowWithSQLitesMessage() throws {
    let database = try SQLiteDatabase(.memory)
    #expect(throws: SQLiteError.self) { try database.execute("CREATE TABLE (") }
    #expect {
      try database.prepare("SELECT * FROM missing")
    } throws: { error in
      (error as? SQLiteError)?.message.contains("no such table: missing") == true
    }
    try database.execute("CREATE TABLE t (x INTEGER NOT NULL UNIQUE)")
    #expect {
      try database.run("INSERT INTO t VALUES (?)", [.int(1), .int(2)])
    } throws: { error in
      (error as? SQLiteError)?.message == "2 values for 1 parameters"
    }
    try database.run("INSERT INTO t VALUES (?)", [.int(1)])
    #expect {
      try database.run("INSERT INTO t VALUES (?)", [.int(1)])
    } throws: { error in
      (error as? SQLiteError)?.primaryCode == SQLITE_CONSTRAINT
    }
    #expect(throws: SQLiteError.self) { try database.run("INSERT INTO t VALUES (?)", [.null]) }
  }

  @Test func aFailedTransactionLeavesNothing() throws {
    struct Stop: Error {}
    let database = try SQLiteDatabase(.memory)
    try database.execute("CREATE TABLE t (x)")
    #expect(throws: Stop.self) {
      try database.transaction {
        try database.run("INSERT INTO t VALUES (1)")
        throw Stop()
      }
    }
    try database.transaction { try database.run("INSERT INTO t VALUES (2)") }
    #expect(try database.rows("SELECT x FROM t") { $0.int(0) } == [2])
  }

  @Test func aStatementRunsAgainAfterBind() throws {
    let database = try SQLiteDatabase(.memory)
    let statement = try database.prepare("SELECT ? * 2")
    var results: [Int] = []
    for value in 1...3 {
      try statement.bind([.int(value)])
      while try statement.step() { results.append(statement.int(0)) }
    }
    #expect(results == [2, 4, 6])
  }

  /// The places index needs both; Debian's libsqlite3 compiles them in.
  @Test func theSystemSQLiteHasFTS5AndRTree() throws {
    let database = try SQLiteDatabase(.memory)
    let options = try database.rows("PRAGMA compile_options") { $0.text(0) }
    #expect(options.contains("ENABLE_FTS5"))
    #expect(options.contains("ENABLE_RTREE"))
    try database.execute(
      "CREATE VIRTUAL TABLE f USING fts5(x, tokenize = 'unicode61 remove_diacritics 2')")
    try database.execute("CREATE VIRTUAL TABLE r USING rtree(id, a, b)")
  }

  @Test func aFileThatIsNotADatabaseFailsAsCorrupt() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "x.sqlite")
    try Data(repeating: 0x5A, count: 4096).write(to: file)
    let database = try SQLiteDatabase(.file(file))
    #expect {
      try database.enableWriteAheadLog()
    } throws: { error in
      (error as? SQLiteError)?.isCorruption == true
    }
  }

  /// A write that meets another connection's write lock waits for it, and
  /// fails with the lock's error after the busy timeout while the lock is
  /// still held; once the lock is let go, it writes.
  @Test func aWriteWaitsOutTheBusyTimeoutAndNoLonger() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "locked.sqlite")
    let holder = try SQLiteDatabase(.file(file))
    try holder.enableWriteAheadLog()
    try holder.execute("CREATE TABLE t (x INTEGER)")
    let writer = try SQLiteDatabase(.file(file))
    try writer.setBusyTimeout(seconds: 0.3)
    try holder.execute("BEGIN IMMEDIATE")
    // The holder lets go once the writer has given up, or after 20 s at the
    // most: a writer still waiting then would write, and fail the test.
    let gaveUp = DispatchSemaphore(value: 0)
    let released = DispatchSemaphore(value: 0)
    nonisolated(unsafe) let holding = holder
    DispatchQueue.global().async {
      _ = gaveUp.wait(timeout: .now() + 20)
      try? holding.execute("COMMIT")
      released.signal()
    }
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: SQLiteError.self) { try writer.execute("INSERT INTO t VALUES (1)") }
    let waited = clock.now - start
    gaveUp.signal()
    released.wait()
    // A lower bound only: a slower machine can only wait longer.
    #expect(waited >= .milliseconds(300), "gave up after \(waited), before the busy timeout")
    try writer.execute("INSERT INTO t VALUES (2)")
    #expect(try writer.rows("SELECT x FROM t") { $0.int64(0) } == [2])
  }
}
