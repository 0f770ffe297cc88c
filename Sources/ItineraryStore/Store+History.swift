import Foundation
import ItineraryCore

/// One search or plan as it was asked and answered.
public struct HistoryEntry: Sendable, Equatable {
  /// The entry's number: increasing, never reused, even after a deletion.
  public var id: Int64
  /// What was run: `search`, `plan`, ...
  public var kind: String
  /// One line for lists.
  public var summary: String
  public var createdAt: Date
  /// The request as JSON, opaque to the store.
  public var request: Data
  /// The answer as JSON, opaque to the store.
  public var answer: Data
}

extension Store {
  /// Adds a search or plan to the history.
  ///
  /// - Throws: `ItineraryError` (usage) for a kind that is not a valid
  ///   name; (failure) when it cannot be written.
  @discardableResult
  public func recordHistory(
    kind: String, summary: String, request: Data, answer: Data, at time: Date = Date()
  ) throws(ItineraryError) -> HistoryEntry {
    let kind = try StoreName.validated(kind, "history kind")
    let createdAt = Date(timeIntervalSince1970: time.timeIntervalSince1970)
    let id = try write { database in
      try database.run(
        "INSERT INTO history (kind, summary, created_at, request, answer) VALUES (?, ?, ?, ?, ?)",
        [.text(kind), .text(summary), .date(createdAt), .blob(request), .blob(answer)])
      return database.lastInsertRowID
    }
    return HistoryEntry(
      id: id, kind: kind, summary: summary, createdAt: createdAt, request: request, answer: answer)
  }

  /// The history, newest first, at most `limit` entries when given.
  ///
  /// - Throws: `ItineraryError` (usage) for a limit below 1.
  public func history(limit: Int? = nil) throws(ItineraryError) -> [HistoryEntry] {
    if let limit, limit < 1 {
      throw ItineraryError(.usage, "a history limit is at least 1, not \(limit)")
    }
    return try perform { database in
      try database.rows(
        "\(Self.historyColumns) ORDER BY id DESC LIMIT ?", [.int(limit ?? -1)], Self.historyEntry)
    }
  }

  /// The entry numbered `id`.
  ///
  /// - Throws: `ItineraryError` (data) naming it when there is none.
  public func historyEntry(_ id: Int64) throws(ItineraryError) -> HistoryEntry {
    try perform { database in
      let entry = try database.rows(
        "\(Self.historyColumns) WHERE id = ?", [.integer(id)], Self.historyEntry
      ).first
      guard let entry else { throw try Self.noHistoryEntry(id, database) }
      return entry
    }
  }

  /// Deletes the entry numbered `id`.
  ///
  /// - Throws: `ItineraryError` (data) naming it when there is none.
  public func deleteHistoryEntry(_ id: Int64) throws(ItineraryError) {
    try write { database in
      try database.run("DELETE FROM history WHERE id = ?", [.integer(id)])
      guard database.changes == 1 else { throw try Self.noHistoryEntry(id, database) }
    }
  }

  /// Deletes the whole history and returns how many entries it held.
  @discardableResult
  public func clearHistory() throws(ItineraryError) -> Int {
    try write { database in
      try database.run("DELETE FROM history")
      return database.changes
    }
  }

  private static let historyColumns =
    "SELECT id, kind, summary, created_at, request, answer FROM history"

  private static func historyEntry(_ row: SQLiteStatement) -> HistoryEntry {
    HistoryEntry(
      id: row.int64(0), kind: row.text(1), summary: row.text(2), createdAt: row.date(3),
      request: row.data(4), answer: row.data(5))
  }

  /// The error for a missing entry, saying which numbers there are.
  private static func noHistoryEntry(_ id: Int64, _ database: SQLiteDatabase) throws
    -> ItineraryError
  {
    let range = try database.rows("SELECT count(*), min(id), max(id) FROM history") {
      (count: $0.int(0), first: $0.int64(1), last: $0.int64(2))
    }.first
    guard let range, range.count > 0 else {
      return ItineraryError(.data, "no history entry \(id): the history is empty")
    }
    let held =
      range.count == 1
      ? "the only entry is number \(range.first)"
      : "the history holds \(range.count) entries, numbered \(range.first) to \(range.last)"
    return ItineraryError(.data, "no history entry \(id) (\(held))")
  }
}
