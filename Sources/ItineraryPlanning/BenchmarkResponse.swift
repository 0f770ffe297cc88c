import ItineraryCore
import ItinerarySolver

/// The answer to a benchmark file: the integer objective (a GTSPLIB tour's
/// length, an OPTW trip's score), the tour with its nodes numbered from 1 as
/// in the file or the routes' vertex ids without the depot, whether the
/// objective is proven optimal, the milliseconds reading and solving took,
/// and the instance's name.
public struct BenchmarkResponse: Codable, Sendable, Equatable {
  public var objective: Int
  public var tour: [Int]?
  public var routes: [[Int]]?
  public var optimal: Bool
  public var millis: Double
  public var name: String

  /// The response of `answer`, which `instance` is the answer to.
  init(_ answer: SolverAnswer, instance: ProblemKind, millis: Double) {
    (tour, routes) = (nil, nil)
    self.millis = millis
    switch answer {
    case .tour(let result):
      objective = Int(result.tour.cost.rounded())
      tour = result.tour.nodes.map { $0 + 1 }
      optimal = result.tour.optimal
    case .orienteering(let result):
      objective = Int(result.trip.score.rounded())
      routes = result.trip.routes
      optimal = result.trip.optimal
    case .plans, .trip:
      preconditionFailure("a planning problem's answer is a PlanResponse")
    }
    switch instance {
    case .gtsp(let file): name = file.name
    case .orienteering(let file): name = file.name
    default: name = ""
    }
  }
}
