import Foundation
import Testing

/// The store commands as a person runs them, each test on a data directory
/// of its own.
@Suite struct StoreCommandTests {
  /// Runs command lines against one temporary data directory, history on.
  struct Session {
    let directory: URL
    var environment: [String: String]

    init() throws {
      directory = try temporaryDirectory()
      environment = CommandRun.environment
      environment["ITINERARY_NO_HISTORY"] = nil
      environment["ITINERARY_DATA_DIR"] = directory.path
    }

    func run(_ arguments: String...) -> CommandRun { run(arguments) }
    func run(_ arguments: [String]) -> CommandRun {
      CommandRun(arguments, environment: environment)
    }

    /// Runs `arguments`, expecting them to succeed.
    func succeed(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation)
      -> CommandRun
    {
      let run = run(arguments)
      #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
      return run
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
  }

  static let plan = [
    "plan", "restaurant", "park", "art", "--top", "2", "--format", "json", "--anytime",
  ]

  static func plans(_ text: String) throws -> NSArray {
    try #require(try jsonObject(text)["plans"] as? NSArray)
  }

  @Test func saveListExportDeleteRoundTrip() throws {
    let session = try Session()
    defer { session.remove() }
    let planned = session.run(Self.plan)
    #expect(planned.status == 0, "\(planned.stderr)")
    let badName = session.run("save", "--name", "two\nlines")
    #expect(badName.status == 64)
    #expect(badName.errorLine?.contains("newline") == true)
    let saved = session.succeed("save")
    #expect(saved.stderr.contains("saved \"restaurant > park > art\""))
    let twice = session.run("save")
    #expect(twice.status == 65)
    #expect(twice.errorLine?.contains("--replace") == true)
    #expect(session.run("save", "--replace").status == 0)
    let listed = session.run("plans", "list")
    #expect(listed.stdout.contains("restaurant > park > art"))
    let exported = session.succeed("plans", "export", "restaurant > park > art")
    #expect(try Self.plans(exported.stdout) == Self.plans(planned.stdout))
    // The export reads back as a plan file, under another name.
    let file = session.directory.appending(path: "exported.json")
    try Data(exported.stdout.utf8).write(to: file)
    #expect(session.run("save", "--name", "Evening", file.path).status == 0)
    let geojson = session.run("plans", "export", "Evening", "--format", "geojson")
    #expect(try jsonObject(geojson.stdout)["type"] as? String == "FeatureCollection")
    let table = session.run("plans", "show", "Evening")
    #expect(table.stdout.contains("#1"))
    #expect(session.run("plans", "rename", "Evening", "Night").status == 0)
    #expect(session.run("plans", "delete", "Night").status == 0)
    let gone = session.run("plans", "show", "Nigth")
    #expect(gone.status == 65)
    #expect(gone.errorLine?.contains("no saved plan \"Nigth\"") == true, "\(gone.stderr)")
    #expect(gone.errorLine?.contains("restaurant > park > art") == true)
  }

  @Test func historyKeepsPlansAndSearchesAndRerunsThem() throws {
    let session = try Session()
    defer { session.remove() }
    let planned = session.run(Self.plan)
    let searched = session.run("search", "cafe", "--limit", "4", "--format", "json")
    #expect(planned.status == 0 && searched.status == 0)
    let list = session.run("history", "list", "--format", "json")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    #expect(entries.compactMap { $0["kind"] as? String } == ["search", "plan"])
    let rerun = session.succeed("history", "rerun", "1", "--format", "json")
    #expect(try Self.plans(rerun.stdout) == Self.plans(planned.stdout))
    let again = session.run("history", "rerun", "2", "--format", "json")
    #expect(
      try jsonObject(again.stdout)["results"] as? NSArray == jsonObject(searched.stdout)["results"]
        as? NSArray)
    let shown = session.run("history", "show", "1", "--format", "json")
    #expect(try Self.plans(shown.stdout) == Self.plans(planned.stdout))
    #expect(session.run("history", "delete", "1").status == 0)
    let missing = session.run("history", "show", "1")
    #expect(missing.status == 65)
    #expect(missing.errorLine?.contains("no history entry 1") == true)
    #expect(session.run("history", "clear").stderr.contains("entries"))
    #expect(session.run("history").stderr.contains("empty"))
  }

