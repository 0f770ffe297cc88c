import ItineraryCore

/// The one entry point for solving: each kind of problem to its solver.
public enum Planner {
  /// The answer to `kind` within the options' time limit and memory: for
  /// plans, the plans `selection` asks for, best first (past the limit, the
  /// plans found so far, `complete` false).
  ///
  /// - Throws: `.data` for a planning problem no solver can work with
  ///   (`Problem.validate`), `.usage` for a trip without a time frame.
  /// - Complexity: that of the solver chosen (`OrderedSolver`,
  ///   `AnyOrderSolver`, `TripSolver`, `GTSPSolver`, `OrienteeringSolver`).
  public static func solve(_ kind: ProblemKind, options: SolveOptions = SolveOptions())
    throws(ItineraryError) -> SolverAnswer
  {
    try kind.problem?.validate()
    switch kind {
    case .ordered(let problem, let selection):
      return .plans(OrderedSolver(problem: problem).solve(selection, options: options))
    case .anyOrder(let problem, let selection):
      return .plans(AnyOrderSolver(problem: problem, options: options).solve(selection))
    case .trip(let problem):
      guard let trip = TripSolver.solve(problem, options: options) else {
        throw ItineraryError(.usage, "a trip needs a start and an end")
      }
      return .trip(trip)
    case .gtsp(let instance): return .tour(GTSPSolver.solve(instance, options: options))
    case .orienteering(let instance):
      return .orienteering(OrienteeringSolver.solve(instance, options: options))
    }
  }

  /// The plans `selection` asks for, for a problem of ranked plans (its
  /// exploration, if any, left aside).
  ///
  /// - Complexity: that of `OrderedSolver` or `AnyOrderSolver`.
  public static func solve(
    _ problem: Problem, _ selection: Selection, options: SolveOptions = SolveOptions()
  ) throws(ItineraryError) -> Solution {
    var plans = problem
    plans.exploration = nil
    guard case .plans(let solution) = try solve(ProblemKind(plans, selection), options: options)
    else { preconditionFailure("a problem without an exploration has plans") }
    return solution
  }
}
