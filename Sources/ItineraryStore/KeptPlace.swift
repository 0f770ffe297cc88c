import Foundation

/// A place as the store keeps it, liked or in a collection: its id and name
/// for lists and look-ups, and the whole place as JSON, opaque to the store.
public struct KeptPlace: Sendable, Equatable {
  public var placeID: String
  public var name: String
  public var addedAt: Date
  public var payload: Data

  public init(placeID: String, name: String, addedAt: Date, payload: Data) {
    self.placeID = placeID
    self.name = name
    self.addedAt = addedAt
    self.payload = payload
  }

  /// Reads `placeID, name, added_at, payload` from a row.
  static func read(_ row: SQLiteStatement) -> KeptPlace {
    KeptPlace(placeID: row.text(0), name: row.text(1), addedAt: row.date(2), payload: row.data(3))
  }
}