  /// `save` keeps what was planned last, a trip of `explore` too, and
  /// `history rerun` plans a trip again as a trip.
  @Test func saveKeepsTheTripExploredLast() throws {
    let session = try Session()
    defer { session.remove() }
    #expect(session.run(Self.plan).status == 0)
    let explored = session.succeed(
      "explore", "museum", "--start", "2026-12-01T10:00", "--end", "14:00", "--no-meals",
      "--format", "json")
    let saved = session.succeed("save")
    #expect(saved.stderr.contains("saved \"museum\""), "\(saved.stderr)")
    let exported = session.run("plans", "export", "museum")
    let days = try #require(try jsonObject(exported.stdout)["days"] as? NSArray)
    #expect(days == (try jsonObject(explored.stdout)["days"] as? NSArray))
    let list = session.run("history", "list", "--format", "json")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    #expect(entries.compactMap { $0["kind"] as? String } == ["explore", "plan"])
    let newest = try #require(entries.first?["id"] as? Int)
    let rerun = session.succeed("history", "rerun", "\(newest)", "--format", "json")
    #expect((try jsonObject(rerun.stdout)["days"] as? NSArray) == days)
  }

  /// `history` lists the newest ten, as its help says, unless `--limit`
  /// asks for another number.
  @Test func historyListsTheNewestTen() throws {
    let session = try Session()
    defer { session.remove() }
    for _ in 0..<12 { #expect(session.run("search", "cafe", "--limit", "1").status == 0) }
    func ids(_ arguments: String...) throws -> [Int] {
      let run = session.run(["history", "list", "--format", "json"] + arguments)
      let entries = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
      return entries.compactMap { $0["id"] as? Int }
    }
    #expect(try ids() == Array((3...12).reversed()))
    #expect(try ids("--limit", "12") == Array((1...12).reversed()))
    let table = session.run("history")
    #expect(table.stdout.split(separator: "\n").count == 10)
    #expect(session.run("help", "history").stdout.contains("(default 10)"))
  }

  @Test func noHistoryKeepsNothing() throws {
    var session = try Session()
    defer { session.remove() }
    #expect(session.run(Self.plan + ["--no-history"]).status == 0)
    session.environment["ITINERARY_NO_HISTORY"] = "1"
    #expect(session.run("search", "cafe").status == 0)
    session.environment["ITINERARY_NO_HISTORY"] = nil
    #expect(session.run("history").stderr.contains("the history is empty"))
    let save = session.run("save")
    #expect(save.status == 65)
    #expect(save.errorLine?.contains("no plan") == true)
  }

  @Test func aStoreThatFailsIsOneWarningAndThePlanStands() throws {
    var session = try Session()
    defer { session.remove() }
    let file = session.directory.appending(path: "not-a-directory")
    try Data("x".utf8).write(to: file)
    session.environment["ITINERARY_DATA_DIR"] = file.path
    let planned = session.run(Self.plan)
    #expect(planned.status == 0)
    #expect(try Self.plans(planned.stdout).count == 2)
    let warnings = planned.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("is a file") == true)
    for arguments in [["history"], ["plans"], ["liked"], ["collection", "list"]] {
      let run = session.run(arguments)
      #expect(run.status == 65, "\(arguments)")
      #expect(run.errorLine?.contains("is a file, not a directory") == true)
    }
  }

  @Test func likesAndCollectionsWithCounts() throws {
    let session = try Session()
    defer { session.remove() }
    let kiasma = "way/8042215"
    let amosRex = "node/5887336141"
    #expect(session.run("like", kiasma).status == 0)
    #expect(session.run("like", kiasma).stderr.contains("already liked"))
    let liked = session.run("liked", "--format", "json")
    let places = try #require(
      try JSONSerialization.jsonObject(with: Data(liked.stdout.utf8)) as? [[String: Any]])
    #expect(places.compactMap { $0["name"] as? String } == ["Kiasma"])
    let unknown = session.run("like", "way/804221")
    #expect(unknown.status == 65)
    #expect(unknown.errorLine?.contains("did you mean way/8042215?") == true, "\(unknown.stderr)")
    #expect(session.run("unlike", kiasma).status == 0)
    #expect(session.run("unlike", kiasma).status == 65)

