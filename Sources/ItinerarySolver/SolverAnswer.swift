import ItineraryCore

/// What the solver of each `ProblemKind` answers.
public enum SolverAnswer: Sendable {
  /// Ranked plans, of ordered and any-order problems.
  case plans(Solution)
  /// A trip, one route a day.
  case trip(TripSolver.Result)
  /// A GTSPLIB file's tour.
  case tour(GTSPSolver.Result)
  /// An orienteering file's trip.
  case orienteering(OrienteeringSolver.Result)
}
