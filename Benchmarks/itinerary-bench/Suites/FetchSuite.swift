import Foundation
import ItineraryCore
import ItineraryLoopback
import ItineraryPlaces
import ItineraryWorkloads

extension Suite {
  /// The fetch stage over real HTTP (libcurl to the loopback server of
  /// TestSupport, which answers every request after 300 ms): k categories
  /// fetched at once, the same one request at a time, and the same fetch
  /// served wholly from the response cache.
  static func fetch(_ bench: inout Bench) throws {
    let server: LoopbackServer
    let scratch = FileManager.default.temporaryDirectory
      .appending(path: "itinerary-bench-fetch-\(getpid())")
    do {
      server = try LoopbackServer([
        .init(
          path: "/v3/businesses/search",
          responses: [.init(body: searchBody(places: 20), latency: latency)])
      ])
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      bench.note("skipped: the loopback server (python3) did not start: \(error)")
      return
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    guard let key = APIKey("benchmark") else { return }
    let cache = ResponseCache(directory: scratch, warn: { _ in })
    let ks = bench.options.quick ? [3] : [1, 2, 3, 4, 6]
    var medians: [String: Double] = [:]
    for k in ks {
      let categories = Array(CategoryVocabulary.standard.categories.prefix(k))
      let ways: [(series: String, inFlight: Int, policy: CachePolicy)] = [
        ("parallel", 4, .bypass), ("serial", 1, .bypass), ("cached", 4, .use),
      ]
      for way in ways {
        let provider = YelpProvider(
          apiKey: key, baseURL: server.baseURL, maxRequestsInFlight: way.inFlight)
        let session = ServiceSession(
          service: provider.name, client: HTTPClient(), retry: RetryPolicy(),
          cache: way.policy == .use ? cache : nil, cachePolicy: way.policy,
          maxRequestsInFlight: way.inFlight)
        let stage = FetchStage(provider: provider, session: session, progress: { _ in })
        let record = try bench.measure(
          series: way.series, solver: "fetch-stage", n: k,
          parameters: ["latencyMs": "\(Int(latency * 1000))", "inFlight": "\(way.inFlight)"],
          minimumSampleSeconds: 0, budgetSeconds: 8, work: { ["places": $0] }
        ) {
          try stage.run(
            origin: Coordinate(lat: 40.758, lon: -73.985), categories: categories, limit: 20,
            radiusMeters: 2000
          ).places.count
        }
        medians["\(way.series) \(k)"] = record.timing.median
      }
    }
    for k in ks {
      guard let parallel = medians["parallel \(k)"], let serial = medians["serial \(k)"],
        let cached = medians["cached \(k)"]
      else { continue }
      bench.note(
        "k=\(k): parallel \(millis(parallel)), serial \(millis(serial)), cached \(millis(cached))"
      )
    }
  }

  /// Seconds the loopback server waits before each answer.
  private static let latency = 0.3

  private static func millis(_ seconds: Double) -> String {
    String(format: "%.0f ms", seconds * 1000)
  }

  /// A Yelp search body with `places` businesses around Times Square.
  private static func searchBody(places: Int) -> String {
    let businesses = (0..<places).map { index in
      """
      {"id": "b\(index)", "name": "Place \(index)", "rating": 4.0, "review_count": \(10 + index),
       "categories": [], "coordinates": {"latitude": \(40.75 + Double(index) / 1000),
       "longitude": \(-73.98 - Double(index) / 1000)}}
      """
    }
    return "{\"businesses\": [\(businesses.joined(separator: ","))], \"total\": \(places)}"
  }
}
