import Foundation
import ItineraryCore
import ItinerarySolver

/// Everything printed about one run: the problem, the plans found, how long
/// finding them took, and how distances and times are shown.
public struct PlanReport: Sendable {
  public var problem: Problem
  public var solution: Solution
  /// Wall-clock milliseconds the solver took.
  public var millis: Double
  public var verification: Verification?
  public var mode: TravelMode
  /// Speed for leg times, in km/h.
  public var speedKmh: Double
  public var units: DistanceUnit
  /// Where the places came from, in words (`embedded city: central Helsinki`).
  public var provider: String?

  public init(
    problem: Problem, solution: Solution, millis: Double, verification: Verification? = nil,
    mode: TravelMode = .walk, speedKmh: Double? = nil, units: DistanceUnit = .metric,
    provider: String? = nil
  ) {
    self.problem = problem
    self.solution = solution
    self.millis = millis
    self.verification = verification
    self.mode = mode
    self.speedKmh = speedKmh ?? mode.defaultSpeedKmh
    self.units = units
    self.provider = provider
  }

  /// Minutes to cover `km` at the report's speed.
  func minutes(_ km: Double) -> Double { km / speedKmh * 60 }

  /// Each leg's distance in kilometres and time in minutes: the road table's
  /// durations when the problem has one, else the distance at the report's speed.
  ///
  /// - Complexity: O(k).
  func legs(of plan: Plan) -> [(km: Double, minutes: Double)] {
    let kilometres = problem.legsKm(of: plan)
    let minutes = problem.legsMinutes(of: plan) ?? kilometres.map(minutes)
    return Array(zip(kilometres, minutes))
  }

  /// A plan's total distance and time, from its `legs(of:)`.
  func total(_ legs: [(km: Double, minutes: Double)]) -> (km: Double, minutes: Double) {
    let km = legs.reduce(0) { $0 + $1.km }
    return (km, problem.roads == nil ? minutes(km) : legs.reduce(0) { $0 + $1.minutes })
  }

  /// How legs were measured: `straight` (great-circle) or the road table's source.
  var distances: String { problem.roads?.source ?? "straight" }
}

/// Kilometres or miles, for what people read; files keep kilometres.
public enum DistanceUnit: String, Sendable, CaseIterable {
  case metric, imperial

  public static let kmPerMile = 1.609344

  /// `km` in this unit, with its symbol.
  public func format(km: Double) -> String {
    switch self {
    case .metric: String(format: "%.2f km", km)
    case .imperial: String(format: "%.2f mi", km / Self.kmPerMile)
    }
  }
}
