import Foundation
import ItineraryCore

/// Where an album's photos were found: the pin, the radius, the photo
/// source and the page of results it holds.
public struct AlbumPin: Sendable, Equatable {
  public var lat: Double
  public var lon: Double
  public var radiusKm: Double
  /// `commons` or `flickr`.
  public var source: String
  /// 1-based.
  public var page: Int

  public init(lat: Double, lon: Double, radiusKm: Double, source: String, page: Int) {
    self.lat = lat
    self.lon = lon
    self.radiusKm = radiusKm
    self.source = source
    self.page = page
  }
}

/// A photo as an album keeps it: its id, a short name and its JSON.
public struct AlbumPhoto: Sendable, Equatable {
  public var id: String
  public var name: String
  public var payload: Data

  public init(id: String, name: String, payload: Data) {
    self.id = id
    self.name = name
    self.payload = payload
  }
}

extension Store {
  /// Keeps `photos` as the album `name`, found around `pin`: a new album
  /// (a collection of photos) when there is none, else the album's photos
  /// and pin replaced, all in one transaction.
  ///
  /// - Throws: `ItineraryError` (usage) for an invalid name, (data) when a
  ///   collection of places already has the name.
  public func saveAlbum(
    named name: String, pin: AlbumPin, photos: [AlbumPhoto], at time: Date = Date()
  ) throws(ItineraryError) {
    let name = try StoreName.validated(name, "album name")
    for photo in photos {
      _ = try StoreName.validated(photo.id, "photo id")
      _ = try StoreName.validated(photo.name, "photo name")
    }
    try write { database in
      let found = try database.rows(
        "SELECT c.id, c.name, p.collection_id FROM collections c "
          + "LEFT JOIN album_pins p ON p.collection_id = c.id WHERE c.name = ?", [.text(name)]
      ) { (id: $0.int64(0), name: $0.text(1), isAlbum: !$0.isNull(2)) }.first
      let id: Int64
      if let found {
        guard found.isAlbum else {
          throw ItineraryError(
            .data, "\"\(found.name)\" is a collection of places, not a photo album")
        }
        id = found.id
        try database.run(
          "DELETE FROM collection_places WHERE collection_id = ?", [.integer(id)])
        try database.run("DELETE FROM album_pins WHERE collection_id = ?", [.integer(id)])
      } else {
        try database.run(
          "INSERT INTO collections (name, created_at) VALUES (?, ?)", [.text(name), .date(time)])
        id = database.lastInsertRowID
      }
      try database.run(
        """
        INSERT INTO album_pins (collection_id, lat, lon, radius_km, source, page)
        VALUES (?, ?, ?, ?, ?, ?)
        """,
        [
          .integer(id), .real(pin.lat), .real(pin.lon), .real(pin.radiusKm), .text(pin.source),
          .int(pin.page),
        ])
      for (offset, photo) in photos.enumerated() {
        // Photos keep the order the service gave them.
        try database.run(
          """
          INSERT OR REPLACE INTO collection_places
            (collection_id, place_id, name, added_at, payload) VALUES (?, ?, ?, ?, ?)
          """,
          [
            .integer(id), .text(photo.id), .text(photo.name),
            .date(time.addingTimeInterval(Double(offset) * 1e-3)), .blob(photo.payload),
          ])
      }
    }
  }

  /// The album `name`: its pin and its photos, in the order they were kept.
  ///
  /// - Throws: `ItineraryError` (data) when there is no such album, naming
  ///   near matches, or when `name` is a collection of places.
  public func album(named name: String) throws(ItineraryError) -> (
    pin: AlbumPin, photos: [KeptPlace]
  ) {
    let pin = try perform { database in
      try database.rows(
        "SELECT p.lat, p.lon, p.radius_km, p.source, p.page FROM album_pins p "
          + "JOIN collections c ON c.id = p.collection_id WHERE c.name = ?", [.text(name)]
      ) {
        AlbumPin(
          lat: $0.double(0), lon: $0.double(1), radiusKm: $0.double(2), source: $0.text(3),
          page: $0.int(4))
      }.first
    }
    guard let pin else {
      let albums = try perform { database in
        try database.rows(
          "SELECT c.name FROM collections c JOIN album_pins p ON p.collection_id = c.id"
        ) { $0.text(0) }
      }
      throw StoreName.unknown(name, "album", known: albums)
    }
    return (pin, try collection(named: name))
  }

  /// Takes the photo `id` out of the album `name`.
  ///
  /// - Throws: `ItineraryError` (data) when there is no such album or photo.
  public func removePhoto(id: String, fromAlbum name: String) throws(ItineraryError) {
    _ = try album(named: name)
    try removePlace(placeID: id, fromCollection: name)
  }
}
