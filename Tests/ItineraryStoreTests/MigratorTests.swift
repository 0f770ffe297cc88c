import Foundation
import Testing

@testable import ItineraryStore

@Suite struct MigratorTests {
  let migrator = Migrator([
    Migration("first", sql: "CREATE TABLE a (x)"),
    Migration("second", sql: "CREATE TABLE b (y); INSERT INTO b SELECT x FROM a"),
  ])

  @Test func migrationsRunOnceInOrderAndSetTheVersion() throws {
    let database = try SQLiteDatabase(.memory)
    try migrator.upTo(version: 1).migrate(database)
    #expect(try database.userVersion() == 1)
    try database.run("INSERT INTO a VALUES (42)")
    try migrator.migrate(database)
    try migrator.migrate(database)
    #expect(try database.userVersion() == 2)
    #expect(try database.rows("SELECT y FROM b") { $0.int(0) } == [42])
  }

  @Test func aFailedMigrationLeavesTheDatabaseAsItWas() throws {
    let database = try SQLiteDatabase(.memory)
    let broken = Migrator(
      migrator.migrations + [
        Migration("broken", sql: "CREATE TABLE c (z); SELECT nonsense FROM nowhere")
      ])
    #expect {
      try broken.migrate(database)
    } throws: { error in
      (error as? SQLiteError)?.message.hasPrefix("migration \"broken\" failed: no such table")
        == true
    }
    #expect(try database.userVersion() == 0)
    #expect(try database.rows("SELECT name FROM sqlite_schema") { $0.text(0) }.isEmpty)
  }

  @Test func aNewerDatabaseIsRefused() throws {
    let database = try SQLiteDatabase(.memory)
    try migrator.migrate(database)
    #expect {
      try migrator.upTo(version: 1).migrate(database)
    } throws: { error in
      (error as? SQLiteError)?.message == "schema version 2 is newer than this program's 1"
    }
  }
}
