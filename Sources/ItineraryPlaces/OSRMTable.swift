import Foundation
import ItineraryCore

/// Road distances and travel times between points from OSRM's `/table` service.
public struct OSRMTable: Sendable {
  public static let defaultBaseURL = "https://router.project-osrm.org"

  let baseURL: String

  public init(baseURL: String = OSRMTable.defaultBaseURL) {
    self.baseURL = baseURL
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

  /// The full table between `points`, asked in one request.
  ///
  /// - Complexity: one request; O(n^2) to read the answer.
  public func table(
    _ points: [Coordinate], mode: TravelMode, session: ServiceSession
  ) throws(ItineraryError) -> Matrix {
    let path = points.map { "\(urlDegrees($0.lon)),\(urlDegrees($0.lat))" }.joined(separator: ";")
    let request = HTTPRequest(
      url: "\(baseURL)/table/v1/\(Self.profile(for: mode))/\(path)?annotations=duration,distance",
      headers: ["Accept: application/json"])
    let count = points.count
    return try session.fetch(request, subject: "table of \(count) points") {
      data throws(ResponseProblem) in
      try Self.parse(data, count: count)
    }.value
  }

  /// Reads a `/table` body with `distances` (metres) and `durations` (seconds),
  /// checking that both are `count` by `count`.
  ///
  /// - Complexity: O(count^2).
  public static func parse(_ data: Data, count: Int) throws(ResponseProblem) -> Matrix {
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
    return Matrix(
      distancesKm: distances.map { $0.map { $0.map { $0 / 1000 } } }, durationsSeconds: durations)
  }
}
