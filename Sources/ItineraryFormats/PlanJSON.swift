import Foundation
import ItineraryCore
import ItinerarySolver

/// The contract's JSON output (section 3).
public enum PlanJSON {
  struct Output: Encodable {
    var plans: [PlanOutput]
    var reason: String?
    var solver: SolverOutput
    var verify: VerifyOutput?
    var mode: String
    /// `straight` (great-circle) or `osrm` (road distances and times).
    var distances: String
    var origin: Coordinate
  }

  struct PlanOutput: Encodable {
    var rank: Int
    var objective: Double
    var distanceKm: Double
    var durationMinutes: Double
    var stops: [StopOutput]
    var returnKm: Double?
  }

  struct StopOutput: Encodable {
    var id: String
    var name: String
    var category: String
    var lat: Double
    var lon: Double
    var score: Double
    var legKm: Double
    var legMinutes: Double
    var address: String?
    var openingHours: String?
  }

  struct SolverOutput: Encodable {
    var name: String
    var millis: Double
    var optimal: Bool
    var work: [String: Int]
  }

  struct VerifyOutput: Encodable {
    var solver: String
    var objective: Double?
    var agrees: Bool
    var note: String?
  }

  /// The report as pretty-printed JSON, ending with a newline.
  ///
  /// Numbers are written in full (shortest round-trip form), so objectives
  /// and distances keep every significant digit the solver computed.
  public static func encode(_ report: PlanReport) -> Data {
    let problem = report.problem
    let plans = report.solution.plans.enumerated().map { index, ranked in
      let legs = report.legs(of: ranked.plan)
      let stops = zip(ranked.plan.stops, legs).map { stop, leg in
        let place = problem.places[stop.place]
        return StopOutput(
          id: place.id, name: place.name, category: problem.categories[stop.category],
          lat: place.coordinate.lat, lon: place.coordinate.lon, score: Scoring.score(of: place),
          legKm: leg.km, legMinutes: leg.minutes, address: place.address,
          openingHours: place.openingHours)
      }
      let total = report.total(legs)
      return PlanOutput(
        rank: index + 1, objective: ranked.objective, distanceKm: total.km,
        durationMinutes: total.minutes, stops: stops,
        returnKm: problem.roundTrip ? legs.last?.km : nil)
    }
    let output = Output(
      plans: plans, reason: report.solution.reason,
      solver: SolverOutput(
        name: report.solution.solver.rawValue, millis: report.millis,
        optimal: report.solution.optimal,
        work: report.solution.work),
      verify: report.verification.map {
        VerifyOutput(
          solver: $0.solver.rawValue, objective: $0.objective, agrees: $0.agrees, note: $0.note)
      },
      mode: report.mode.rawValue, distances: report.distances, origin: problem.origin)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every value here is finite and encodable, so this cannot fail.
    let data = (try? encoder.encode(output)) ?? Data("{}".utf8)
    return data + Data("\n".utf8)
  }
}
