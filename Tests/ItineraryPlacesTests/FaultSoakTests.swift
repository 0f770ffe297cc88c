import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryStore
import ItineraryTestSupport
import ItineraryWorkloads
import Testing

@testable import ItineraryPlaces

/// Many plans' network work (a geocode now and then, the places of one to
/// three categories, a road table) against a loopback server that answers
/// each service with a seeded random mix of faults: every plan either
/// succeeds or fails with one clean line and the documented exit code, and
/// afterwards every cached response is a complete, valid answer.
///
/// `ITINERARY_SOAK_PLANS` and `ITINERARY_SOAK_SEED` choose how many plans
/// and which faults (`scripts/soak` runs 1,000).
enum FaultSoakTests {
  @Suite(.tags(.slow)) struct Slow {
    static let settings = ProcessInfo.processInfo.environment
    static let plans = settings["ITINERARY_SOAK_PLANS"].flatMap { Int($0) } ?? 200
    static let seed = settings["ITINERARY_SOAK_SEED"].flatMap { UInt64($0) } ?? 16

    /// One kind of bad answer, and whether any service would take it.
    enum Fault: CaseIterable {
      case serverError, rateLimited, slowHeaders, slowBody, truncated, closed, reset, malformed
      case empty, html, refused

      /// The scripted reply; `healthy` is the good body it spoils.
      func reply(healthy: String) -> LoopbackServer.Reply {
        switch self {
        case .serverError: .init(status: [500, 502, 503, 504][healthy.count % 4], body: "{}")
        case .rateLimited: .init(status: 429, body: "{}", headers: ["Retry-After": "0"])
        case .slowHeaders: .init(body: healthy, latency: 1)
        case .slowBody: .init(body: healthy, trickle: 0.05)
        case .truncated: .init(body: healthy, truncate: true)
        case .closed: .init(close: true)
        case .reset: .init(reset: true)
        case .malformed: .init(body: String(healthy.prefix(healthy.count / 2)))
        case .empty: .init(body: "")
        case .html: .init(body: "<html>busy</html>", contentType: "text/html")
        case .refused: .init(status: 403, body: "{\"message\": \"no\"}")
        }
      }
    }

    static let yelpHealthy = yelpBody(["y1", "y2", "y3", "y4"], aliases: ["parks", "museums"])
    static let overpassHealthy = """
      {"elements": [
        {"type": "node", "id": 1, "lat": 40.7581, "lon": -73.9851, "tags": {"name": "Bryant", "leisure": "park"}},
        {"type": "node", "id": 2, "lat": 40.7612, "lon": -73.9776, "tags": {"name": "MoMA", "tourism": "museum"}},
        {"type": "node", "id": 3, "lat": 40.7540, "lon": -73.9840, "tags": {"name": "Diner", "amenity": "restaurant"}}
      ]}
      """
    static let nominatimHealthy =
      "[{\"lat\": \"40.7580\", \"lon\": \"-73.9855\", \"display_name\": \"Times Square\"}]"

    /// Faults only some services have: a remark, an empty answer, a spoiled table.
    static let overpassFaults: [LoopbackServer.Reply] = [
      .init(body: "{\"elements\": [], \"remark\": \"runtime error: Query ran out of memory\"}")
    ]
    static let nominatimFaults: [LoopbackServer.Reply] = [.init(body: "[]")]
    static let osrmFaults: [LoopbackServer.Reply] = [
      .init(osrmTable: .init(poison: "null")), .init(osrmTable: .init(poison: "negative")),
      .init(body: "{\"code\": \"Ok\", \"durations\": [[0]], \"distances\": [[0]]}"),
    ]

    /// `count` replies: a third faults of every kind (and `extra`), the rest `healthy`.
    static func script(
      healthy: LoopbackServer.Reply, body: String, extra: [LoopbackServer.Reply], count: Int,
      random: inout SplitMix64
    ) -> [LoopbackServer.Reply] {
      let faults = Fault.allCases.map { $0.reply(healthy: body) } + extra
      return (0..<count).map { _ in
        random.chance(0.34) ? faults[random.below(faults.count)] : healthy
      }
    }

    struct Tally {
      var plans = 0
      var succeeded = 0
      var failures: [String: Int] = [:]
    }

    @Test func randomFaultsOverManyPlansFailCleanlyAndCacheOnlyWholeAnswers() throws {
      print("fault soak: \(Self.plans) plans, seed \(Self.seed)")
      var random = SplitMix64(seed: Self.seed)
      let server = try LoopbackServer([
        .init(
          path: "/search",
          responses: Self.script(
            healthy: .init(body: Self.nominatimHealthy), body: Self.nominatimHealthy,
            extra: Self.nominatimFaults, count: 89, random: &random), cycle: true),
        .init(
          path: "/interpreter",
          responses: Self.script(
            healthy: .init(body: Self.overpassHealthy), body: Self.overpassHealthy,
            extra: Self.overpassFaults, count: 397, random: &random), cycle: true),
        .init(
          path: "/v3/businesses/search",
          responses: Self.script(
            healthy: .init(body: Self.yelpHealthy), body: Self.yelpHealthy, extra: [], count: 401,
            random: &random), cycle: true),
        .init(
          path: "/table/v1/",
          responses: Self.script(
            healthy: .init(osrmTable: .init()), body: "{\"code\": \"Ok\", \"durations\": [[",
            extra: Self.osrmFaults, count: 199, random: &random), cycle: true),
      ])
      let cache = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: cache) }
      let warnings = LineLog()
      let live = PlaceServices(
        environment: environment(server: server, cache: cache),
        client: HTTPClient(connectTimeout: 0.5, totalTimeout: 0.3),
        retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.001, maxDelay: 0.005, maxRetryAfter: 0.01),
        warn: { warnings.append($0) })
      let names = ["park", "museum", "restaurant"]
      var origins: [Coordinate] = []
      var tally = Tally()
      for index in 0..<Self.plans {
        // A fifth of the plans ask again where an earlier one asked: cache reads.
        let origin =
          !origins.isEmpty && random.chance(0.2)
          ? origins[random.below(origins.count)]
          : Coordinate(lat: 40.70 + Double(index) * 1e-4, lon: -73.99 + Double(index % 7) * 1e-4)
        origins.append(origin)
        let chosen = names.filter { _ in random.chance(0.6) }
        let categories = try (chosen.isEmpty ? ["park"] : chosen).map(category)
        let provider = random.chance(0.5) ? "yelp" : "overpass"
        let outcome = Result<Void, ItineraryError> { () throws(ItineraryError) in
          if index % 40 == 0 {
            _ = try live.geocode("soak place \(index % 120)")
          }
          let report = try live.fetchPlaces(
            provider: provider, origin: origin,
            categories: categories,
            progress: { _ in })
          _ = try live.roadTable(
            [origin] + report.places.prefix(5).map(\.coordinate), mode: .walk)
        }
        tally.plans += 1
        switch outcome {
        case .success:
          tally.succeeded += 1
        case .failure(let error):
          let line = error.message
          #expect(
            error.kind == .unavailable
              || (error.kind == .data && line.hasPrefix("nominatim: no place called")),
            "plan \(index), seed \(Self.seed): \(line)")
          #expect(!line.contains("\n") && !line.isEmpty, "plan \(index): \(line)")
          let service = String(line.prefix { $0 != ":" })
          #expect(["yelp", "overpass", "nominatim", "osrm"].contains(service), "\(line)")
          tally.failures[service, default: 0] += 1
        }
      }
      print(
        "fault soak: \(tally.succeeded) of \(tally.plans) succeeded; failures \(tally.failures)")
      #expect(warnings.all.isEmpty, "\(warnings.text)")
      #expect(tally.succeeded > 0)
      #expect(tally.failures.values.reduce(0, +) > 0)
      let checked = try Self.checkCache(at: cache.appending(path: "responses.sqlite"))
      print("fault soak: \(checked) cached responses, each a whole answer")
      #expect(checked > 0)
    }

    /// Parses every cached body as its service's answer to its request, and
    /// returns how many there were.
    static func checkCache(at file: URL) throws -> Int {
      let database = try SQLiteDatabase(.file(file))
      let entries = try database.rows("SELECT key, body FROM responses") {
        ($0.text(0), $0.data(1))
      }
      let park = try category("park")
      for (key, body) in entries {
        let service = String(key.prefix { $0 != " " })
        let valid: Bool
        switch service {
        case "yelp":
          valid = (try? YelpProvider.parseSearch(body, category: park))?.places.count == 4
        case "overpass":
          valid = (try? OverpassProvider.parse(body))?.places.count == 3
        case "nominatim":
          valid = (try? NominatimGeocoder.parse(body))?.isEmpty == false
        case "osrm":
          let points =
            key.split(separator: "/").last?.split(separator: "?").first?
            .split(separator: ";").count ?? 0
          valid = (try? OSRMTable.parse(body, count: points, mode: .walk)) != nil
        default:
          valid = false
        }
        #expect(valid, "a cached answer that is not whole: \(key)")
      }
      return entries.count
    }
  }
}

extension SplitMix64 {
  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool {
    Double(next() >> 11) / Double(UInt64(1) << 53) < p
  }
}
