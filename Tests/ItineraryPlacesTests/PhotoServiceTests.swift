import Foundation
import ItineraryCore
import ItineraryLoopback
import Testing

@testable import ItineraryPlaces

/// Commons, Wikidata and Flickr photos against recorded answers served by
/// the loopback server: attribution, paging, tags, retries, the cache and
/// the Flickr key.
@Suite final class PhotoServiceTests: CachingSuite {
  let pin = Coordinate(lat: 60.17, lon: 24.94)
  static let flickrKey = "flickr-test-key-0123"

  func file(_ name: String) -> LoopbackServer.Reply {
    LoopbackServer.Reply(bodyFile: recordedURL(name).path, contentType: "application/json")
  }

  /// Commons and Wikidata on one server: each request kind has its route.
  func commonsRoutes(geosearch: [LoopbackServer.Reply]? = nil) -> [LoopbackServer.Route] {
    [
      .init(
        path: "/w/api.php", match: "list=geosearch",
        responses: geosearch ?? [file("commons-geosearch.json")]),
      .init(
        path: "/w/api.php", match: "prop=imageinfo", responses: [file("commons-imageinfo.json")]),
      .init(
        path: "/w/api.php", match: "list=categorymembers",
        responses: [file("commons-categorymembers.json")]),
      .init(
        path: "/w/api.php", match: "action=wbgetentities",
        responses: [file("wikidata-wbgetentities.json")]),
    ]
  }

  func photoServices(_ server: LoopbackServer, cache: URL, policy: CachePolicy = .use)
    -> PlaceServices
  {
    services(
      server: server, cache: cache, policy: policy,
      extra: [
        "ITINERARY_COMMONS_URL": server.baseURL, "ITINERARY_WIKIDATA_URL": server.baseURL + "/",
        "ITINERARY_FLICKR_URL": server.baseURL, "FLICKR_API_KEY": Self.flickrKey,
      ])
  }

