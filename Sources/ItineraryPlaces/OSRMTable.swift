import Foundation
import ItineraryCore
import Synchronization

/// Road distances and travel times between points from OSRM's `/table`
/// service, from a server that routes the travel mode's own profile.
///
/// A server routes the profiles it was built with, whatever the URL says:
/// the public demo server routes cars only, and answers a `foot` request
/// with car distances or not at all. So each mode has its own server, and
/// a table whose speeds are not the mode's is refused, never shown as
/// walking or cycling.
public struct OSRMTable: Sendable {
  /// The FOSSGIS servers for foot and bike (`routing.openstreetmap.de`) and
  /// the OSRM demo server for cars.
  public static func defaultBaseURL(for mode: TravelMode) -> String {
    switch mode {
    case .walk: "https://routing.openstreetmap.de/routed-foot"
    case .bike: "https://routing.openstreetmap.de/routed-bike"
    case .drive: "https://router.project-osrm.org"
    }
  }

  /// Hosts known to route cars only.
  public static let carOnlyHosts: Set<String> = ["router.project-osrm.org"]

  /// Hosts whose usage policy allows at most one request a second (the
  /// FOSSGIS servers); requests to them are paced within this process.
  public static let pacedHosts: Set<String> = ["routing.openstreetmap.de"]

  /// The fastest average a table may show for a mode, in metres per second:
  /// 3 on foot (10.8 km/h, twice OSRM's walking speed) and 7 by bike
  /// (25 km/h, above OSRM's cycling speeds, below a car's in town). Faster
  /// is a car's table.
  public static func maxPlausibleSpeed(for mode: TravelMode) -> Double? {
    switch mode {
    case .walk: 3
    case .bike: 7
    case .drive: nil
    }
  }

  /// The credit a server's usage policy asks to be shown with its routes,
  /// or `nil`: the FOSSGIS servers ask for theirs and OpenStreetMap's.
  public static func attribution(forBaseURL url: String) -> String? {
    guard let host = host(of: url), pacedHosts.contains(host) else { return nil }
    return "routing: FOSSGIS e.V. (routing.openstreetmap.de), data (c) OpenStreetMap contributors"
  }

  let baseURL: String
  let mode: TravelMode

  /// - Parameter baseURL: a server that routes `mode`'s profile.
  public init(mode: TravelMode, baseURL: String? = nil) {
    self.mode = mode
    self.baseURL = baseURL ?? Self.defaultBaseURL(for: mode)
  }

  /// Every pair's road distance and duration; `nil` where OSRM found no route.
  public struct Matrix: Sendable, Equatable {
    /// `distancesKm[i][j]`: from point i to point j, in kilometres.
    public var distancesKm: [[Double?]]
    /// `durationsSeconds[i][j]`: from point i to point j, in seconds.
    public var durationsSeconds: [[Double?]]
  }

  /// OSRM's profile for a travel mode.
  public static func profile(for mode: TravelMode) -> String {
    switch mode {
    case .walk: "foot"
    case .bike: "bike"
    case .drive: "driving"
    }
  }

  /// The host of `url`, lowercased, without credentials or port.
  static func host(of url: String) -> String? {
    URLComponents(string: url)?.host?.lowercased()
  }

  /// The full table between `points`, asked in one request.
  ///
  /// - Throws: `.unavailable` when the server is known to route cars only
  ///   and the mode is not driving (nothing is sent), or when the answer is
  ///   not a whole, consistent table of the mode's speeds.
  /// - Complexity: one request; O(n^2) to read the answer.
  public func table(_ points: [Coordinate], session: ServiceSession) throws(ItineraryError)
    -> Matrix
  {
    let host = Self.host(of: baseURL)
    if mode != .drive, let host, Self.carOnlyHosts.contains(host) {
      let variable = mode == .walk ? "ITINERARY_OSRM_FOOT_URL" : "ITINERARY_OSRM_BIKE_URL"
      throw ItineraryError(
        .unavailable,
        "osrm: \(host) routes cars only, so it cannot give \(mode == .walk ? "walking" : "cycling") distances; set \(variable) to a server with the \(Self.profile(for: mode)) profile (default \(Self.defaultBaseURL(for: mode)))"
      )
    }
    let path = points.map { "\(urlDegrees($0.lon)),\(urlDegrees($0.lat))" }.joined(separator: ";")
    let request = HTTPRequest(
      url: "\(baseURL)/table/v1/\(Self.profile(for: mode))/\(path)?annotations=duration,distance",
      headers: ["Accept: application/json"])
    let count = points.count
    let fetch = { () throws(ItineraryError) -> Matrix in
      try session.fetch(request, subject: "table of \(count) points") {
        data throws(ResponseProblem) in
        try Self.parse(data, count: count, mode: mode)
      }.value
    }
    guard let host, Self.pacedHosts.contains(host) else { return try fetch() }
    return try Self.pacer.withLock { last throws(ItineraryError) in
      let wait = last.map { 1 - Date().timeIntervalSince($0) } ?? 0
      if wait > 0 { Thread.sleep(forTimeInterval: wait) }
      defer { last = Date() }
      return try fetch()
    }
  }

  /// When this process last asked a paced host.
  private static let pacer = Mutex<Date?>(nil)

  /// Reads a `/table` body with `distances` (metres) and `durations`
  /// (seconds), checking that it is a whole answer: both `count` by
  /// `count`, every value finite and not negative, a missing route (`null`)
  /// missing from both, at least one route between two different points,
  /// and, for `mode`, an average speed the mode can reach.
  ///
  /// - Complexity: O(count^2).
  public static func parse(_ data: Data, count: Int, mode: TravelMode? = nil)
    throws(ResponseProblem) -> Matrix
  {
    struct Body: Decodable {
      var code: String
      var message: String?
      var distances: [[Double?]]?
      var durations: [[Double?]]?
    }
    let body = try decodeJSON(Body.self, from: data)
    guard body.code == "Ok" else {
      throw ResponseProblem("OSRM answered \(body.code)\(body.message.map { ": \($0)" } ?? "")")
    }
    guard let distances = body.distances, let durations = body.durations else {
      throw ResponseProblem("the table lacks distances or durations")
    }
    for matrix in [distances, durations]
    where matrix.count != count || matrix.contains(where: { $0.count != count }) {
      throw ResponseProblem("the table is not \(count) by \(count)")
    }
    var metres = 0.0
    var seconds = 0.0
    var routes = 0
    for i in 0..<count {
      for j in 0..<count {
        switch (distances[i][j], durations[i][j]) {
        case (nil, nil):
          continue
        case (let distance?, let duration?):
          guard distance.isFinite, duration.isFinite, distance >= 0, duration >= 0 else {
            throw ResponseProblem("the table holds a negative or infinite value at [\(i)][\(j)]")
          }
          if i != j {
            routes += 1
            metres += distance
            seconds += duration
          }
        default:
          throw ResponseProblem(
            "the table has a distance without a duration (or the reverse) at [\(i)][\(j)]")
        }
      }
    }
    if count > 1, routes == 0 {
      throw ResponseProblem("the table has no route between any two points")
    }
    if let mode, let limit = maxPlausibleSpeed(for: mode), metres > limit * seconds {
      let speed = seconds > 0 ? String(format: "%.0f km/h", metres / seconds * 3.6) : "infinite"
      throw ResponseProblem(
        "the table's average speed is \(speed), too fast for \(mode == .walk ? "walking" : "cycling"): the server does not route the \(profile(for: mode)) profile"
      )
    }
    return Matrix(
      distancesKm: distances.map { $0.map { $0.map { $0 / 1000 } } }, durationsSeconds: durations)
  }
}
