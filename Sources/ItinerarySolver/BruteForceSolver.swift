import ItineraryCore

/// Every feasible plan, enumerated: the oracle the fast solvers are tested
/// against, and the small end of the benchmarks.
///
/// Ordered mode tries every choice of one place per category; any-order mode
/// also tries every order of the categories. Plans are distinct as place
/// sequences: a place eligible for two categories does not make two plans.
/// A plan with a leg that has no road (on a road table) is not feasible.
///
/// - Complexity: O(k! * prod n_i * k) in any-order mode, O(prod n_i * k)
///   ordered, plus sorting the plans.
package struct BruteForceSolver {
  private let problem: Problem

  package init(problem: Problem) { self.problem = problem }

  /// Every feasible plan with its objective, best first.
  package func allPlans() -> [Solution.Ranked] {
    let eligible = problem.eligiblePlaces()
    let k = problem.categories.count
    let orders = problem.anyOrder ? permutations(of: Array(0..<k)) : [Array(0..<k)]
    var seen = Set<[Int]>()
    var plans: [Solution.Ranked] = []
    for order in orders {
      var stops: [Plan.Stop] = []
      func extend() {
        guard stops.count < k else {
          let plan = Plan(stops: stops)
          let objective = problem.objective(of: plan)
          // Minus infinity: a leg has no road, so this is no plan.
          if objective > -.infinity, seen.insert(plan.places).inserted {
            plans.append(Solution.Ranked(plan: plan, objective: objective))
          }
          return
        }
        let category = order[stops.count]
        for place in eligible[category] where !stops.contains(where: { $0.place == place }) {
          stops.append(Plan.Stop(category: category, place: place))
          extend()
          stops.removeLast()
        }
      }
      extend()
    }
    return plans.sorted { $0.objective > $1.objective }
  }

  package func solve(_ selection: Selection) -> Solution {
    let plans = allPlans()
    var chosen: [Solution.Ranked] = []
    switch selection {
    case .top(let count):
      chosen = Array(plans.prefix(count))
    case .diverse(let count):
      let allowed = problem.categories.count / 2
      for plan in plans where chosen.count < count {
        let places = Set(plan.plan.places)
        if chosen.allSatisfy({ $0.plan.places.count(where: places.contains) <= allowed }) {
          chosen.append(plan)
        }
      }
    }
    return Solution(
      plans: chosen, solver: "brute-force", optimal: true,
      reason: chosen.isEmpty ? "no feasible plan" : nil, work: ["plans": plans.count])
  }

  private func permutations(of items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { i in
      var rest = items
      let first = rest.remove(at: i)
      return permutations(of: rest).map { [first] + $0 }
    }
  }
}
