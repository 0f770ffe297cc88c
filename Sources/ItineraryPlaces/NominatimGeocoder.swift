import Foundation
import ItineraryCore
import Synchronization

/// Turns a place name into coordinates with Nominatim `/search`, within its
/// usage policy: a real `User-Agent` (the HTTP client's) and at most one
/// request per second from this process.
public struct NominatimGeocoder: Sendable {
  public static let defaultBaseURL = "https://nominatim.openstreetmap.org"
  /// The policy's floor between two requests, in seconds.
  public static let minimumInterval = 1.0

  let baseURL: String

  public init(baseURL: String = NominatimGeocoder.defaultBaseURL) {
    self.baseURL = baseURL
  }

  /// A found place: where it is and Nominatim's name for it.
  public struct Match: Sendable, Equatable {
    public var coordinate: Coordinate
    public var displayName: String
  }

  /// The best match for `text`, such as `Central Park, New York`.
  ///
  /// - Throws: `.data` when nothing matches, `.unavailable` when the service fails.
  public func geocode(_ text: String, session: ServiceSession) throws(ItineraryError) -> Match {
    let request = HTTPRequest(
      url: "\(baseURL)/search?q=\(urlQueryValue(text))&format=json&limit=1",
      headers: ["Accept: application/json"])
    let subject = "'\(DisplayText.clean(text) ?? "")'"
    let fetched = try Self.pacer.withLock { last throws(ItineraryError) in
      // Hold the lock through the request so that requests stay a second apart.
      let wait = last.map { Self.minimumInterval - Date().timeIntervalSince($0) } ?? 0
      if wait > 0 { Thread.sleep(forTimeInterval: wait) }
      // An empty answer is reported but never cached: the place may be
      // added, or the service may have failed quietly.
      let fetched = try session.fetch(request, subject: subject, isComplete: { !$0.isEmpty }) {
        data throws(ResponseProblem) in
        try Self.parse(data)
      }
      if !fetched.fromCache { last = Date() }
      return fetched
    }
    guard let match = fetched.value.first else {
      throw ItineraryError(.data, "nominatim: no place called \(subject) was found")
    }
    return match
  }

  /// When this process last sent Nominatim a request.
  private static let pacer = Mutex<Date?>(nil)

  /// Reads a `/search?format=json` body: a list of results with `lat` and
  /// `lon` as strings.
  ///
  /// - Complexity: O(results).
  public static func parse(_ data: Data) throws(ResponseProblem) -> [Match] {
    struct Result: Decodable {
      var lat: String
      var lon: String
      var displayName: String?
    }
    return try decodeJSON([Result].self, from: data).map { result throws(ResponseProblem) in
      guard let lat = Double(result.lat), let lon = Double(result.lon) else {
        throw ResponseProblem("a result's lat/lon is not a number")
      }
      let coordinate = Coordinate(lat: lat, lon: lon)
      if let why = coordinate.invalidity { throw ResponseProblem("a result's \(why)") }
      return Match(coordinate: coordinate, displayName: DisplayText.clean(result.displayName) ?? "")
    }
  }
}
