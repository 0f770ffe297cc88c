import CSQLite

/// One step of a schema's history: a name for messages and the change.
package struct Migration: Sendable {
  package var name: String
  package var apply: @Sendable (SQLiteDatabase) throws(SQLiteError) -> Void

  package init(
    _ name: String, apply: @escaping @Sendable (SQLiteDatabase) throws(SQLiteError) -> Void
  ) {
    self.name = name
    self.apply = apply
  }

  /// A migration that runs `sql`.
  package init(_ name: String, sql: String) {
    self.init(name) { database throws(SQLiteError) in try database.execute(sql) }
  }
}

/// Brings a database's schema up to date with ordered, named migrations.
///
/// The schema version is `PRAGMA user_version`: the number of migrations
/// applied. Opening runs the missing ones in order, in one write
/// transaction that re-reads the version, so concurrent processes opening
/// an old database apply each migration exactly once, and a failed
/// migration leaves the database as it was.
package struct Migrator: Sendable {
  package var migrations: [Migration]

  package init(_ migrations: [Migration]) {
    self.migrations = migrations
  }

  /// The version a database has once every migration ran.
  package var latestVersion: Int { migrations.count }

  /// The first `version` migrations only: the schema as it was then.
  package func upTo(version: Int) -> Migrator {
    Migrator(Array(migrations.prefix(version)))
  }

  /// Applies the migrations `database` lacks.
  ///
  /// - Throws: `SQLiteError` when a migration fails or the database was made
  ///   by a newer schema than this one knows.
  /// - Complexity: O(1) statements when the database is up to date.
  package func migrate(_ database: SQLiteDatabase) throws(SQLiteError) {
    guard try database.userVersion() != latestVersion else { return }
    do {
      try database.transaction {
        let version = try database.userVersion()
        guard version <= latestVersion else {
          throw SQLiteError(
            code: SQLITE_ERROR,
            message: "schema version \(version) is newer than this program's \(latestVersion)")
        }
        for (offset, migration) in migrations.enumerated().dropFirst(version) {
          do throws(SQLiteError) {
            try migration.apply(database)
          } catch {
            throw SQLiteError(
              code: error.code, message: "migration \"\(migration.name)\" failed: \(error.message)")
          }
          try database.setUserVersion(offset + 1)
        }
      }
    } catch let error as SQLiteError {
      throw error
    } catch {
      throw SQLiteError(code: SQLITE_ERROR, message: "\(error)")
    }
  }
}
