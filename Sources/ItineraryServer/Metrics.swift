import Foundation
import Synchronization

/// Counts what the server answers, by endpoint (the route's pattern): the
/// requests by status, the errors, and a histogram of the time to answer,
/// shown in the Prometheus text format.
final class Metrics: Sendable {
  /// The histogram's upper bounds, in seconds.
  static let bounds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

  struct Series {
    var byStatus: [Int: Int] = [:]
    var errors = 0
    /// Answers within each bound (not cumulative; summed when shown).
    var buckets = [Int](repeating: 0, count: Metrics.bounds.count)
    var seconds = 0.0
    var count = 0
  }

  private let series = Mutex<[String: Series]>([:])

  /// - Complexity: O(log bounds) under a lock.
  func record(endpoint: String, status: Int, seconds: Double) {
    let bucket = Self.bounds.firstIndex { seconds <= $0 }
    series.withLock { all in
      var entry = all[endpoint] ?? Series()
      entry.byStatus[status, default: 0] += 1
      if status >= 400 { entry.errors += 1 }
      if let bucket { entry.buckets[bucket] += 1 }
      entry.seconds += seconds
      entry.count += 1
      all[endpoint] = entry
    }
  }

  /// Everything counted so far, and the requests in flight now.
  ///
  /// - Complexity: O(endpoints * (statuses + bounds)).
  func render(inFlight: Int) -> String {
    let all = series.withLock { $0 }.sorted { $0.key < $1.key }
    var lines = [
      "# HELP itinerary_http_requests_total Requests answered, by endpoint and status code.",
      "# TYPE itinerary_http_requests_total counter",
    ]
    for (endpoint, entry) in all {
      for (status, count) in entry.byStatus.sorted(by: { $0.key < $1.key }) {
        lines.append(
          "itinerary_http_requests_total{endpoint=\"\(endpoint)\",code=\"\(status)\"} \(count)")
      }
    }
    lines += [
      "# HELP itinerary_http_errors_total Requests answered with a status of 400 or more.",
      "# TYPE itinerary_http_errors_total counter",
    ]
    for (endpoint, entry) in all {
      lines.append("itinerary_http_errors_total{endpoint=\"\(endpoint)\"} \(entry.errors)")
    }
    lines += [
      "# HELP itinerary_http_request_duration_seconds Time to answer a request.",
      "# TYPE itinerary_http_request_duration_seconds histogram",
    ]
    for (endpoint, entry) in all {
      let name = "itinerary_http_request_duration_seconds"
      var cumulative = 0
      for (bound, count) in zip(Self.bounds, entry.buckets) {
        cumulative += count
        lines.append("\(name)_bucket{endpoint=\"\(endpoint)\",le=\"\(bound)\"} \(cumulative)")
      }
      lines.append("\(name)_bucket{endpoint=\"\(endpoint)\",le=\"+Inf\"} \(entry.count)")
      lines.append("\(name)_sum{endpoint=\"\(endpoint)\"} \(entry.seconds)")
      lines.append("\(name)_count{endpoint=\"\(endpoint)\"} \(entry.count)")
    }
    lines += [
      "# HELP itinerary_http_in_flight Requests being answered or waiting for a solver.",
      "# TYPE itinerary_http_in_flight gauge",
      "itinerary_http_in_flight \(inFlight)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
