import Foundation
import ItineraryCore

extension Store {
  /// Likes a place. Liking it again updates its name and JSON.
  ///
  /// - Returns: whether it was not liked before.
  /// - Throws: `ItineraryError` (usage) for an invalid id or name.
  @discardableResult
  public func like(
    placeID: String, name: String, payload: Data, at time: Date = Date()
  ) throws(ItineraryError) -> Bool {
    let placeID = try StoreName.validated(placeID, "place id")
    let name = try StoreName.validated(name, "place name")
    return try write { database in
      try database.run(
        "UPDATE liked_places SET name = ?, payload = ? WHERE place_id = ?",
        [.text(name), .blob(payload), .text(placeID)])
      guard database.changes == 0 else { return false }
      try database.run(
        "INSERT INTO liked_places (place_id, name, added_at, payload) VALUES (?, ?, ?, ?)",
        [.text(placeID), .text(name), .date(time), .blob(payload)])
      return true
    }
  }

  /// Stops liking a place.
  ///
  /// - Throws: `ItineraryError` (data) naming it, with near matches, when it is not liked.
  public func unlike(placeID: String) throws(ItineraryError) {
    try write { database in
      try database.run("DELETE FROM liked_places WHERE place_id = ?", [.text(placeID)])
      guard database.changes == 1 else {
        let known = try database.rows("SELECT place_id FROM liked_places") { $0.text(0) }
        throw StoreName.unknown(placeID, "liked place", known: known)
      }
    }
  }

  /// The liked places, the latest liked first.
  public func likedPlaces() throws(ItineraryError) -> [KeptPlace] {
    try perform { database in
      try database.rows(
        "SELECT place_id, name, added_at, payload FROM liked_places ORDER BY added_at DESC, rowid DESC",
        [], KeptPlace.read)
    }
  }
}