  @Test func commonsPhotosNearAPinCarryTheirAttribution() throws {
    let server = try LoopbackServer(commonsRoutes())
    let page = try photoServices(server, cache: cache).photos(near: pin, radiusKm: 0.5)
    #expect(page.photos.map(\.id) == (1...4).map { "commons:8123450\($0)" })
    #expect(!page.hasMore)
    let first = try #require(page.photos.first)
    #expect(first.author == "Example Photographer")
    #expect(first.licence == "CC BY-SA 4.0")
    #expect(
      first.attribution
        == "Example Photographer, CC BY-SA 4.0 <https://creativecommons.org/licenses/by-sa/4.0>, via Wikimedia Commons"
    )
    #expect(first.width == 6000 && first.height == 4000)
    #expect(first.thumbnail.hasPrefix("https://upload.wikimedia.org/wikipedia/commons/thumb/"))
    #expect(first.source == "commons")
    #expect(page.photos[1].author == "Anna Esimerkki & Matti Malli")
    #expect(
      page.photos[2].attribution == "Unknown photographer, Public domain, via Wikimedia Commons")
    let log = try server.stats().log.map(\.path)
    #expect(log.first?.contains("gsnamespace=6") == true)
    #expect(log.first?.contains("gsradius=500") == true)
    #expect(log.last?.contains("iiurlwidth=320") == true)
  }

  @Test func commonsPagesFollowEachOther() throws {
    let server = try LoopbackServer(commonsRoutes())
    let live = photoServices(server, cache: cache, policy: .bypass)
    let first = try live.photos(near: pin, page: 1, perPage: 2)
    let second = try live.photos(near: pin, page: 2, perPage: 2)
    let third = try live.photos(near: pin, page: 3, perPage: 2)
    #expect(first.photos.map(\.id) == ["commons:81234501", "commons:81234502"])
    #expect(second.photos.map(\.id) == ["commons:81234503", "commons:81234504"])
    #expect(first.hasMore && second.hasMore)
    #expect(third.photos.isEmpty && !third.hasMore)
    let asked = try server.stats().log.map(\.path).filter { $0.contains("geosearch") }
    #expect(asked.map { $0.contains("gslimit=2&") } == [true, false, false])
    #expect(asked.map { $0.contains("gslimit=4&") } == [false, true, false])
  }

  @Test func placeTagsGiveTheWikidataImageThenTheCategory() throws {
    let server = try LoopbackServer(commonsRoutes())
    let photos = try photoServices(server, cache: cache).photos(
      ofPlaceTags: ["wikidata": "Q754507", "name": "Ateneum"], at: pin, limit: 3)
    // The preferred P18 statement first; the category adds nothing new.
    #expect(photos.map(\.id) == ["commons:81234501", "commons:81234504"])
    let log = try server.stats().log.map(\.path)
    #expect(log.contains { $0.contains("ids=Q754507") })
    #expect(log.contains { $0.contains("cmtitle=Category%3AAteneum") })
    #expect(!log.contains { $0.contains("geosearch") })
  }

  @Test func tagsNameCommonsFilesAndCategories() {
    let named = CommonsPhotos.named(byTags: [
      "image": "https://commons.wikimedia.org/wiki/File:Helsinki_Cathedral_in_winter.jpg",
      "wikimedia_commons": "Category:Helsinki Cathedral",
    ])
    #expect(named.files == ["File:Helsinki_Cathedral_in_winter.jpg"])
    #expect(named.category == "Helsinki Cathedral")
    #expect(CommonsPhotos.named(byTags: ["image": "https://example.org/a.jpg"]).files.isEmpty)
    #expect(
      CommonsPhotos.normalizedTitle("file:helsinki_Cathedral.jpg") == "File:Helsinki Cathedral.jpg")
  }

  @Test func aPlaceWithoutTagsFallsBackToPhotosTakenNearIt() throws {
    let server = try LoopbackServer(commonsRoutes())
    let photos = try photoServices(server, cache: cache).photos(
      ofPlaceTags: [:], at: pin, limit: 2)
    #expect(photos.count == 2)
    #expect(try server.stats().log.first?.path.contains("gsradius=150") == true)
  }

  @Test func answersAreCachedAndFailuresAreNot() throws {
    let server = try LoopbackServer(
      commonsRoutes(geosearch: [
        .init(status: 503, body: "{}"), .init(status: 503, body: "{}"),
        .init(status: 503, body: "{}"), file("commons-geosearch.json"),
      ]))
    #expect {
      try photoServices(server, cache: cache).photos(near: pin)
    } throws: { error in
      let error = error as? ItineraryError
      return error?.kind.exitCode == 69
        && error?.message
          == "commons: photos near 60.170000,24.940000: HTTP 503 (server error) after 3 tries"
    }
    #expect(try server.stats().requests == 3)
    _ = try photoServices(server, cache: cache).photos(near: pin)
    let afterFetch = try server.stats().requests
    #expect(afterFetch == 5)
    _ = try photoServices(server, cache: cache).photos(near: pin)
    #expect(try server.stats().requests == afterFetch)
  }

  @Test func rateLimitsAndTimeoutsAreRetried() throws {
    let server = try LoopbackServer(
      commonsRoutes(geosearch: [
        .init(status: 429, body: "{}", headers: ["Retry-After": "0"]),
        .init(body: "{}", latency: 3), file("commons-geosearch.json"),
      ]))
    let page = try photoServices(server, cache: cache, policy: .bypass).photos(near: pin)
    #expect(page.photos.count == 4)
    #expect(try server.stats().log.filter { $0.path.contains("geosearch") }.count == 3)
  }

  @Test func flickrPagesCarryLicenceAndCredit() throws {
    let server = try LoopbackServer([
      .init(path: "/services/rest/", responses: [file("flickr-photos-search.json")])
    ])
    let page = try photoServices(server, cache: cache).photos(
      near: pin, radiusKm: 2, source: .flickr, page: 1, perPage: 2)
    #expect(page.photos.map(\.id) == ["flickr:53850123456", "flickr:53850999999"])
    #expect(page.hasMore)
    let first = try #require(page.photos.first)
    #expect(first.licence == "CC BY 2.0")
    #expect(first.url.hasSuffix("_b.jpg") && first.width == 1024)
    #expect(first.thumbnail.hasPrefix("https://live.staticflickr.com/"))
    #expect(
      first.attribution
        == "Photo: Example Traveller on Flickr, CC BY 2.0, https://www.flickr.com/photos/12345678@N02/53850123456"
    )
    #expect(page.photos[1].licence == "All Rights Reserved")
    let asked = try #require(try server.stats().log.first?.path)
    for part in [
      "method=flickr.photos.search", "lat=60.170000", "lon=24.940000", "radius=2.000",
      "page=1", "per_page=2", "nojsoncallback=1", "url_m",
    ] {
      #expect(asked.contains(part), "\(part)")
    }
    // The key went to Flickr, but never into the cache's file names or contents.
    #expect(asked.contains("api_key=\(Self.flickrKey)"))
    #expect(
      ServiceSession.cacheKey(service: "flickr", url: asked).contains(Self.flickrKey) == false)
    for file in try FileManager.default.subpathsOfDirectory(atPath: cache.path) {
      #expect(!file.contains(Self.flickrKey))
      let data = (try? Data(contentsOf: cache.appending(path: file))) ?? Data()
      #expect(!String(decoding: data, as: UTF8.self).contains(Self.flickrKey))
    }
  }

  @Test func aRefusedFlickrKeyIsExit69AndNeverShown() throws {
    let echo = #"{"stat": "fail", "code": 100, "message": "Invalid API Key \#(Self.flickrKey)"}"#
    for body in [
      try String(contentsOf: recordedURL("flickr-invalid-key.json"), encoding: .utf8), echo,
    ] {
      let server = try LoopbackServer([
        .init(path: "/services/rest/", responses: [.init(body: body)])
      ])
      let fresh = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: fresh) }
      do {
        _ = try photoServices(server, cache: fresh).photos(near: pin, source: .flickr)
        Issue.record("a refused key must fail")
      } catch {
        #expect(error.kind.exitCode == 69)
        #expect(error.message.hasPrefix("flickr: photos near 60.170000,24.940000: HTTP 200: "))
        #expect(!error.message.contains(Self.flickrKey))
      }
    }
  }

  @Test func flickrWithoutAKeyIsBadUsage() throws {
    let services = PlaceServices(environment: [:], cachePolicy: .bypass, warn: { _ in })
    #expect {
      try services.photos(near: pin, source: .flickr)
    } throws: { error in
      (error as? ItineraryError)?.message
        == "photos from flickr need FLICKR_API_KEY in the environment"
    }
  }

  @Test func markupBecomesPlainText() {
    #expect(MarkupText.plain("<a href=\"x\">A &amp; B</a>\n <i>C</i>") == "A & B C")
  }
}
