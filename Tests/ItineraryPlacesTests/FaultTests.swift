import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

/// Each fault, injected by the loopback server: the retry happens (the
/// server counts the requests) or the error names provider, category and
/// HTTP status with exit 69, and nothing bad lands in the cache.
@Suite final class FaultTests: CachingSuite {
  let origin = Coordinate(lat: 40.758, lon: -73.985)

  struct Outcome {
    var report: Result<FetchReport, ItineraryError>
    var stats: LoopbackServer.Stats
    /// Whether a later fetch with a healthy server is served from the cache.
    var cachedAfterwards: Bool
  }

  /// Fetches `park` from Yelp with `replies` scripted, then asks again of
  /// the same server, which now answers well: a request it does not see was
  /// served from the cache.
  func fetchPark(_ replies: [LoopbackServer.Reply]) throws -> Outcome {
    let healthy = LoopbackServer.Reply(body: yelpBody(["fresh"]))
    let server = try LoopbackServer([
      .init(path: "/v3/businesses/search", responses: replies + [healthy])
    ])
    let warnings = LineLog()
    let park = try category("park")
    let live = services(server: server, cache: cache, warnings: warnings)
    let report: Result<FetchReport, ItineraryError>
    do throws(ItineraryError) {
      report = .success(
        try live.fetchPlaces(
          provider: "yelp", origin: origin, categories: [park], progress: { _ in }))
    } catch {
      report = .failure(error)
    }
    let stats = try server.stats()
    let again = try services(server: server, cache: cache, warnings: warnings).fetchPlaces(
      provider: "yelp", origin: origin, categories: [park], progress: { _ in })
    #expect(warnings.all.isEmpty)
    let cached = try server.stats().requests == stats.requests
    #expect(cached == (again.fromCache == ["park"]))
    return Outcome(report: report, stats: stats, cachedAfterwards: cached)
  }

  func failure(_ outcome: Outcome) throws -> ItineraryError {
    guard case .failure(let error) = outcome.report else {
      Issue.record("expected the fetch to fail")
      throw ItineraryError(.failure, "no failure")
    }
    return error
  }

  @Test func rateLimitedRequestWaitsForRetryAfterAndRetries() throws {
    let outcome = try fetchPark([
      .init(status: 429, body: "{}", headers: ["Retry-After": "1"]),
      .init(body: yelpBody(["a"])),
    ])
    #expect(outcome.stats.requests == 2)
    #expect(try outcome.report.get().places.map(\.id) == ["a"])
    #expect(outcome.cachedAfterwards)
  }

  @Test func serverErrorsAreRetriedWithBackoff() throws {
    let outcome = try fetchPark([
      .init(status: 503, body: "{}"), .init(status: 502, body: "{}"), .init(body: yelpBody(["a"])),
    ])
    #expect(outcome.stats.requests == 3)
    #expect(try outcome.report.get().places.count == 1)
    #expect(outcome.cachedAfterwards)
  }

  @Test func timeoutsAreRetried() throws {
    let outcome = try fetchPark([
      .init(body: yelpBody(["slow"]), latency: 3), .init(body: yelpBody(["a"])),
    ])
    #expect(outcome.stats.requests == 2)
    #expect(try outcome.report.get().places.map(\.id) == ["a"])
  }

  @Test func serverErrorsGiveUpAfterThreeTries() throws {
    let outcome = try fetchPark(
      Array(repeating: .init(status: 500, body: "{\"error\": \"x\"}"), count: 3))
    let error = try failure(outcome)
    #expect(outcome.stats.requests == 3)
    #expect(error.kind.exitCode == 69)
    #expect(error.message == "yelp: category 'park': HTTP 500 (server error) after 3 tries")
    #expect(!outcome.cachedAfterwards)
  }

  struct Fault: Sendable, CustomStringConvertible {
    var description: String
    var reply: LoopbackServer.Reply
    var message: String
  }

  static let faults: [Fault] = [
    Fault(
      description: "malformed JSON", reply: .init(body: "{\"businesses\": [{\"id\": "),
      message: "yelp: category 'park': HTTP 200: malformed or truncated JSON"),
    Fault(
      description: "an HTML error page",
      reply: .init(body: "<html><body>Bad gateway</body></html>", contentType: "text/html"),
      message: "yelp: category 'park': HTTP 200: an HTML page came back instead of JSON"),
    Fault(
      description: "an empty body", reply: .init(body: ""),
      message: "yelp: category 'park': HTTP 200: the response body is empty"),
    Fault(
      description: "a truncated body",
      reply: .init(body: yelpBody(["a", "b", "c"]), truncate: true),
      message: "yelp: category 'park': the response was cut short"),
    Fault(
      description: "a closed connection", reply: .init(close: true),
      message: "yelp: category 'park': the response was cut short"),
    Fault(
      description: "a refused key", reply: .init(status: 401, body: "{}"),
      message: "yelp: category 'park': HTTP 401 (the API key was refused)"),
    Fault(
      description: "a JSON error body", reply: .init(body: "{\"error\": {\"code\": \"X\"}}"),
      message: "yelp: category 'park': HTTP 200: unexpected JSON: missing field .businesses"),
  ]

  @Test(arguments: faults)
  func badResponsesFailClearlyAndAreNotCached(fault: Fault) throws {
    let outcome = try fetchPark([fault.reply])
    let error = try failure(outcome)
    #expect(error.kind == .unavailable)
    #expect(error.message.hasPrefix(fault.message))
    #expect(outcome.stats.requests == 1)
    #expect(!outcome.cachedAfterwards)
  }

  @Test func connectionRefusedNamesTheProviderAndCategory() throws {
    let server = try LoopbackServer([])
    server.stop()
    let error = try #require(throws: ItineraryError.self) {
      try services(server: server, cache: cache).fetchPlaces(
        provider: "overpass", origin: origin, categories: [try category("museum")],
        progress: { _ in })
    }
    #expect(error.kind.exitCode == 69)
    #expect(error.message.hasPrefix("overpass: category 'museum': cannot connect"))
  }

  @Test func overpassRuntimeErrorIsAnErrorAndNotCached() throws {
    let remark =
      "{\"elements\": [], \"remark\": \"runtime error: Query timed out in \\\"query\\\" at line 4 after 2 seconds.\"}"
    for error in try overpassParkErrors(answering: remark, near: origin) {
      #expect(
        error.message.hasPrefix(
          "overpass: category 'park': HTTP 200: Overpass did not complete the query: runtime error: Query timed out"
        ))
    }
  }

  @Test func aFailedCategoryFailsThePlanUnlessPartialIsAllowed() throws {
    let server = try LoopbackServer([
      .init(
        path: "/v3/businesses/search", match: "categories=parks",
        responses: [.init(status: 404, body: "{}")]),
      .init(path: "/v3/businesses/search", responses: [.init(body: yelpBody(["a"]))]),
    ])
    let categories = [try category("restaurant"), try category("park"), try category("art")]
    let live = services(server: server, cache: cache)
    let error = try #require(throws: ItineraryError.self) {
      try live.fetchPlaces(
        provider: "yelp", origin: origin, categories: categories, progress: { _ in })
    }
    #expect(error.message.hasPrefix("yelp: category 'park': HTTP 404"))
    let report = try live.fetchPlaces(
      provider: "yelp", origin: origin, categories: categories, allowPartial: true,
      progress: { _ in })
    #expect(report.missing.map(\.category) == ["park"])
    #expect(report.places.first?.categories == ["restaurant", "art"])
  }

}
