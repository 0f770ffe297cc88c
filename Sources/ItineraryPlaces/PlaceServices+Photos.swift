import Foundation
import ItineraryCore

extension PlaceServices {
  /// `ITINERARY_COMMONS_URL`, else Commons itself.
  var commonsPhotos: CommonsPhotos {
    CommonsPhotos(baseURL: baseURL("ITINERARY_COMMONS_URL", CommonsPhotos.defaultBaseURL))
  }

  /// `ITINERARY_WIKIDATA_URL`, else Wikidata itself.
  var wikidataURL: String { baseURL("ITINERARY_WIKIDATA_URL", WikidataImages.defaultBaseURL) }

  /// Flickr with `FLICKR_API_KEY` at `ITINERARY_FLICKR_URL`.
  ///
  /// - Throws: `.usage` when the key is missing.
  func flickrPhotos() throws(ItineraryError) -> FlickrPhotos {
    guard let key = try APIKey.read(environment["FLICKR_API_KEY"], variable: "FLICKR_API_KEY")
    else {
      throw ItineraryError(.usage, "photos from flickr need FLICKR_API_KEY in the environment")
    }
    return FlickrPhotos(
      apiKey: key, baseURL: baseURL("ITINERARY_FLICKR_URL", FlickrPhotos.defaultBaseURL))
  }

  /// Page `page` of photos within `radiusKm` of `point`, from `source`.
  ///
  /// - Throws: `.usage` (Flickr without a key), `.unavailable` naming the
  ///   service when it fails after its retries.
  public func photos(
    near point: Coordinate, radiusKm: Double = 1, source: PhotoSource = .commons, page: Int = 1,
    perPage: Int = 10
  ) throws(ItineraryError) -> PhotoPage {
    switch source {
    case .commons:
      return try commonsPhotos.near(
        point, radiusKm: radiusKm, page: page, perPage: perPage,
        session: session(for: "commons", maxRequestsInFlight: 4))
    case .flickr:
      return try flickrPhotos().near(
        point, radiusKm: radiusKm, page: page, perPage: perPage,
        session: session(for: "flickr", maxRequestsInFlight: 4))
    }
  }

  /// At most `limit` Commons photos of a place: those its tags name
  /// (`wikidata`, `wikimedia_commons`, `image`), else those taken within
  /// `radiusKm` of it.
  public func photos(
    ofPlaceTags tags: [String: String], at point: Coordinate, limit: Int = 3,
    radiusKm: Double = 0.15
  ) throws(ItineraryError) -> [Photo] {
    let commons = session(for: "commons", maxRequestsInFlight: 4)
    let tagged = try commonsPhotos.photos(
      tags: tags, limit: limit, wikidataURL: wikidataURL, session: commons,
      wikidataSession: session(for: "wikidata", maxRequestsInFlight: 4))
    guard tagged.isEmpty else { return tagged }
    return try commonsPhotos.near(
      point, radiusKm: radiusKm, page: 1, perPage: limit, session: commons
    ).photos
  }
}
