import CSQLite
import Foundation

/// One compiled statement, owned by this object and finalized when it goes.
///
/// Binding and stepping check every result code. A statement may be run
/// many times: `bind` resets it first. Columns are numbered from 0.
package final class SQLiteStatement {
  /// Kept so that the connection outlives its statements.
  private let database: SQLiteDatabase
  private let handle: OpaquePointer

  init(database: SQLiteDatabase, sql: String) throws(SQLiteError) {
    self.database = database
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v2(database.handle, sql, -1, &handle, nil)
    guard code == SQLITE_OK, let handle else {
      sqlite3_finalize(handle)
      throw code == SQLITE_OK
        ? SQLiteError(code: SQLITE_MISUSE, message: "no statement in \(sql)")
        : database.failure(code)
    }
    self.handle = handle
  }

  deinit { sqlite3_finalize(handle) }

  /// Resets the statement and binds `values` to parameters 1, 2, ...
  package func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    // Reset's result repeats the last step's error, which `step` threw.
    sqlite3_reset(handle)
    try database.check(sqlite3_clear_bindings(handle))
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard values.count == expected else {
      throw SQLiteError(
        code: SQLITE_RANGE, message: "\(values.count) values for \(expected) parameters")
    }
    for (offset, value) in values.enumerated() {
      try database.check(bind(value, at: Int32(offset + 1)))
    }
  }

  private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
    switch value {
    case .null:
      return sqlite3_bind_null(handle, index)
    case .integer(let number):
      return sqlite3_bind_int64(handle, index, number)
    case .real(let number):
      return sqlite3_bind_double(handle, index, number)
    case .text(let text):
      return text.withCString { characters in
        itinerary_sqlite3_bind_text(handle, index, characters, Int32(text.utf8.count))
      }
    case .blob(let data):
      // An empty buffer has no address, and a null pointer would bind NULL.
      guard !data.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
      return data.withUnsafeBytes { bytes in
        itinerary_sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count))
      }
    }
  }

  /// Advances to the next row: `true` when there is one, `false` when done.
  package func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = database.failure(code)
      sqlite3_reset(handle)
      throw error
    }
  }

  package func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

  package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

  package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

  /// A time stored as seconds since 1970.
  package func date(_ column: Int32) -> Date {
    Date(timeIntervalSince1970: sqlite3_column_double(handle, column))
  }

  /// The column as text; NULL reads as the empty string.
  package func text(_ column: Int32) -> String {
    guard let characters = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
  }

  /// The column as bytes; NULL reads as empty data.
  package func data(_ column: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }
}
