import CSQLite
import ItineraryCore
import ItineraryStreets

extension CityFile {
  /// The city's street network, or `nil` for a city imported without one.
  ///
  /// - Throws: `ItineraryError` (data) for a network that does not hold together.
  /// - Complexity: O(junctions + points of the streets).
  public func streets() throws(ItineraryError) -> StreetNetwork? {
    let read: (junctions: [Coordinate], edges: [StreetNetwork.Edge], shapes: [Coordinate])
    do throws(SQLiteError) {
      read = try connection.withLock { statements throws(SQLiteError) in
        let database = statements.database
        let junctions = try database.rows("SELECT lat, lon FROM street_junctions ORDER BY id") {
          Coordinate(lat: $0.double(0), lon: $0.double(1))
        }
        var edges: [StreetNetwork.Edge] = []
        var shapes: [Coordinate] = []
        var malformed = false
        _ = try database.rows(
          "SELECT source, target, metres, access, shape FROM street_edges ORDER BY id"
        ) { row in
          let (from, to) = (row.int(0), row.int(1))
          guard junctions.indices.contains(from), junctions.indices.contains(to),
            let between = StreetShapeBlob.decode(row.data(4))
          else {
            malformed = true
            return
          }
          let start = Int32(shapes.count)
          shapes.append(junctions[from])
          shapes.append(contentsOf: between)
          shapes.append(junctions[to])
          edges.append(
            StreetNetwork.Edge(
              from: Int32(from), to: Int32(to), metres: row.double(2),
              access: StreetAccess(rawValue: UInt8(truncatingIfNeeded: row.int(3))),
              shape: start..<Int32(shapes.count)))
        }
        if malformed {
          throw SQLiteError(code: SQLITE_CORRUPT, message: "a street names no junction")
        }
        return (junctions, edges, shapes)
      }
    } catch {
      throw error.itineraryError(file: label)
    }
    guard !read.edges.isEmpty else { return nil }
    return try StreetNetwork(junctions: read.junctions, edges: read.edges, shapes: read.shapes)
  }
}
