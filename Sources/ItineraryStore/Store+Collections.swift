import Foundation
import ItineraryCore

/// A named collection of places, as lists show it.
public struct CollectionSummary: Sendable, Equatable {
  /// Unique in the store, ignoring ASCII case.
  public var name: String
  /// How many places it holds.
  public var count: Int
  public var createdAt: Date
}

extension Store {
  /// Makes an empty collection called `name`.
  ///
  /// - Throws: `ItineraryError` (usage) for an invalid name, (data) when a
  ///   collection has that name.
  @discardableResult
  public func createCollection(named name: String, at time: Date = Date()) throws(ItineraryError)
    -> CollectionSummary
  {
    let name = try StoreName.validated(name, "collection name")
    let createdAt = Date(timeIntervalSince1970: time.timeIntervalSince1970)
    return try write { database in
      if let existing = try Self.collectionID(name, database) {
        throw Self.collectionNameTaken(existing.name)
      }
      try database.run(
        "INSERT INTO collections (name, created_at) VALUES (?, ?)", [.text(name), .date(createdAt)])
      return CollectionSummary(name: name, count: 0, createdAt: createdAt)
    }
  }

  /// Adds a place to the collection `name`; adding it again updates its
  /// name and JSON.
  ///
  /// - Returns: whether it was not in the collection before.
  /// - Throws: `ItineraryError` (usage) for an invalid id or place name,
  ///   (data) when there is no such collection.
  @discardableResult
  public func addPlace(
    placeID: String, name: String, payload: Data, toCollection collection: String,
    at time: Date = Date()
  ) throws(ItineraryError) -> Bool {
    let placeID = try StoreName.validated(placeID, "place id")
    let name = try StoreName.validated(name, "place name")
    return try write { database in
      let id = try Self.existingCollectionID(collection, database)
      try database.run(
        "UPDATE collection_places SET name = ?, payload = ? WHERE collection_id = ? AND place_id = ?",
        [.text(name), .blob(payload), .integer(id), .text(placeID)])
      guard database.changes == 0 else { return false }
      try database.run(
        """
        INSERT INTO collection_places (collection_id, place_id, name, added_at, payload)
        VALUES (?, ?, ?, ?, ?)
        """, [.integer(id), .text(placeID), .text(name), .date(time), .blob(payload)])
      return true
    }
  }

  /// Takes a place out of the collection `name`.
  ///
  /// - Throws: `ItineraryError` (data) when there is no such collection or
  ///   the place is not in it.
  public func removePlace(placeID: String, fromCollection collection: String)
    throws(ItineraryError)
  {
    try write { database in
      let id = try Self.existingCollectionID(collection, database)
      try database.run(
        "DELETE FROM collection_places WHERE collection_id = ? AND place_id = ?",
        [.integer(id), .text(placeID)])
      guard database.changes == 1 else {
        let known = try database.rows(
          "SELECT place_id FROM collection_places WHERE collection_id = ?", [.integer(id)]
        ) { $0.text(0) }
        throw StoreName.unknown(
          placeID, "place", known: known, context: " in collection \"\(collection)\"")
      }
    }
  }

  /// Every collection with how many places it holds, by name.
  public func collections() throws(ItineraryError) -> [CollectionSummary] {
    try perform { database in
      try database.rows(
        """
        SELECT c.name, count(p.place_id), c.created_at
        FROM collections c LEFT JOIN collection_places p ON p.collection_id = c.id
        GROUP BY c.id ORDER BY c.name
        """
      ) { CollectionSummary(name: $0.text(0), count: $0.int(1), createdAt: $0.date(2)) }
    }
  }

  /// The places of the collection `name`, in the order they were added.
  ///
  /// - Throws: `ItineraryError` (data) naming it, with near matches, when there is none.
  public func collection(named name: String) throws(ItineraryError) -> [KeptPlace] {
    try perform { database in
      let id = try Self.existingCollectionID(name, database)
      return try database.rows(
        """
        SELECT place_id, name, added_at, payload FROM collection_places
        WHERE collection_id = ? ORDER BY added_at, rowid
        """, [.integer(id)], KeptPlace.read)
    }
  }

  /// Gives the collection `name` the name `newName`.
  ///
  /// - Throws: `ItineraryError` (usage) for an invalid new name, (data) when
  ///   there is no such collection or the new name is another's.
  public func renameCollection(_ name: String, to newName: String) throws(ItineraryError) {
    let newName = try StoreName.validated(newName, "collection name")
    try write { database in
      let id = try Self.existingCollectionID(name, database)
      if let other = try Self.collectionID(newName, database), other.id != id {
        throw Self.collectionNameTaken(other.name)
      }
      try database.run(
        "UPDATE collections SET name = ? WHERE id = ?", [.text(newName), .integer(id)])
    }
  }

  /// Deletes the collection `name` and its list of places.
  ///
  /// - Throws: `ItineraryError` (data) naming it, with near matches, when there is none.
  public func deleteCollection(named name: String) throws(ItineraryError) {
    try write { database in
      let id = try Self.existingCollectionID(name, database)
      try database.run("DELETE FROM collections WHERE id = ?", [.integer(id)])
    }
  }

  private static func collectionID(_ name: String, _ database: SQLiteDatabase) throws
    -> (id: Int64, name: String)?
  {
    try database.rows("SELECT id, name FROM collections WHERE name = ?", [.text(name)]) {
      (id: $0.int64(0), name: $0.text(1))
    }.first
  }

  private static func existingCollectionID(_ name: String, _ database: SQLiteDatabase) throws
    -> Int64
  {
    if let found = try collectionID(name, database) { return found.id }
    let names = try database.rows("SELECT name FROM collections") { $0.text(0) }
    throw StoreName.unknown(name, "collection", known: names)
  }

  private static func collectionNameTaken(_ name: String) -> ItineraryError {
    ItineraryError(.data, "a collection named \"\(name)\" already exists")
  }
}
