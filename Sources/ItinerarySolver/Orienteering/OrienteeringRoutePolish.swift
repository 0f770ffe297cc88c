import ItineraryCore

/// Makes each route of a trip the best one for the vertices the other
/// routes leave free: in turn, each route is solved exactly
/// (`OrienteeringLabelling`, the route itself the incumbent) on its day over
/// those vertices, and replaced when the optimum scores more, until a whole
/// pass gains nothing.
///
/// The heuristic's routes are rarely each at its best for the others when
/// the windows are narrow (a route of the Cordeau file pr10 with 4 routes
/// rises from 522 to 530, proven); with wide windows the proofs do not end,
/// and the polish stops at the first route it cannot prove.
public enum OrienteeringRoutePolish {
  /// The completion bound's work per route: a coarser bound than the
  /// proof's, built in a fraction of the time.
  static let boundWork = 1 << 24

  /// The trip polished: it stops at the first route whose proof does not
  /// end, with the routes improved before it; `nil` when that is the first
  /// route of all (no route's best can be proven in time: there is nothing
  /// to hope for from polishing this instance).
  ///
  /// - Parameters:
  ///   - memoryBudget: bytes each route's proof may take.
  ///   - routeDeadline: the deadline of each route's proof, asked for when
  ///     that proof starts.
  /// - Complexity: one labelling per route and pass (exponential in the
  ///   worst case, bounded by the deadlines), plus O(n^2) to build each
  ///   route's instance for n vertices.
  public static func polish(
    _ instance: OrienteeringInstance, routes: [[Int]], memoryBudget: Int = .max,
    routeDeadline: () -> Deadline
  ) -> [[Int]]? {
    var routes = routes
    let epsilon = 1e-9 * max(1, instance.scores.reduce(0) { $0 + abs($1) })
    var gained = true
    var proofs = 0
    while gained {
      gained = false
      for day in routes.indices {
        var taken = Array(repeating: false, count: instance.vertexCount)
        for (other, route) in routes.enumerated() where other != day {
          for vertex in route { taken[vertex] = true }
        }
        let free = (1..<instance.vertexCount).filter { !taken[$0] }
        var position = Array(repeating: 0, count: instance.vertexCount)
        for (index, vertex) in free.enumerated() { position[vertex] = index + 1 }
        let part = instance.restricted(to: free)
        let best = OrienteeringLabelling.solve(
          part, day: instance.days[day], incumbent: routes[day].map { position[$0] },
          deadline: routeDeadline(), boundWork: boundWork, memoryBudget: memoryBudget)
        guard best.proven else { return proofs > 0 ? routes : nil }
        proofs += 1
        if best.score > instance.score([routes[day]]) + epsilon {
          routes[day] = best.route.map { free[$0 - 1] }
          gained = true
        }
      }
    }
    return routes
  }
}
