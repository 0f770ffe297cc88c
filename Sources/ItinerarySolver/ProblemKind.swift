import ItineraryCore

/// Every kind of problem the engine solves, each with what its solver
/// needs, decided once (`init(_:_:)`) and then only switched on.
public enum ProblemKind: Sendable {
  /// Plans through the categories in their given order.
  case ordered(Problem, Selection)
  /// Plans through the categories in any order.
  case anyOrder(Problem, Selection)
  /// A trip: which places, how many and in what order, one route a day.
  case trip(Problem)
  /// A GTSPLIB file: the shortest closed tour through one node of every cluster.
  case gtsp(GTSPInstance)
  /// An OPTW or TOPTW file: the most score its routes collect within the windows.
  case orienteering(OrienteeringInstance)

  /// The kind of `problem`: a trip when it has an exploration, else plans
  /// in the visiting order it asks for, as `selection` says.
  public init(_ problem: Problem, _ selection: Selection) {
    if problem.exploration != nil {
      self = .trip(problem)
    } else {
      switch problem.order {
      case .given: self = .ordered(problem, selection)
      case .any: self = .anyOrder(problem, selection)
      }
    }
  }

  /// The planning problem, for the kinds that have one.
  public var problem: Problem? {
    switch self {
    case .ordered(let problem, _), .anyOrder(let problem, _), .trip(let problem): problem
    case .gtsp, .orienteering: nil
    }
  }
}
