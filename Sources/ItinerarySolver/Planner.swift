import ItineraryCore

/// The one entry point for solving a planning problem: it picks the solver
/// the problem's visiting order needs.
public enum Planner {
  /// The plans `selection` asks for, best first, within the options' time
  /// limit (past it, the plans found so far, `complete` false).
  ///
  /// - Complexity: that of the solver chosen (`OrderedSolver` for ordered plans,
  ///   `AnyOrderSolver` for any-order ones).
  public static func solve(
    _ problem: Problem, _ selection: Selection, options: SolveOptions = SolveOptions()
  ) throws(ItineraryError) -> Solution {
    try problem.validate()
    switch problem.order {
    case .given: return OrderedSolver(problem: problem).solve(selection, options: options)
    case .any: return AnyOrderSolver(problem: problem, options: options).solve(selection)
    }
  }
}
