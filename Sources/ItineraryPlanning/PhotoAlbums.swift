import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStore

/// Photos near a pin kept as an album, the same way from every front end:
/// `photos --at LAT,LON --save ALBUM`, `photos album NAME [--new-set]` and
/// `PUT /v1/albums/{name}`. An album keeps its pin and the page of photos
/// it holds; each photo is kept as its JSON.
public enum PhotoAlbums {
  /// Photos per page, on the command line and over HTTP.
  public static let perPage = 10

  /// The page of photos `pin` names, from its source.
  ///
  /// - Throws: `.usage` for an unknown source, `.unavailable` naming the
  ///   photo service that fails.
  public static func page(_ pin: AlbumPin, services: PlaceServices) throws(ItineraryError)
    -> PhotoPage
  {
    try services.photos(
      near: Coordinate(lat: pin.lat, lon: pin.lon), radiusKm: pin.radiusKm,
      source: try PhotoSource.named(pin.source), page: pin.page, perPage: perPage)
  }

  /// Fetches the page `pin` names and keeps it as the album `name`,
  /// replacing the album's photos and pin when it exists.
  ///
  /// - Returns: the page kept.
  /// - Throws: what `page` and `Store.saveAlbum` throw.
  @discardableResult
  public static func save(
    named name: String, pin: AlbumPin, services: PlaceServices, store: Store
  ) throws(ItineraryError) -> PhotoPage {
    let page = try page(pin, services: services)
    try store.saveAlbum(named: name, pin: pin, photos: try kept(page.photos))
    return page
  }

  /// Replaces the album's photos with the next page around its pin, or
  /// with the first page again when there are no more.
  ///
  /// - Returns: the album's new pin, the page it now holds, and whether it
  ///   started over.
  public static func newSet(named name: String, services: PlaceServices, store: Store)
    throws(ItineraryError) -> (pin: AlbumPin, page: PhotoPage, startedOver: Bool)
  {
    var pin = try store.album(named: name).pin
    pin.page += 1
    var page = try page(pin, services: services)
    var startedOver = false
    if page.photos.isEmpty, pin.page > 1 {
      pin.page = 1
      page = try self.page(pin, services: services)
      startedOver = true
    }
    try store.saveAlbum(named: name, pin: pin, photos: try kept(page.photos))
    return (pin, page, startedOver)
  }

  /// The album `name`: its pin and its photos, in the order they were kept.
  ///
  /// - Throws: `.data` when there is no such album or a photo is unreadable.
  public static func album(named name: String, store: Store) throws(ItineraryError) -> (
    pin: AlbumPin, photos: [Photo]
  ) {
    let (pin, kept) = try store.album(named: name)
    let photos = try kept.map { photo throws(ItineraryError) in
      do {
        return try JSONDecoder().decode(Photo.self, from: photo.payload)
      } catch {
        throw ItineraryError(
          .data, "album \"\(name)\": photo \(photo.placeID) is unreadable in the store")
      }
    }
    return (pin, photos)
  }

  /// Photos as an album keeps them.
  public static func kept(_ photos: [Photo]) throws(ItineraryError) -> [AlbumPhoto] {
    try photos.map { photo throws(ItineraryError) in
      AlbumPhoto(id: photo.id, name: photo.id, payload: try encode(photo))
    }
  }

  /// `value` as JSON with sorted keys and slashes as they are.
  public static func encode<T: Encodable>(_ value: T) throws(ItineraryError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return try encoder.encode(value)
    } catch {
      throw ItineraryError(.failure, "photos: the answer could not be written as JSON")
    }
  }
}
