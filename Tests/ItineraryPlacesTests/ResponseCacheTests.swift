import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

@Suite final class ResponseCacheTests: CachingSuite {
  let origin = Coordinate(lat: 40.758, lon: -73.985)

  func fetch(_ live: PlaceServices) throws -> FetchReport {
    try live.fetchPlaces(
      provider: "yelp", origin: origin,
      categories: [try category("restaurant"), try category("park")],
      progress: { _ in })
  }

  @Test func aSecondIdenticalFetchMakesNoRequest() throws {
    let server = try LoopbackServer([
      .init(path: "/v3/businesses/search", responses: [.init(body: yelpBody(["a", "b"]))])
    ])
    let first = try fetch(services(server: server, cache: cache))
    #expect(try server.stats().requests == 2)
    let second = try fetch(services(server: server, cache: cache))
    #expect(try server.stats().requests == 2)
    #expect(second.places == first.places)
    #expect(second.fromCache == ["restaurant", "park"])
  }

  @Test func refreshFetchesAgainAndNoCacheLeavesNoTrace() throws {
    let server = try LoopbackServer([
      .init(path: "/v3/businesses/search", responses: [.init(body: yelpBody(["a"]))])
    ])
    _ = try fetch(services(server: server, cache: cache, policy: .refresh))
    _ = try fetch(services(server: server, cache: cache, policy: .refresh))
    #expect(try server.stats().requests == 4)
    _ = try fetch(services(server: server, cache: cache))
    #expect(try server.stats().requests == 4)

    let untouched = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: untouched) }
    _ = try fetch(services(server: server, cache: untouched, policy: .bypass))
    _ = try fetch(services(server: server, cache: untouched, policy: .bypass))
    #expect(try server.stats().requests == 8)
    #expect(try FileManager.default.contentsOfDirectory(atPath: untouched.path).isEmpty)
  }

  @Test func entriesExpireAfterTheirTimeToLive() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = ResponseCache(directory: directory, timeToLive: 60, warn: { _ in })
    // 2026-12-01T10:00Z: the entries' ages are what counts, not the day they are read.
    let now = Date(timeIntervalSince1970: 1_796_119_200)
    cache.store(Data("{}".utf8), for: "k", now: now)
    #expect(cache.body(for: "k", now: now.addingTimeInterval(59)) == Data("{}".utf8))
    #expect(cache.body(for: "k", now: now.addingTimeInterval(61)) == nil)
    #expect(cache.body(for: "other", now: now) == nil)
  }

  @Test func aCorruptCacheFileIsMovedAsideAndRebuilt() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "responses.sqlite")
    try Data(repeating: 0xAB, count: 8192).write(to: file)
    let warnings = LineLog()
    let cache = ResponseCache(directory: directory, warn: { warnings.append($0) })
    #expect(cache.isUsable)
    #expect(warnings.all.count == 1)
    #expect(warnings.text.contains("is corrupt"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.contains { $0.hasPrefix("responses.sqlite.corrupt-") })
    cache.store(Data("{}".utf8), for: "k")
    #expect(cache.body(for: "k") == Data("{}".utf8))
  }

  @Test func aTruncatedDatabaseIsMovedAsideToo() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let cache = ResponseCache(directory: directory, warn: { _ in })
      for index in 0..<200 { cache.store(Data(repeating: 0x41, count: 2000), for: "k\(index)") }
    }
    let file = directory.appending(path: "responses.sqlite")
    let whole = try Data(contentsOf: file)
    var damaged = whole.prefix(whole.count / 2)
    damaged.replaceSubrange(4096..<8192, with: Data(repeating: 0xFF, count: 4096))
    try damaged.write(to: file)
    let warnings = LineLog()
    let cache = ResponseCache(directory: directory, warn: { warnings.append($0) })
    #expect(cache.isUsable)
    #expect(warnings.text.contains("is corrupt"))
    #expect(cache.body(for: "k1") == nil)
  }

  @Test func anUnusableCacheDirectoryOnlyWarns() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appending(path: "file")
    try Data("x".utf8).write(to: blocker)
    let warnings = LineLog()
    let cache = ResponseCache(
      directory: blocker.appending(path: "cache"), warn: { warnings.append($0) })
    #expect(!cache.isUsable)
    #expect(warnings.text.contains("continuing without a cache"))
    cache.store(Data("{}".utf8), for: "k")
    #expect(cache.body(for: "k") == nil)
  }
}
