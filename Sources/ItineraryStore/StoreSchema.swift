/// The store's schema, oldest first. A new version is a new migration at the
/// end; a released migration never changes.
///
/// Requests, answers and places are opaque JSON bytes: the store keeps them
/// with the few columns it lists and finds them by, and knows nothing of the
/// types they encode.
enum StoreSchema {
  static let migrator = Migrator([historyAndPlans, likesAndCollections, albumPins])

  /// Version 1: the history of searches and plans, and saved plans.
  static let historyAndPlans = Migration(
    "history and saved plans",
    sql: """
      CREATE TABLE history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        summary TEXT NOT NULL,
        created_at REAL NOT NULL,
        request BLOB NOT NULL,
        answer BLOB NOT NULL
      );
      CREATE TABLE saved_plans (
        name TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
        summary TEXT NOT NULL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        payload BLOB NOT NULL
      );
      """)

  /// Version 2: liked places and named collections of places.
  static let likesAndCollections = Migration(
    "liked places and collections",
    sql: """
      CREATE TABLE liked_places (
        place_id TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        added_at REAL NOT NULL,
        payload BLOB NOT NULL
      );
      CREATE TABLE collections (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at REAL NOT NULL
      );
      CREATE TABLE collection_places (
        collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
        place_id TEXT NOT NULL,
        name TEXT NOT NULL,
        added_at REAL NOT NULL,
        payload BLOB NOT NULL,
        PRIMARY KEY (collection_id, place_id)
      );
      """)

  /// Version 3: photo albums. An album is a collection of photos (its
  /// places are photos) with the pin they were found around, so that a
  /// new set can be fetched for it later.
  static let albumPins = Migration(
    "photo albums",
    sql: """
      CREATE TABLE album_pins (
        collection_id INTEGER PRIMARY KEY REFERENCES collections (id) ON DELETE CASCADE,
        lat REAL NOT NULL,
        lon REAL NOT NULL,
        radius_km REAL NOT NULL,
        source TEXT NOT NULL,
        page INTEGER NOT NULL
      );
      """)
}
