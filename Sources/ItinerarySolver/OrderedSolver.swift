import ItineraryCore

/// The exact solver for ordered plans: stop `i` fills category `i`.
///
/// One dynamic program over the category layers (`CompletionValues`) gives
/// every candidate its best completion; a best-first search (`PlanSearch`)
/// then reads the plans off in order of objective. The search enforces what
/// the dynamic program relaxes (a place fills one stop) and what diversity
/// demands, so the answers stay exact with places in several categories.
public struct OrderedSolver {
  private let problem: Problem
  private let values: CompletionValues

  /// - Parameter categoryOrder: the order in which to visit the problem's
  ///   categories (its own order by default).
  /// - Complexity: that of the dynamic program, see `CompletionValues`.
  public init(problem: Problem, categoryOrder: [Int]? = nil) {
    self.problem = problem
    values = CompletionValues(problem: problem, categoryOrder: categoryOrder)
    self.categoryOrder = categoryOrder ?? Array(problem.categories.indices)
  }

  private let categoryOrder: [Int]

  /// The plans the selection asks for, best first.
  ///
  /// - Complexity: O(k * (P + R) * log n) after the dynamic program, for P
  ///   plans produced and R prefixes rejected on the way (see `PlanSearch`).
  public func solve(_ selection: Selection) -> Solution {
    if let reason = problem.missingCategoryReason() {
      return Solution(plans: [], solver: "ordered-dp", optimal: true, reason: reason)
    }
    var found: [Solution.Ranked] = []
    var expanded = 0
    switch selection {
    case .top(let count):
      var search = PlanSearch(values: values)
      while found.count < count, let next = search.next() {
        found.append(ranked(next.places))
      }
      expanded = search.expanded
    case .diverse(let count):
      let allowed = problem.categories.count / 2
      while found.count < count {
        let earlier = found.map { Set($0.plan.places) }
        var search = PlanSearch(values: values) { prefix in
          earlier.allSatisfy { plan in prefix.count(where: plan.contains) <= allowed }
        }
        guard let next = search.next() else { break }
        expanded += search.expanded
        found.append(ranked(next.places))
      }
    }
    return Solution(
      plans: found, solver: "ordered-dp", optimal: true,
      reason: found.isEmpty ? "no plan fills every stop with a different place" : nil,
      work: ["distances": values.evaluations, "expanded": expanded]
    )
  }

  private func ranked(_ places: [Int]) -> Solution.Ranked {
    let plan = Plan(stops: zip(categoryOrder, places).map { Plan.Stop(category: $0, place: $1) })
    return Solution.Ranked(plan: plan, objective: problem.objective(of: plan))
  }
}
