import Foundation
import ItineraryCore

/// Photos from Wikimedia Commons, which needs no key: files near a point
/// (`list=geosearch` in the File namespace, 6), the files of a category
/// (`list=categorymembers`), and for each file its URLs, size, author and
/// licence (`prop=imageinfo` with `iiprop=url|size|extmetadata` and a
/// thumbnail `iiurlwidth` wide).
public struct CommonsPhotos: Sendable {
  public static let defaultBaseURL = "https://commons.wikimedia.org"
  /// The thumbnail width asked for, in pixels: a card's width on a phone.
  public static let thumbnailWidth = 320
  /// Geosearch's largest radius, in metres.
  static let maxRadiusMeters = 10_000
  /// Titles one `imageinfo` request may name.
  static let maxTitlesPerRequest = 50

  let baseURL: String

  public init(baseURL: String = CommonsPhotos.defaultBaseURL) {
    self.baseURL = baseURL
  }

  var apiURL: String { "\(baseURL)/w/api.php" }

  /// Page `page` (1-based) of `perPage` photos within `radiusKm` of `point`,
  /// nearest first. Geosearch has no offset, so page `n` asks for the
  /// nearest `n * perPage` files (at most 500) and keeps the last `perPage`.
  ///
  /// - Complexity: two requests; O(n * perPage) files read.
  public func near(
    _ point: Coordinate, radiusKm: Double, page: Int, perPage: Int, session: ServiceSession
  ) throws(ItineraryError) -> PhotoPage {
    let radius = min(Self.maxRadiusMeters, max(10, Int((radiusKm * 1000).rounded())))
    let limit = min(500, page * perPage)
    let coordinate = "\(urlDegrees(point.lat))|\(urlDegrees(point.lon))"
    let url =
      "\(apiURL)?action=query&list=geosearch&gscoord=\(urlQueryValue(coordinate))"
      + "&gsradius=\(radius)&gsnamespace=6&gslimit=\(limit)&format=json&formatversion=2"
    let subject = "photos near \(urlDegrees(point.lat)),\(urlDegrees(point.lon))"
    let titles = try session.fetch(HTTPRequest(url: url), subject: subject) {
      data throws(ResponseProblem) in try Self.parseGeosearch(data)
    }.value
    let slice = Array(titles.dropFirst((page - 1) * perPage).prefix(perPage))
    let photos = try files(slice, subject: subject, session: session)
    return PhotoPage(photos: photos, page: page, hasMore: titles.count >= limit && limit < 500)
  }

  /// The files of `Category:name`, at most `limit`.
  public func category(_ name: String, limit: Int, session: ServiceSession)
    throws(ItineraryError) -> [Photo]
  {
    let title = name.lowercased().hasPrefix("category:") ? name : "Category:\(name)"
    let url =
      "\(apiURL)?action=query&list=categorymembers&cmtitle=\(urlQueryValue(title))"
      + "&cmtype=file&cmlimit=\(max(1, min(500, limit)))&format=json&formatversion=2"
    let subject = "'\(DisplayText.clean(title) ?? "")'"
    let titles = try session.fetch(HTTPRequest(url: url), subject: subject) {
      data throws(ResponseProblem) in try Self.parseCategoryMembers(data)
    }.value
    return try files(titles, subject: subject, session: session)
  }

  /// The photos of `titles` (`File:Name.jpg`), in their order; files that
  /// do not exist or hold no image are left out.
  ///
  /// - Complexity: one request per 50 titles.
  public func files(_ titles: [String], subject: String, session: ServiceSession)
    throws(ItineraryError) -> [Photo]
  {
    var photos: [Photo] = []
    var start = 0
    while start < titles.count {
      let batch = Array(titles[start..<min(titles.count, start + Self.maxTitlesPerRequest)])
      start += batch.count
      let url =
        "\(apiURL)?action=query&prop=imageinfo&titles=\(urlQueryValue(batch.joined(separator: "|")))"
        + "&iiprop=\(urlQueryValue("url|size|extmetadata"))&iiurlwidth=\(Self.thumbnailWidth)"
        + "&format=json&formatversion=2"
      let found = try session.fetch(HTTPRequest(url: url), subject: subject) {
        data throws(ResponseProblem) in try Self.parseImageInfo(data)
      }.value
      photos += batch.compactMap { found[Self.normalizedTitle($0)] }
    }
    return photos
  }

