import CSQLite
import Foundation
import ItineraryCore
import ItineraryStreets

extension CityFile {
  /// The rows of a city's streets, as read.
  private struct StreetRows {
    var junctions: [Coordinate] = []
    var edges: [StreetNetwork.Edge] = []
    var shapes: [Coordinate] = []
    var hierarchies: [(mode: String, ranks: Data, shortcuts: Data)] = []
  }

  /// The city's street network with its modes' hierarchies, or `nil` for a
  /// city imported without one.
  ///
  /// - Throws: `ItineraryError` (data) for a network that does not hold together.
  /// - Complexity: O(junctions + points of the streets + shortcuts).
  public func streets() throws(ItineraryError) -> StreetNetwork? {
    let read: StreetRows
    do throws(SQLiteError) {
      read = try connection.withLock { statements throws(SQLiteError) in
        let database = statements.database
        var read = StreetRows()
        read.junctions = try database.rows("SELECT lat, lon FROM street_junctions ORDER BY id") {
          Coordinate(lat: $0.double(0), lon: $0.double(1))
        }
        var malformed = false
        _ = try database.rows(
          "SELECT source, target, metres, access, shape FROM street_edges ORDER BY id"
        ) { row in
          let (from, to) = (row.int(0), row.int(1))
          guard read.junctions.indices.contains(from), read.junctions.indices.contains(to),
            let between = StreetShapeBlob.decode(row.data(4))
          else {
            malformed = true
            return
          }
          let start = Int32(read.shapes.count)
          read.shapes.append(read.junctions[from])
          read.shapes.append(contentsOf: between)
          read.shapes.append(read.junctions[to])
          read.edges.append(
            StreetNetwork.Edge(
              from: Int32(from), to: Int32(to), metres: row.double(2),
              access: StreetAccess(rawValue: UInt8(truncatingIfNeeded: row.int(3))),
              shape: start..<Int32(read.shapes.count)))
        }
        if malformed {
          throw SQLiteError(code: SQLITE_CORRUPT, message: "a street names no junction")
        }
        read.hierarchies = try database.rows(
          "SELECT mode, ranks, shortcuts FROM street_hierarchies ORDER BY mode"
        ) { ($0.text(0), $0.data(1), $0.data(2)) }
        return read
      }
    } catch {
      throw error.itineraryError(file: label)
    }
    guard !read.edges.isEmpty else { return nil }
    do throws(ItineraryError) {
      var network = try StreetNetwork(
        junctions: read.junctions, edges: read.edges, shapes: read.shapes)
      for (name, ranks, shortcuts) in read.hierarchies {
        guard let mode = TravelMode(rawValue: name) else { continue }
        network.shortcutSets[mode] = try StreetHierarchyBlob.decode(
          ranks: ranks, shortcuts: shortcuts, junctions: network.junctions.count)
      }
      return network
    } catch {
      throw ItineraryError(.data, "\(label): \(error.message)")
    }
  }
}
