import ItineraryCore

/// Every feasible plan, enumerated: the oracle the fast solvers are tested
/// against, and the small end of the benchmarks.
///
/// Ordered mode tries every choice of one place per category; any-order mode
/// also tries every order of the categories. Plans are distinct as place
/// sequences: a place eligible for two categories does not make two plans,
/// the better of its assignments counts.
/// A plan with a leg that has no road (on a road table) is not feasible, nor
/// with a time frame one whose simulated timeline does not fit.
///
/// - Complexity: O(k! * prod n_i * k) in any-order mode, O(prod n_i * k)
///   ordered, plus sorting the plans.
package struct BruteForceSolver {
  private let problem: Problem
  private let timing: Timing?

  package init(problem: Problem) {
    self.problem = problem
    timing = Timing(problem)
  }

  private func objective(of plan: Plan) -> Double {
    timing?.objective(of: plan) ?? problem.timelessObjective(of: plan)
  }

  /// Every feasible plan with its objective, best first.
  package func allPlans() -> [Solution.Ranked] {
    let eligible = problem.eligiblePlaces()
    let k = problem.categories.count
    let orders =
      switch problem.order {
      case .given: [Array(0..<k)]
      case .any: permutations(of: Array(0..<k))
      }
    // The best plan of each place sequence (with time, which category a
    // place fills can change its dwell), by its position in `plans`.
    var seen: [[Int]: Int] = [:]
    var plans: [Solution.Ranked] = []
    for order in orders {
      var stops: [Plan.Stop] = []
      func extend() {
        guard stops.count < k else {
          let plan = Plan(stops: stops)
          let objective = objective(of: plan)
          // Minus infinity: a leg has no road or it does not fit in time.
          guard objective > -.infinity else { return }
          let ranked = Solution.Ranked(plan: plan, objective: objective)
          if let earlier = seen[plan.places] {
            if objective > plans[earlier].objective { plans[earlier] = ranked }
          } else {
            seen[plan.places] = plans.count
            plans.append(ranked)
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
      let diversity = Diversity(stopCount: problem.categories.count)
      var earlier: [[Int]] = []
      for plan in plans where chosen.count < count {
        if diversity.admits(plan.plan.places, after: earlier) {
          chosen.append(plan)
          earlier.append(plan.plan.places)
        }
      }
    }
    return Solution(
      plans: chosen, solver: .bruteForce, optimal: true,
      reason: chosen.isEmpty ? "no feasible plan" : nil, work: ["plans": plans.count])
  }

  /// What is wrong with `found` as the answer to `.diverse(count)`, or `nil`:
  /// each plan must be feasible, carry its objective, be diverse from the
  /// plans before it and be the best such plan (of the tied best, any);
  /// fewer plans than asked only when no further diverse plan exists.
  ///
  /// - Complexity: that of `allPlans()`, plus O(count * P * count * k).
  package func diverseFlaw(of found: [Solution.Ranked], count: Int) -> String? {
    let plans = allPlans()
    let diversity = Diversity(stopCount: problem.categories.count)
    var earlier: [[Int]] = []
    for rank in 0..<count {
      let best = plans.first { diversity.admits($0.plan.places, after: earlier) }
      guard rank < found.count else {
        return best.map { "plan \(rank + 1) is missing; one of objective \($0.objective) exists" }
      }
      let plan = found[rank]
      guard let best else { return "plan \(rank + 1) should not exist" }
      guard problem.isFeasible(plan.plan), diversity.admits(plan.plan.places, after: earlier),
        plan.objective == objective(of: plan.plan)
      else { return "plan \(rank + 1) is infeasible, not diverse or misvalued" }
      guard abs(plan.objective - best.objective) <= 1e-9 * max(1, abs(best.objective)) else {
        return "plan \(rank + 1) has objective \(plan.objective); the best is \(best.objective)"
      }
      earlier.append(plan.plan.places)
    }
    return found.count > count ? "more plans than asked" : nil
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
