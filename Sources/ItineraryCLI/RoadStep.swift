import Foundation
import ItineraryCore
import ItineraryPlaces

/// `plan --distances straight|osrm`: legs on the great circle (the contract's
/// default), or road distances and times from OSRM's `/table` service.
enum RoadStep {
  enum Distances: String, CaseIterable {
    case straight, osrm
  }

  static let options: [Arguments.Option] = [.value("distances")]

  static let help = """
      --distances straight|osrm
                               measure legs on the great circle (default), or by
                               road with OSRM (ITINERARY_OSRM_URL): the objective
                               then prices road kilometres, times are OSRM's
    """

  /// The most points one `/table` request may hold: OSRM's public server
  /// answers at most 100 coordinates, the start included.
  static let maxPoints = 100

  static func distances(_ arguments: Arguments) throws(ItineraryError) -> Distances {
    try arguments.choice("distances", default: Distances.straight)
  }

  /// The road table between `origin` and `places`, from OSRM with the
  /// profile of `mode`, through the services' cache.
  ///
  /// - Throws: `.unavailable` naming OSRM when the table cannot be had.
  static func table(
    origin: Coordinate, places: [Place], mode: TravelMode, services: PlaceServices,
    terminal: Terminal
  ) throws(ItineraryError) -> RoadTable {
    let points = [origin] + places.map(\.coordinate)
    terminal.writeError(
      "road distances from OSRM (\(OSRMTable.profile(for: mode)), \(points.count) points)\n")
    let matrix = try services.roadTable(points, mode: mode)
    do throws(ItineraryError) {
      return try RoadTable(
        kilometres: matrix.distancesKm,
        minutes: matrix.durationsSeconds.map { $0.map { $0.map { $0 / 60 } } }, source: "osrm")
    } catch {
      throw ItineraryError(.unavailable, error.message)
    }
  }

  /// At most `limit` of `places`, keeping every category's best-scored
  /// candidates: round after round, each category gives its next best place
  /// not yet kept, until the limit is reached. Says on stderr what was left out.
  ///
  /// - Returns: the places kept, in their original order.
  /// - Complexity: O(k * n log n) for k categories and n places.
  static func keepBest(
    _ places: [Place], categories: [String], limit: Int, terminal: Terminal
  ) -> [Place] {
    guard places.count > limit else { return places }
    let scores = places.map(Scoring.score(of:))
    let ranked = categories.map { name in
      places.indices.filter { places[$0].isEligible(for: name) }.sorted {
        scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1
      }
    }
    var kept = Set<Int>()
    var depth = 0
    while kept.count < limit, ranked.contains(where: { depth < $0.count }) {
      for list in ranked where depth < list.count && kept.count < limit {
        kept.insert(list[depth])
      }
      depth += 1
    }
    let perCategory = zip(categories, ranked).map { name, list in
      "\(list.count(where: kept.contains)) \(name)"
    }
    terminal.writeError(
      "OSRM tables hold at most \(limit + 1) points: keeping the best-scored \(kept.count) "
        + "of \(places.count) candidates (\(perCategory.joined(separator: ", ")))\n")
    return places.indices.filter(kept.contains).map { places[$0] }
  }
}
