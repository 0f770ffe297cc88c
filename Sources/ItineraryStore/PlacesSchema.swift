/// The two indexes every places database shares, the in-memory
/// `PlacesIndex` and a city's file alike: names completed as they are typed
/// and points found by box, each keyed by an integer row id.
enum PlacesSchema {
  /// FTS5 over names: no content of its own, prefixes of up to six
  /// characters indexed, case and accents ignored ("cafe" finds Café).
  static let names = """
    CREATE VIRTUAL TABLE names USING fts5(
      name, content = '', columnsize = 0, prefix = '1 2 3 4 5 6',
      tokenize = 'unicode61 remove_diacritics 2');
    """

  /// An R*Tree of points, each a box of no size.
  static let boxes =
    "CREATE VIRTUAL TABLE boxes USING rtree(id, min_lat, max_lat, min_lon, max_lon);"
}
