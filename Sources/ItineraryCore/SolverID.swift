/// The solvers by name; the raw value is the name the output prints.
public enum SolverID: String, Sendable, Codable, CaseIterable {
  /// `OrderedSolver`: the dynamic program over the category layers.
  case orderedDP = "ordered-dp"
  /// `AnyOrderSolver` with its exact table over subsets of categories.
  case anyOrderHeldKarp = "any-order-held-karp"
  /// `AnyOrderSolver` with a category asked for more than once: the ordered
  /// solver in each distinct order of the categories.
  case anyOrderByOrder = "any-order-by-order"
  /// `AnyOrderSolver` past its table's limits: an order found heuristically.
  case anyOrderHeuristic = "any-order-heuristic"
  /// `TripSolver`: the engine chooses the places of a trip, by iterated
  /// local search and an exact labelling that proves the best.
  case tripLabelling = "trip-labelling"
  /// Every plan enumerated: the tests' oracle.
  case bruteForce = "brute-force"
  /// The integer programs solved by GLPK that check the others.
  case glpk
}
