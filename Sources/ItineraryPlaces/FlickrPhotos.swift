import Foundation
import ItineraryCore

/// Photos from Flickr's `flickr.photos.search` by latitude, longitude and
/// radius, as Virtual Tourist asks for them, page by page. The key travels
/// in the query (`api_key`), as Flickr's REST API wants it: it is left out
/// of cache keys and cut out of every message (`SecretRedaction`).
public struct FlickrPhotos: Sendable {
  public static let defaultBaseURL = "https://api.flickr.com"
  /// Flickr's largest radius, in km.
  static let maxRadiusKm = 32.0

  let apiKey: APIKey
  let baseURL: String

  public init(apiKey: APIKey, baseURL: String = FlickrPhotos.defaultBaseURL) {
    self.apiKey = apiKey
    self.baseURL = baseURL
  }

  /// Page `page` (1-based) of `perPage` photos within `radiusKm` of `point`.
  ///
  /// - Complexity: one request.
  public func near(
    _ point: Coordinate, radiusKm: Double, page: Int, perPage: Int, session: ServiceSession
  ) throws(ItineraryError) -> PhotoPage {
    let radius = min(Self.maxRadiusKm, max(0.01, radiusKm))
    let url =
      "\(baseURL)/services/rest/?method=flickr.photos.search&api_key=\(urlQueryValue(apiKey.value))"
      + "&lat=\(urlDegrees(point.lat))&lon=\(urlDegrees(point.lon))"
      + "&radius=\(String(format: "%.3f", radius))&radius_units=km"
      + "&extras=\(urlQueryValue("url_m,url_b,owner_name,license,o_dims"))"
      + "&per_page=\(perPage)&page=\(page)&format=json&nojsoncallback=1"
    let subject = "photos near \(urlDegrees(point.lat)),\(urlDegrees(point.lon))"
    return try session.fetch(HTTPRequest(url: url), subject: subject) {
      data throws(ResponseProblem) in try Self.parse(data)
    }.value
  }

  /// Licence names by Flickr's licence id (`flickr.photos.licenses.getInfo`).
  static let licences: [String: String] = [
    "0": "All Rights Reserved", "1": "CC BY-NC-SA 2.0", "2": "CC BY-NC 2.0",
    "3": "CC BY-NC-ND 2.0", "4": "CC BY 2.0", "5": "CC BY-SA 2.0", "6": "CC BY-ND 2.0",
    "7": "No known copyright restrictions", "8": "United States Government Work",
    "9": "CC0 1.0", "10": "Public Domain Mark 1.0", "11": "CC BY 4.0", "12": "CC BY-SA 4.0",
    "13": "CC BY-ND 4.0", "14": "CC BY-NC 4.0", "15": "CC BY-NC-SA 4.0", "16": "CC BY-NC-ND 4.0",
  ]

  /// Reads a `flickr.photos.search` answer (`format=json&nojsoncallback=1`);
  /// `"stat": "fail"` (a refused key, a bad argument) is a problem.
  ///
  /// - Complexity: O(photos).
  static func parse(_ data: Data) throws(ResponseProblem) -> PhotoPage {
    struct Item: Decodable {
      var id: String
      var owner: String?
      var secret: String?
      var server: String?
      var title: String?
      var license: FlexibleString?
      var ownername: String?
      var urlM: String?
      var urlB: String?
      var widthM: FlexibleInt?
      var heightM: FlexibleInt?
      var widthB: FlexibleInt?
      var heightB: FlexibleInt?
    }
    struct Photos: Decodable {
      var page: FlexibleInt
      var pages: FlexibleInt
      var photo: [Item]
    }
    struct Answer: Decodable {
      var stat: String
      var code: FlexibleInt?
      var message: String?
      var photos: Photos?
    }
    let answer = try decodeJSON(Answer.self, from: data)
    guard answer.stat == "ok", let photos = answer.photos else {
      let code = answer.code.map { "error \($0.value): " } ?? ""
      throw ResponseProblem("\(code)\(answer.message ?? "stat \(answer.stat)")")
    }
    let list = photos.photo.compactMap { item -> Photo? in
      guard let thumbnail = item.urlM ?? item.urlB else { return nil }
      let author = DisplayText.clean(item.ownername) ?? item.owner ?? "unknown"
      let licence = item.license.flatMap { licences[$0.value] } ?? "All Rights Reserved"
      let page = item.owner.map { "https://www.flickr.com/photos/\($0)/\(item.id)" }
      let credit = ["Photo: \(author) on Flickr", licence] + (page.map { [$0] } ?? [])
      let large = item.urlB != nil
      return Photo(
        id: "flickr:\(item.id)", url: item.urlB ?? thumbnail, thumbnail: thumbnail,
        width: (large ? item.widthB : item.widthM)?.value ?? 0,
        height: (large ? item.heightB : item.heightM)?.value ?? 0, author: author,
        licence: licence, attribution: credit.joined(separator: ", "),
        source: PhotoSource.flickr.rawValue)
    }
    return PhotoPage(
      photos: list, page: photos.page.value, hasMore: photos.page.value < photos.pages.value)
  }
}