  /// `File:Helsinki_Cathedral.jpg` as MediaWiki spells the title: spaces
  /// for underscores, the first letter of the name in capitals.
  static func normalizedTitle(_ title: String) -> String {
    var name = title.replacingOccurrences(of: "_", with: " ")
      .trimmingCharacters(in: .whitespaces)
    if name.lowercased().hasPrefix("file:") { name = String(name.dropFirst(5)) }
    name = name.trimmingCharacters(in: .whitespaces)
    guard let first = name.first else { return "File:" }
    return "File:" + first.uppercased() + name.dropFirst()
  }

  /// A MediaWiki `error` object, which comes with HTTP 200.
  struct APIError: Decodable {
    var code: String?
    var info: String?
    var problem: ResponseProblem {
      ResponseProblem([code, info].compactMap { $0 }.joined(separator: ": "))
    }
  }

  /// A MediaWiki answer: what was asked for, or the error that came instead.
  struct Answer<Query: Decodable>: Decodable {
    var query: Query?
    var error: APIError?
  }

  /// The `query` of a MediaWiki answer; an `error` in its place is thrown.
  static func answerQuery<Query: Decodable>(_ type: Query.Type, in data: Data)
    throws(ResponseProblem) -> Query?
  {
    let answer = try decodeJSON(Answer<Query>.self, from: data)
    if let error = answer.error { throw error.problem }
    return answer.query
  }

  /// The titles of a `list=geosearch` answer, nearest first.
  ///
  /// - Complexity: O(results).
  static func parseGeosearch(_ data: Data) throws(ResponseProblem) -> [String] {
    struct Hit: Decodable { var title: String }
    struct Query: Decodable { var geosearch: [Hit]? }
    return (try answerQuery(Query.self, in: data)?.geosearch ?? []).map(\.title)
  }

  /// The file titles of a `list=categorymembers` answer.
  static func parseCategoryMembers(_ data: Data) throws(ResponseProblem) -> [String] {
    struct Member: Decodable {
      var title: String
      var ns: Int?
    }
    struct Query: Decodable { var categorymembers: [Member]? }
    let members = try answerQuery(Query.self, in: data)?.categorymembers ?? []
    return members.filter { ($0.ns ?? 6) == 6 }.map(\.title)
  }

  /// The photos of a `prop=imageinfo` answer (`formatversion=2`), by the
  /// title asked for (a `normalized` title is found under both spellings).
  ///
  /// - Complexity: O(pages).
  static func parseImageInfo(_ data: Data) throws(ResponseProblem) -> [String: Photo] {
    struct Info: Decodable {
      var url: String?
      var thumburl: String?
      var width: Int?
      var height: Int?
      var extmetadata: [String: TextValue]?
    }
    struct Page: Decodable {
      var pageid: Int?
      var title: String
      var imageinfo: [Info]?
    }
    struct Normalized: Decodable {
      var from: String
      var to: String
    }
    struct Query: Decodable {
      var pages: [Page]?
      var normalized: [Normalized]?
    }
    let query = try answerQuery(Query.self, in: data)
    var photos: [String: Photo] = [:]
    for page in query?.pages ?? [] {
      guard let info = page.imageinfo?.first, let url = info.url, let pageID = page.pageid
      else { continue }
      let meta = info.extmetadata ?? [:]
      let author = meta["Artist"]?.value.map(MarkupText.plain).flatMap(DisplayText.clean)
      let licence =
        meta["LicenseShortName"]?.value.map(MarkupText.plain).flatMap(DisplayText.clean)
      let licenceURL = meta["LicenseUrl"]?.value.flatMap(DisplayText.clean)
      let photo = Photo(
        id: "commons:\(pageID)", url: url, thumbnail: info.thumburl ?? url,
        width: info.width ?? 0, height: info.height ?? 0, author: author ?? "unknown",
        licence: licence ?? "see the file page",
        attribution: attribution(author: author, licence: licence, licenceURL: licenceURL),
        source: PhotoSource.commons.rawValue)
      photos[normalizedTitle(page.title)] = photo
    }
    for pair in query?.normalized ?? [] {
      if let photo = photos[normalizedTitle(pair.to)] { photos[normalizedTitle(pair.from)] = photo }
    }
    return photos
  }

  /// The credit line Commons' reuse guidance gives:
  /// `Author, CC BY-SA 4.0 <licence URL>, via Wikimedia Commons`.
  static func attribution(author: String?, licence: String?, licenceURL: String?) -> String {
    var parts: [String] = []
    parts.append(author ?? "Unknown author")
    if let licence {
      parts.append(licenceURL.map { "\(licence) <\($0)>" } ?? licence)
    }
    parts.append("via Wikimedia Commons")
    return parts.joined(separator: ", ")
  }
}
