import Foundation
import ItineraryCore
import ItinerarySolver

/// Plans as an RFC 7946 GeoJSON `FeatureCollection` (contract section 5), for
/// any map: one `LineString` per plan from the start through its stops (and
/// back on a round trip), one `Point` per stop. Coordinates are `[lon, lat]`.
public enum GeoJSON {
  public static func encode(_ report: PlanReport) -> Data {
    let problem = report.problem
    var features: [[String: Any]] = []
    for (index, ranked) in report.solution.plans.enumerated() {
      let rank = index + 1
      let legs = report.legs(of: ranked.plan)
      let total = report.total(legs)
      var line = [problem.origin] + ranked.plan.stops.map { problem.places[$0.place].coordinate }
      if problem.roundTrip { line.append(problem.origin) }
      features.append(
        feature(
          geometry: ["type": "LineString", "coordinates": line.map(position)],
          properties: [
            "rank": rank, "objective": ranked.objective,
            "distanceKm": total.km, "durationMinutes": total.minutes,
            "roundTrip": problem.roundTrip,
            "distances": report.distances,
          ]))
      for (order, (stop, leg)) in zip(ranked.plan.stops, legs).enumerated() {
        let place = problem.places[stop.place]
        features.append(
          feature(
            geometry: ["type": "Point", "coordinates": position(place.coordinate)],
            properties: [
              "rank": rank, "order": order + 1, "id": place.id, "name": place.name,
              "category": problem.categories[stop.category], "score": Scoring.score(of: place),
              "legKm": leg.km, "legMinutes": leg.minutes,
            ]))
      }
    }
    let collection: [String: Any] = ["type": "FeatureCollection", "features": features]
    // Built from strings, finite numbers and booleans only, so it serializes.
    let data =
      (try? JSONSerialization.data(
        withJSONObject: collection, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      )) ?? Data()
    return data + Data("\n".utf8)
  }

  private static func position(_ coordinate: Coordinate) -> [Double] {
    [coordinate.lon, coordinate.lat]
  }

  private static func feature(geometry: [String: Any], properties: [String: Any]) -> [String: Any] {
    ["type": "Feature", "geometry": geometry, "properties": properties]
  }
}
