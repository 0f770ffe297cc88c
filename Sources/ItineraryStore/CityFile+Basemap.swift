import CSQLite
import ItineraryCore

extension CityFile {
  /// The basemap features of the rows (`CityFileWriter.basemapCell`) whose
  /// boxes meet the box from `southWest` to `northEast`, by kind (water,
  /// parks, buildings, then lines); none for a city imported without a
  /// basemap. Features are whole, not cut at the box, and those of a row
  /// may lie a little beyond it: a page draws a margin around its plans.
  ///
  /// - Parameter limit: at most this many rows, the first kinds first.
  /// - Throws: `ItineraryError` (data) for a feature whose points cannot be read.
  /// - Complexity: O(log n + k · points) for k features found of n.
  public func basemap(
    southWest: Coordinate, northEast: Coordinate, limit: Int = 10_000
  ) throws(ItineraryError) -> [BasemapFeature] {
    do throws(SQLiteError) {
      return try connection.withLock { statements throws(SQLiteError) in
        var malformed = false
        let features = try statements.database.rows(
          """
          SELECT f.kind, f.shape FROM basemap_boxes b JOIN basemap f ON f.id = b.id
          WHERE b.max_lat >= ? AND b.min_lat <= ? AND b.max_lon >= ? AND b.min_lon <= ?
          ORDER BY f.kind, f.id LIMIT ?
          """,
          [
            .real(southWest.lat), .real(northEast.lat), .real(southWest.lon),
            .real(northEast.lon), .int(limit),
          ]
        ) { row -> [BasemapFeature] in
          guard let kind = BasemapFeature.Kind(rawValue: row.int(0)),
            let shapes = BasemapShapeBlob.decode(row.data(1))
          else {
            malformed = true
            return []
          }
          return shapes.map { BasemapFeature(kind: kind, points: $0) }
        }
        if malformed {
          throw SQLiteError(code: SQLITE_CORRUPT, message: "a basemap feature cannot be read")
        }
        return Array(features.joined())
      }
    } catch {
      throw error.itineraryError(file: label)
    }
  }
}
