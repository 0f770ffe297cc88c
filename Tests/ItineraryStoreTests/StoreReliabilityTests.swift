import Foundation
import ItineraryCore
import Testing

@testable import ItineraryStore

@Suite struct StoreReliabilityTests {
  func fill(_ store: Store) throws {
    try store.recordHistory(
      kind: "plan", summary: "one", request: Data("{}".utf8), answer: Data("[]".utf8))
    try store.savePlan(named: "keep", payload: Data("{\"stops\":3}".utf8), summary: "3 stops")
  }

  func expectFilled(_ store: Store) throws {
    #expect(try store.history().map(\.summary) == ["one"])
    #expect(try store.savedPlan(named: "keep").payload == Data("{\"stops\":3}".utf8))
  }

  @Test func aDatabaseOfTheFirstSchemaIsUpgradedWithItsData() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    do {
      let old = try Store(
        directory: scratch.url, migrator: StoreSchema.migrator.upTo(version: 1), warn: { _ in })
      try fill(old)
      #expect(throws: ItineraryError.self) { try old.likedPlaces() }
    }
    let file = scratch.url.appending(path: Store.fileName)
    #expect(try SQLiteDatabase(.file(file)).userVersion() == 1)
    let store = try Store(directory: scratch.url, warn: { _ in })
    try expectFilled(store)
    try store.like(placeID: "node/1", name: "Amos Rex", payload: Data())
    try store.createCollection(named: "Museums")
    #expect(try store.likedPlaces().count == 1)
    #expect(try SQLiteDatabase(.file(file)).userVersion() == StoreSchema.migrator.latestVersion)
  }

  @Test func aDatabaseOfANewerSchemaIsRefusedAndKept() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    do { try fill(try Store(directory: scratch.url, warn: { _ in })) }
    let file = scratch.url.appending(path: Store.fileName)
    try SQLiteDatabase(.file(file)).setUserVersion(99)
    #expect {
      try Store(directory: scratch.url, warn: { _ in })
    } throws: { error in
      (error as? ItineraryError)?.message.hasSuffix(
        "schema version 99 is newer than this program's \(StoreSchema.migrator.latestVersion)")
        == true
    }
    try SQLiteDatabase(.file(file)).setUserVersion(StoreSchema.migrator.latestVersion)
    try expectFilled(try Store(directory: scratch.url, warn: { _ in }))
  }

  @Test func aCorruptDatabaseIsMovedAsideAndANewOneStarted() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: Store.fileName)
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try garbage.write(to: file)
    let warnings = Lines()
    let store = try Store(directory: scratch.url, warn: { warnings.append($0) })
    #expect(warnings.all.count == 1)
    let warning = try #require(warnings.all.first)
    #expect(
      warning.hasPrefix(
        "store: \(file.path) is corrupt (file is not a database); moved it to store.sqlite.corrupt-"
      ))
    #expect(warning.hasSuffix(" and started a new one"))
    let aside = try #require(try scratch.names().first { $0.hasPrefix("store.sqlite.corrupt-") })
    #expect(try Data(contentsOf: scratch.url.appending(path: aside)) == garbage, "kept as it was")
    try fill(store)
    try expectFilled(store)
  }

  @Test func aDamagedDatabaseIsNotHalfRead() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    do {
      let store = try Store(directory: scratch.url, warn: { _ in })
      for index in 0..<300 {
        try store.savePlan(
          named: "plan \(index)", payload: Data(repeating: 0x41, count: 1500), summary: "")
      }
    }
    let file = scratch.url.appending(path: Store.fileName)
    var damaged = try Data(contentsOf: file)
    damaged.replaceSubrange(8192..<16384, with: Data(repeating: 0xFF, count: 8192))
    try damaged.write(to: file)
    let warnings = Lines()
    let store = try Store(directory: scratch.url, warn: { warnings.append($0) })
    #expect(warnings.all.count == 1 && warnings.all[0].contains("is corrupt"))
    // SQLite's report of the damage spans lines; the warning is one.
    let warning = try #require(warnings.all.first)
    let oneLine = !warning.contains { $0.isNewline }
    #expect(oneLine, "\(warning)")
    #expect(warning.contains("(in database main"), "\(warning)")
    #expect(warning.hasSuffix(" and started a new one"))
    #expect(try store.savedPlans().isEmpty, "a new database, not what was left of the old")
  }

  @Test func aDataDirectoryThatIsAFileIsAClearError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = scratch.url.appending(path: "data")
    try Data("x".utf8).write(to: file)
    #expect(
      throws: ItineraryError(.data, "the data directory \(file.path) is a file, not a directory")
    ) {
      try Store(environment: ["ITINERARY_DATA_DIR": file.path], warn: { _ in })
    }
    #expect(throws: ItineraryError.self) {
      try Store(directory: file.appending(path: "below"), warn: { _ in })
    }
  }

  @Test func aFullDiskIsAClearErrorThatKeepsTheData() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    do { try fill(try Store(directory: scratch.url, warn: { _ in })) }
    do {
      // The file may not grow past its present size, as on a full disk.
      let full = try Store(
        directory: scratch.url, migrator: StoreSchema.migrator, maximumPageCount: 1, warn: { _ in })
      #expect {
        try full.savePlan(named: "big", payload: Data(repeating: 7, count: 1 << 20), summary: "")
      } throws: { error in
        let error = error as? ItineraryError
        return error?.kind == .failure
          && error?.message.hasPrefix(
            "cannot write the store \(scratch.url.path)/store.sqlite: the disk is full") == true
      }
    }
    let store = try Store(directory: scratch.url, warn: { _ in })
    try expectFilled(store)
    #expect(try store.savedPlans().map(\.name) == ["keep"])
  }

  @Test(.enabled(if: getuid() != 0, "root writes to read-only directories"))
  func aReadOnlyDirectoryIsAClearErrorThatKeepsTheData() throws {
    let scratch = try Scratch()
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
      scratch.remove()
    }
    do { try fill(try Store(directory: scratch.url, warn: { _ in })) }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: scratch.url.path)
    #expect {
      let store = try Store(directory: scratch.url, warn: { _ in })
      try store.savePlan(named: "new", payload: Data(), summary: "")
    } throws: { error in
      (error as? ItineraryError)?.message.hasPrefix("cannot write the store") == true
    }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
    try expectFilled(try Store(directory: scratch.url, warn: { _ in }))
  }

  /// As root, permissions bind only another user: the writer runs as `nobody`.
  @Test(
    .enabled(
      if: getuid() == 0
        && FileManager.default.isExecutableFile(atPath: StoreWriterProcess.setpriv.path))
  )
  func aDirectoryNotOursIsAClearErrorThatKeepsTheData() throws {
    try #require(StoreWriterProcess.isBuilt, "build `store-writer` first")
    let scratch = try Scratch()
    defer { scratch.remove() }
    do { try fill(try Store(directory: scratch.url, warn: { _ in })) }
    let run = StoreWriterProcess.finish(
      try StoreWriterProcess.start(
        directory: scratch.url, tag: "intruder", count: 1, asNobody: true))
    #expect(run.status == 1)
    #expect(
      run.errors.hasPrefix("error: cannot write the store \(scratch.url.path)/store.sqlite: "),
      "\(run.errors)")
    #expect(run.errors.filter { $0 == "\n" }.count == 1, "one line")
    try expectFilled(try Store(directory: scratch.url, warn: { _ in }))
    #expect(try Store(directory: scratch.url, warn: { _ in }).history().count == 1)
  }

  /// A commit holds the write lock that every other writer waits for: it
  /// must not also wait for the disk (`synchronous = NORMAL`, 1), since one
  /// slow flush on a loaded machine outlasted the others' busy timeout and
  /// failed them (`twentyConcurrentWritersLoseNothing`, beside a build).
  @Test func aCommitDoesNotFlushTheDiskUnderTheWriteLock() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let store = try Store(directory: scratch.url, warn: { _ in })
    let settings = try store.perform { database in
      (
        try database.rows("PRAGMA journal_mode") { $0.text(0) },
        try database.rows("PRAGMA synchronous") { $0.int(0) }
      )
    }
    #expect(settings.0 == ["wal"])
    #expect(settings.1 == [1])
  }

  /// Processes that find a new store together all switch it to write-ahead
  /// logging, which SQLite fails at once for all but one, without waiting:
  /// each must try again rather than give up. Each round is a new store.
  @Test func processesOpeningANewStoreTogetherAllWrite() throws {
    try #require(StoreWriterProcess.isBuilt, "build `store-writer` first")
    let writers = 20
    for round in 0..<16 {
      let scratch = try Scratch()
      defer { scratch.remove() }
      let started = try (0..<writers).map { index in
        try StoreWriterProcess.start(directory: scratch.url, tag: "w\(index)", count: 1)
      }
      for (index, run) in started.map(StoreWriterProcess.finish).enumerated() {
        #expect(run.status == 0, "round \(round), writer \(index): \(run.errors)")
      }
      #expect(try Store(directory: scratch.url, warn: { _ in }).history().count == writers)
    }
  }

  @Test func twentyConcurrentWritersLoseNothing() throws {
    try #require(StoreWriterProcess.isBuilt, "build `store-writer` first")
    let scratch = try Scratch()
    defer { scratch.remove() }
    let writers = 20
    let count = 25
    let started = try (0..<writers).map { index in
      try StoreWriterProcess.start(directory: scratch.url, tag: "w\(index)", count: count)
    }
    for (index, run) in started.map(StoreWriterProcess.finish).enumerated() {
      #expect(run.status == 0, "writer \(index): \(run.errors)")
    }
    let store = try Store(directory: scratch.url, warn: { _ in })
    let history = try store.history()
    #expect(history.count == writers * count)
    #expect(Set(history.map(\.summary)).count == writers * count)
    #expect(try store.likedPlaces().count == writers * count)
    #expect(try store.savedPlans().count == writers)
    let collections = try store.collections()
    #expect(collections.count == writers && collections.allSatisfy { $0.count == 1 })
  }
}
