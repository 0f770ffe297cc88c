import Foundation
import ItineraryCore
import Testing

@testable import ItineraryStore

@Suite struct StoreTests {
  let time = Date(timeIntervalSince1970: 1_780_000_000)

  func withStore(_ body: (Store) throws -> Void) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try body(try Store(directory: scratch.url, warn: { _ in }))
  }

  @Test func historyListsShowsDeletesAndClears() throws {
    try withStore { store in
      let first = try store.recordHistory(
        kind: "search", summary: "cafe near Kamppi", request: Data("{\"q\":1}".utf8),
        answer: Data("[]".utf8), at: time)
      let second = try store.recordHistory(
        kind: "plan", summary: "cafe, museum", request: Data("{}".utf8),
        answer: Data("{\"plans\":[]}".utf8), at: time.addingTimeInterval(60))
      #expect(try store.history() == [second, first])
      #expect(try store.history(limit: 1) == [second])
      #expect(try store.historyEntry(first.id) == first)
      try store.deleteHistoryEntry(first.id)
      #expect(try store.history() == [second])
      #expect(
        throws: ItineraryError(
          .data, "no history entry \(first.id) (the only entry is number \(second.id))")
      ) {
        try store.historyEntry(first.id)
      }
      let third = try store.recordHistory(
        kind: "plan", summary: "", request: Data(), answer: Data(), at: time)
      #expect(third.id > second.id, "numbers are never reused")
      #expect(try store.clearHistory() == 2)
      #expect(try store.history().isEmpty)
      #expect(throws: ItineraryError(.data, "no history entry 1: the history is empty")) {
        try store.deleteHistoryEntry(1)
      }
      #expect(throws: ItineraryError(.usage, "a history limit is at least 1, not 0")) {
        try store.history(limit: 0)
      }
    }
  }

  @Test func savedPlansAreUniqueByNameUnlessReplaced() throws {
    try withStore { store in
      let saved = try store.savePlan(
        named: "Helsinki day", payload: Data("{\"v\":1}".utf8), summary: "3 stops", at: time)
      #expect(try store.savedPlan(named: "helsinki DAY") == saved)
      #expect(
        throws: ItineraryError(
          .data,
          "a saved plan named \"Helsinki day\" already exists (save with --replace to overwrite it)"
        )
      ) {
        try store.savePlan(named: "helsinki day", payload: Data(), summary: "")
      }
      let later = time.addingTimeInterval(3600)
      let replaced = try store.savePlan(
        named: "Helsinki day", payload: Data("{\"v\":2}".utf8), summary: "4 stops",
        replace: true, at: later)
      #expect(replaced.createdAt == saved.createdAt && replaced.updatedAt == later)
      #expect(try store.savedPlans() == [replaced])
      try store.savePlan(named: "Espoo", payload: Data(), summary: "", at: time)
      #expect(try store.savedPlans().map(\.name) == ["Espoo", "Helsinki day"])

      try store.renamePlan("helsinki day", to: "Helsinki evening")
      #expect(try store.savedPlan(named: "Helsinki evening").payload == Data("{\"v\":2}".utf8))
      #expect(throws: ItineraryError(.data, "a saved plan named \"Espoo\" already exists")) {
        try store.renamePlan("Helsinki evening", to: "espoo")
      }
      try store.renamePlan("Espoo", to: "ESPOO")
      try store.deletePlan(named: "ESPOO")
      #expect(try store.savedPlans().map(\.name) == ["Helsinki evening"])
    }
  }

  @Test func unknownNamesListNearMatches() throws {
    try withStore { store in
      for name in ["weekend", "weekday", "museums"] {
        try store.savePlan(named: name, payload: Data(), summary: "")
      }
      #expect(
        throws: ItineraryError(.data, "no saved plan \"weekand\" (did you mean \"weekend\"?)")
      ) {
        try store.savedPlan(named: "weekand")
      }
      #expect(
        throws: ItineraryError(
          .data, "no saved plan \"nosuch\" (there are \"museums\", \"weekday\", \"weekend\")")
      ) {
        try store.deletePlan(named: "nosuch")
      }
      #expect(throws: ItineraryError(.data, "no collection \"x\": there are none yet")) {
        try store.collection(named: "x")
      }
      #expect(throws: ItineraryError(.data, "no liked place \"node/1\": there are none yet")) {
        try store.unlike(placeID: "node/1")
      }
    }
  }

  struct BadName: Sendable, CustomTestStringConvertible {
    var name: String
    var message: String
    var testDescription: String { name.debugDescription }
  }

  static let badNames = [
    BadName(name: "", message: "a plan name cannot be empty"),
    BadName(name: "   ", message: "a plan name cannot be empty"),
    BadName(
      name: "two\nlines",
      message: "a plan name cannot hold a newline or another control character (U+A)"),
    BadName(
      name: "tab\there",
      message: "a plan name cannot hold a newline or another control character (U+9)"),
    BadName(
      name: "bell\u{7}",
      message: "a plan name cannot hold a newline or another control character (U+7)"),
    BadName(
      name: "del\u{7F}",
      message: "a plan name cannot hold a newline or another control character (U+7F)"),
    BadName(
      name: String(repeating: "x", count: 201), message: "a plan name is at most 200 characters"),
  ]

  @Test(arguments: badNames) func badNamesAreRejected(_ bad: BadName) throws {
    try withStore { store in
      #expect(throws: ItineraryError(.usage, bad.message)) {
        try store.savePlan(named: bad.name, payload: Data(), summary: "")
      }
      try store.savePlan(named: "fine", payload: Data(), summary: "")
      #expect(throws: ItineraryError(.usage, bad.message)) {
        try store.renamePlan("fine", to: bad.name)
      }
      #expect(throws: ItineraryError.self) { try store.createCollection(named: bad.name) }
      #expect(try store.savedPlans().map(\.name) == ["fine"])
      #expect(try store.collections().isEmpty)
    }
  }

  @Test func likesAreKeptOnceNewestFirst() throws {
    try withStore { store in
      #expect(
        try store.like(placeID: "node/1", name: "Amos Rex", payload: Data("1".utf8), at: time))
      #expect(
        try store.like(
          placeID: "node/2", name: "Kaisaniemen puisto", payload: Data(),
          at: time.addingTimeInterval(1)))
      #expect(
        try !store.like(
          placeID: "node/1", name: "Amos Rex museum", payload: Data("2".utf8), at: time))
      let liked = try store.likedPlaces()
      #expect(liked.map(\.placeID) == ["node/2", "node/1"])
      #expect(liked[1].name == "Amos Rex museum" && liked[1].payload == Data("2".utf8))
      try store.unlike(placeID: "node/2")
      #expect(throws: ItineraryError(.data, "no liked place \"node/2\" (did you mean \"node/1\"?)"))
      {
        try store.unlike(placeID: "node/2")
      }
      #expect(try store.likedPlaces().map(\.placeID) == ["node/1"])
    }
  }

  @Test func collectionsHoldPlacesWithCounts() throws {
    try withStore { store in
      try store.createCollection(named: "Museums", at: time)
      try store.createCollection(named: "Parks", at: time)
      #expect(throws: ItineraryError(.data, "a collection named \"Museums\" already exists")) {
        try store.createCollection(named: "museums")
      }
      #expect(
        try store.addPlace(
          placeID: "node/1", name: "Amos Rex", payload: Data(), toCollection: "museums"))
      #expect(
        try store.addPlace(
          placeID: "node/3", name: "Ateneum", payload: Data(), toCollection: "Museums"))
      #expect(
        try !store.addPlace(
          placeID: "node/1", name: "Amos Rex", payload: Data("x".utf8), toCollection: "Museums"))
      #expect(
        try store.collections().map { "\($0.name) \($0.count)" } == ["Museums 2", "Parks 0"])
      #expect(try store.collection(named: "Museums").map(\.placeID) == ["node/1", "node/3"])
      #expect(throws: ItineraryError(.data, "no collection \"Musems\" (did you mean \"Museums\"?)"))
      {
        try store.addPlace(
          placeID: "node/4", name: "Kiasma", payload: Data(), toCollection: "Musems")
      }

      try store.removePlace(placeID: "node/1", fromCollection: "Museums")
      #expect(
        throws: ItineraryError(
          .data, "no place \"node/1\" in collection \"Museums\" (did you mean \"node/3\"?)")
      ) {
        try store.removePlace(placeID: "node/1", fromCollection: "Museums")
      }
      try store.renameCollection("Museums", to: "Art")
      #expect(throws: ItineraryError(.data, "a collection named \"Parks\" already exists")) {
        try store.renameCollection("Art", to: "parks")
      }
      #expect(try store.collection(named: "art").map(\.name) == ["Ateneum"])
      try store.deleteCollection(named: "Art")
      #expect(try store.collections().map(\.name) == ["Parks"])
      try store.createCollection(named: "Art")
      #expect(try store.collection(named: "Art").isEmpty, "deleting took its places along")
    }
  }

  @Test func theDataDirectoryComesFromTheEnvironment() {
    #expect(
      DataDirectory.url(environment: ["ITINERARY_DATA_DIR": "/d", "XDG_DATA_HOME": "/x"]).path
        == "/d")
    #expect(
      DataDirectory.url(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).path == "/x/itinerary")
    #expect(DataDirectory.url(environment: ["HOME": "/h"]).path == "/h/.local/share/itinerary")
    #expect(
      DataDirectory.url(environment: ["ITINERARY_DATA_DIR": "", "HOME": "/h"]).path
        == "/h/.local/share/itinerary")
  }
}
