import CSQLite
import ItineraryCore

/// A failed SQLite call: its result code and SQLite's message for it. Only
/// this module makes one, with the memberwise initializer.
package struct SQLiteError: Error, Equatable, Sendable {
  /// The extended result code (`SQLITE_IOERR_SHORT_READ`, ...).
  package var code: Int32
  package var message: String

  /// The primary result code (`SQLITE_IOERR`, ...).
  package var primaryCode: Int32 { code & 0xFF }

  /// Whether the file is damaged or is not a database at all.
  package var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

  /// The error as the user should read it, naming `file`.
  package func itineraryError(file: String) -> ItineraryError {
    switch primaryCode {
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      ItineraryError(.data, "\(file) is corrupt (\(message))")
    case SQLITE_FULL:
      ItineraryError(.failure, "cannot write \(file): the disk is full (\(message))")
    case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN:
      ItineraryError(
        .failure, "cannot write \(file): it or its directory is read-only or not ours (\(message))")
    case SQLITE_BUSY, SQLITE_LOCKED:
      ItineraryError(.failure, "\(file) stayed locked by another process (\(message))")
    case SQLITE_IOERR:
      ItineraryError(.failure, "cannot read or write \(file) (\(message))")
    default:
      ItineraryError(.failure, "\(file): \(message)")
    }
  }
}
