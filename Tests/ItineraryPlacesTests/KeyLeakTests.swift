import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

/// A recognizable fake key appears nowhere: not in progress, warnings or
/// errors, not in the cache database, not in any file name or file written.
@Suite final class KeyLeakTests: CachingSuite {
  static let fakeKey = "FAKE-KEY-7f3a9c-do-not-leak"

  func files(under directory: URL) throws -> [URL] {
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    return (enumerator?.allObjects ?? []).compactMap { $0 as? URL }
  }

  @Test(arguments: ["yelp", "foursquare"])
  func theKeyIsNowhereButInTheRequestHeader(provider: String) throws {
    let good =
      provider == "yelp"
      ? yelpBody(["a"])
      : "{\"results\": [{\"fsq_place_id\": \"f\", \"name\": \"F\", \"latitude\": 1, \"longitude\": 2}]}"
    let server = try LoopbackServer([
      .init(path: "/", match: "categories=parks", responses: [.init(status: 403, body: "{}")]),
      .init(
        path: "/", match: "4bf58dd8d48988d163941735", responses: [.init(status: 403, body: "{}")]),
      .init(path: "/", responses: [.init(body: good)]),
    ])
    let lines = LineLog()
    let live = services(
      server: server, cache: cache,
      extra: ["YELP_API_KEY": Self.fakeKey, "FOURSQUARE_API_KEY": Self.fakeKey], warnings: lines)
    let categories = [try category("restaurant"), try category("park")]
    let report = try live.fetchPlaces(
      provider: provider, origin: Coordinate(lat: 1, lon: 2), categories: categories,
      allowPartial: true, progress: { lines.append($0) })
    for missing in report.missing { lines.append(missing.error.message) }
    do {
      _ = try live.fetchPlaces(
        provider: provider, origin: Coordinate(lat: 1, lon: 2), categories: categories,
        progress: { lines.append($0) })
    } catch {
      lines.append("\(error)")
    }
    lines.append("\(try live.provider(named: provider))")

    // The key did reach the server, so the search below is meaningful.
    #expect(
      try server.stats().log.contains {
        $0.headers["Authorization"]?.contains(Self.fakeKey) == true
      })
    #expect(report.places.count == 1)
    #expect(report.missing.count == 1)
    #expect(!lines.text.contains(Self.fakeKey))
    let written = try files(under: cache)
    #expect(!written.isEmpty)
    for file in written {
      #expect(!file.path.contains(Self.fakeKey))
      let bytes = try Data(contentsOf: file)
      #expect(
        bytes.range(of: Data(Self.fakeKey.utf8)) == nil, "the key is in \(file.lastPathComponent)")
    }
  }

  /// A service that echoes the request's headers in its answer: in a
  /// refusal (quoted in the error), in a 200 body (parsed and cached), raw,
  /// JSON-escaped with `\u`, and another configured key besides.
  @Test func anEchoedKeyIsRedactedFromErrorsPlacesAndTheCache() throws {
    let other = "OTHER-KEY-55e1b0-do-not-leak"
    let escaped = Self.fakeKey.unicodeScalars.map { String(format: "\\u%04x", $0.value) }
      .joined()
    let refusal = """
      {"error": {"description": "bad request; you sent {\\"Authorization\\": \\"Bearer \(Self.fakeKey)\\", \\"x\\": \\"\(other)\\"}"}}
      """
    let echoed = yelpBody(["a"]).replacingOccurrences(
      of: "\"Place a\"", with: "\"Bearer \(Self.fakeKey) \(escaped)\"")
    let server = try LoopbackServer([
      .init(path: "/", match: "categories=parks", responses: [.init(status: 400, body: refusal)]),
      .init(path: "/", responses: [.init(body: echoed)]),
    ])
    let lines = LineLog()
    let live = services(
      server: server, cache: cache,
      extra: ["YELP_API_KEY": Self.fakeKey, "FOURSQUARE_API_KEY": other], warnings: lines)
    let report = try live.fetchPlaces(
      provider: "yelp", origin: Coordinate(lat: 1, lon: 2),
      categories: [try category("restaurant"), try category("park")], allowPartial: true,
      progress: { lines.append($0) })
    for missing in report.missing { lines.append(missing.error.message) }
    let names = report.places.map(\.name)

    #expect(report.missing.count == 1)
    #expect(lines.text.contains("HTTP 400"))
    #expect(lines.text.contains("<redacted>"))
    #expect(!lines.text.contains(Self.fakeKey))
    #expect(!lines.text.contains(other))
    #expect(names.count == 1)
    #expect(names.allSatisfy { !$0.contains(Self.fakeKey) && $0.contains("<redacted>") })
    for file in try files(under: cache) {
      let bytes = try Data(contentsOf: file)
      #expect(bytes.range(of: Data(Self.fakeKey.utf8)) == nil, "\(file.lastPathComponent)")
      #expect(bytes.range(of: Data(escaped.utf8)) == nil, "\(file.lastPathComponent)")
    }
    // Served again from the cache, still without the key.
    let again = try live.fetchPlaces(
      provider: "yelp", origin: Coordinate(lat: 1, lon: 2),
      categories: [try category("restaurant")],
      progress: { _ in })
    #expect(again.places.map(\.name) == names)
    #expect(again.fromCache == ["restaurant"])
  }
}
