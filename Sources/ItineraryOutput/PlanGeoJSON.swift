import Foundation
import ItineraryCore
import ItineraryPlanning

/// Plans as an RFC 7946 GeoJSON `FeatureCollection`, for any map: one
/// `LineString` per plan (a trip: per day) from the start through its stops
/// (and back on a round trip), along the streets with network distances,
/// one `Point` per stop. Coordinates are `[lon, lat]`.
public enum PlanGeoJSON {
  struct Collection: Encodable {
    var type = "FeatureCollection"
    var features: [Feature]
  }

  struct Feature: Encodable {
    var type = "Feature"
    var geometry: Geometry
    var properties: Properties
  }

  enum Geometry: Encodable {
    case point(Coordinate)
    case line([Coordinate])

    enum Keys: String, CodingKey { case type, coordinates }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      switch self {
      case .point(let point):
        try container.encode("Point", forKey: .type)
        try container.encode([point.lon, point.lat], forKey: .coordinates)
      case .line(let points):
        try container.encode("LineString", forKey: .type)
        try container.encode(points.map { [$0.lon, $0.lat] }, forKey: .coordinates)
      }
    }
  }

  /// The properties of a plan's line or of a stop's point.
  struct Properties: Encodable {
    /// A plan's rank, or a trip's day (from 1).
    var rank: Int
    var day: Int?
    // A plan's line.
    var objective: Double?
    var distanceKm: Double?
    var durationMinutes: Double?
    var roundTrip: Bool?
    var distances: String?
    var finish: String?
    /// A plan's total, or a stop's own.
    var waitMinutes: Double?
    // A stop's point.
    var order: Int?
    var id: String?
    var name: String?
    var category: String?
    var score: Double?
    var scoreSource: ScoreSource?
    var kind: String?
    var legKm: Double?
    var legMinutes: Double?
    var openingHours: String?
    var photoURL: String?
    var arrive: String?
    var begin: String?
    var leave: String?
    var hoursKnown: Bool?
  }

  /// - Complexity: O(total number of stops).
  public static func encode(_ response: PlanResponse) throws(ItineraryError) -> Data {
    var features: [Feature] = []
    for plan in response.plans {
      features += route(
        PlanVisits.line(
          from: response.origin, plan.stops, back: response.roundTrip,
          returnPath: plan.returnPath),
        Properties(
          rank: plan.rank, objective: plan.objective, distanceKm: plan.distanceKm,
          durationMinutes: plan.durationMinutes, roundTrip: response.roundTrip,
          distances: response.distances.rawValue, finish: plan.finish,
          waitMinutes: plan.waitMinutes),
        stops: plan.stops, rank: plan.rank, day: nil)
    }
    for (index, day) in (response.days ?? []).enumerated() {
      features += route(
        PlanVisits.line(from: response.origin, day.stops, back: true, returnPath: day.returnPath),
        Properties(
          rank: index + 1, day: index + 1, objective: day.objective,
          distanceKm: day.distanceKm, durationMinutes: day.durationMinutes, roundTrip: true,
          distances: response.distances.rawValue, finish: day.finish,
          waitMinutes: day.waitMinutes),
        stops: day.stops, rank: index + 1, day: index + 1)
    }
    return try ResponseJSON.encode(Collection(features: features))
  }

  /// A plan's or a day's line, then one point per stop, numbered from 1.
  private static func route(
    _ line: [Coordinate], _ properties: Properties, stops: [PlanResponse.Stop], rank: Int,
    day: Int?
  ) -> [Feature] {
    [Feature(geometry: .line(line), properties: properties)]
      + stops.enumerated().map { index, stop in
        Feature(
          geometry: .point(stop.coordinate),
          properties: stopProperties(stop, rank: rank, day: day, order: index + 1))
      }
  }

  private static func stopProperties(
    _ stop: PlanResponse.Stop, rank: Int, day: Int?, order: Int
  ) -> Properties {
    Properties(
      rank: rank, day: day, waitMinutes: stop.waitMinutes, order: order, id: stop.id,
      name: stop.name, category: stop.category, score: stop.score, scoreSource: stop.scoreSource,
      kind: stop.kind, legKm: stop.legKm,
      legMinutes: stop.legMinutes, openingHours: stop.openingHours, photoURL: stop.photoURL,
      arrive: stop.arrive, begin: stop.begin, leave: stop.leave, hoursKnown: stop.hoursKnown)
  }
}
