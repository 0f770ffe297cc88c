import Foundation
import ItineraryCore
import ItineraryPlaces
import ItineraryStreets
import Synchronization

/// The process's tables of legs between every place of a city
/// (`StreetPlaceTable`), one per city and mode, made on the second request
/// that needs one: a process that plans once (the command line) measures
/// only its candidates, one that plans again and again (a batch, a server)
/// measures a city once and then only each request's start. The answers are
/// the same either way.
enum StreetTables {
  private struct Key: Hashable {
    var city: String
    var mode: TravelMode
  }

  private enum Entry {
    case asked
    case made(StreetPlaceTable)
  }

  private static let tables = Mutex<[Key: Entry]>([:])

  /// The table of `source`'s places for `mode`, when one is kept or this is
  /// the second request for it; `nil` for a live provider, a city of more
  /// than `StreetPlaceTable.maximumPlaces` places, or a first request.
  ///
  /// - Complexity: O(1), or the table's making once.
  static func table(
    for source: CandidateSource, network: StreetNetwork, mode: TravelMode
  ) throws(ItineraryError) -> StreetPlaceTable? {
    let city: String
    switch source {
    case .embedded(let embedded): city = "embedded \(embedded.name)"
    case .imported(let file):
      city = "\(file.summary.name) \(file.summary.importedAt.timeIntervalSince1970)"
    case .live: return nil
    }
    let key = Key(city: city, mode: mode)
    let made: StreetPlaceTable?? = tables.withLock { tables in
      switch tables[key] {
      case .made(let table): return .some(table)
      case .asked: return .none
      case nil:
        tables[key] = .asked
        return .some(nil)
      }
    }
    if let made { return made }
    let places: [Place]
    switch source {
    case .embedded(let embedded): places = embedded.places
    case .imported(let file): places = try file.places()
    case .live: return nil
    }
    guard places.count <= StreetPlaceTable.maximumPlaces else { return nil }
    let table = StreetPlaceTable(
      StreetGraph(network, mode: mode), places: places.map { ($0.id, $0.coordinate) })
    tables.withLock { $0[key] = .made(table) }
    return table
  }
}