    #expect(session.run("collection", "create", "Rainy day").status == 0)
    #expect(session.run("collection", "create", "Rainy day").status == 65)
    #expect(session.run("collection", "add", "Rainy day", kiasma, amosRex).status == 0)
    #expect(session.run("collection", "list").stdout.contains("Rainy day  2 places"))
    let shown = session.run("collection", "show", "Rainy day")
    #expect(shown.stdout.contains("Kiasma") && shown.stdout.contains("Amos Rex"))
    #expect(session.run("collection", "remove", "Rainy day", kiasma).status == 0)
    #expect(session.run("collection", "rename", "Rainy day", "Wet").status == 0)
    #expect(session.run("collection", "list").stdout.contains("Wet  1 place"))
    let typo = session.run("collection", "show", "Wte")
    #expect(typo.status == 65)
    #expect(typo.errorLine?.contains("did you mean \"Wet\"?") == true)
    #expect(session.run("collection", "delete", "Wet").status == 0)
    // A place found by a search is kept in the history, and can be liked by its id.
    let show = session.run("show", amosRex)
    #expect(show.stdout.contains("Amos Rex") && show.stdout.contains("photos: none in the data"))
  }

  static let badInputs = [
    FailingCommand(["plans", "rename", "x", "two\nlines"], "newline"),
    FailingCommand(["collection", "create", "bell\u{7}"], "control"),
    FailingCommand(["collection", "create", ""], "cannot be empty"),
    FailingCommand(
      ["collection", "add", "nosuch", "way/8042215"], status: 65, "no collection \"nosuch\""),
    FailingCommand(["plans", "show", "nosuch"], status: 65, "no saved plan \"nosuch\""),
    FailingCommand(["plans", "frobnicate"], "unknown action"),
    FailingCommand(["plans", "show"], "expected NAME"),
    FailingCommand(["history", "show", "x"], "history entry number"),
    FailingCommand(["history", "rerun", "9"], status: 65, "no history entry 9"),
    FailingCommand(["history", "--limit", "0"], "at least 1"),
    FailingCommand(["show", "node/0"], status: 65, "no place with id 'node/0'"),
    FailingCommand(["show", "Galleria"], "names"),
    FailingCommand(["show", "Kiasmaxxxqq"], "no place of the city is called"),
    FailingCommand(["like", "Galleria"], "give one of the ids"),
    FailingCommand(["save", "nosuch.json"], status: 65, "nosuch.json: cannot read"),
    FailingCommand(["liked", "--format", "csv"], "--format"),
  ]

  /// A place of the embedded city is named by its name as well as its id,
  /// accents and a typo forgiven, wherever a place is meant.
  @Test func placesAreNamedByNameToo() throws {
    let session = try Session()
    defer { session.remove() }
    let shown = session.run("show", "atenum", "--format", "json")
    #expect(shown.status == 0, "\(shown.stderr)")
    let place = try #require(
      try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    #expect(place["name"] as? String == "Ateneum")
    let id = try #require(place["id"] as? String)
    #expect(session.run("like", "Kiasma").status == 0)
    #expect(session.run("collection", "create", "Art").status == 0)
    #expect(session.run("collection", "add", "Art", "ateneum").status == 0)
    let liked = session.run("liked", "--format", "json")
    #expect(liked.stdout.contains("\"Kiasma\""), "\(liked.stdout)")
    #expect(session.run("collection", "show", "Art").stdout.contains(id))
    #expect(session.run("unlike", "kiasma").status == 0)
    #expect(!session.run("liked", "--format", "json").stdout.contains("\"Kiasma\""))
  }

  @Test(arguments: badInputs) func badInputIsOneErrorLine(_ bad: FailingCommand) throws {
    let session = try Session()
    defer { session.remove() }
    bad.expectFailure(of: session.run(bad.arguments))
  }
}
