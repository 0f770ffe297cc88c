import Foundation
import ItineraryCore
import ItineraryPlaces

/// Road distances: the road table between the start and the candidates,
/// from OSRM's `/table` service, within what one table may hold.
enum RoadStep {
  /// The most points one `/table` request may hold: OSRM's public server
  /// answers at most 100 coordinates, the start included.
  static let maxPoints = 100

  /// The road table between `origin` and `places`, from OSRM with the
  /// profile of `mode`, through the services' cache.
  ///
  /// - Throws: `.unavailable` naming OSRM when the table cannot be had.
  static func table(
    origin: Coordinate, places: [Place], mode: TravelMode, services: PlaceServices,
    notify: (Notice) -> Void
  ) throws(ItineraryError) -> RoadTable {
    let points = [origin] + places.map(\.coordinate)
    notify(
      .info(
        "road distances from OSRM (\(OSRMTable.profile(for: mode)), \(points.count) points)"))
    let matrix = try services.roadTable(points, mode: mode)
    if let credit = services.roadAttribution(for: mode) { notify(.info(credit)) }
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
  /// not yet kept, until the limit is reached. Tells `notify` what was left out.
  ///
  /// - Returns: the places kept, in their original order.
  /// - Complexity: O(k * n log n) for k categories and n places.
  static func keepBest(
    _ places: [Place], categories: [String], limit: Int, notify: (Notice) -> Void
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
    notify(
      .info(
        "OSRM tables hold at most \(limit + 1) points: keeping the best-scored \(kept.count) "
          + "of \(places.count) candidates (\(perCategory.joined(separator: ", ")))"))
    return places.indices.filter(kept.contains).map { places[$0] }
  }
}
