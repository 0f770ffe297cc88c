import ItineraryCore

/// The one entry point for solving a planning problem: it picks the solver
/// the problem's mode needs.
public enum Planner {
  /// The plans `selection` asks for, best first.
  ///
  /// - Complexity: that of the solver chosen (`OrderedSolver` for ordered plans,
  ///   `AnyOrderSolver` for any-order ones).
  public static func solve(_ problem: Problem, _ selection: Selection) throws(ItineraryError)
    -> Solution
  {
    try problem.validate()
    if problem.anyOrder { return AnyOrderSolver(problem: problem).solve(selection) }
    return OrderedSolver(problem: problem).solve(selection)
  }
}
