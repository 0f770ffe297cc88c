import ItineraryCore

/// Any-order plans as the best of the ordered plans in each of a few orders
/// of the categories: exact, since every plan visits its categories in one
/// of those orders.
///
/// The K best plans overall are among the K best of each order (a plan ranks
/// no lower in its own order than overall), so the top K merges the orders'
/// top K. Each diverse plan is the best, over the orders, of each order's
/// next diverse plan after the plans chosen so far. Cut short (by the clock
/// or the memory budget), it keeps what the orders found (an order stopped before its first plan
/// gives an unproven one), and says `optimal` only when one order's plans
/// were proven: the other orders' missing plans might have ranked higher.
///
/// - Complexity: one ordered solver per order: O(m * K) searches for m orders
///   and K plans.
struct OrderMerge {
  private let problem: Problem
  private let solvers: [OrderedSolver]
  private let deadline: Deadline
  private let maxNodes: Int

  init(problem: Problem, orders: [[Int]], deadline: Deadline, maxNodes: Int) {
    self.problem = problem
    solvers = orders.map { OrderedSolver(problem: problem, categoryOrder: $0) }
    self.deadline = deadline
    self.maxNodes = maxNodes
  }

  func solve(_ selection: Selection) -> Solution {
    var found: [Solution.Ranked] = []
    var complete = true
    var proven = true
    var cutReason: String?
    var work: [String: Int] = ["orders": solvers.count]
    func note(_ solution: Solution) {
      if !solution.complete, cutReason == nil { cutReason = solution.reason }
      complete = complete && solution.complete
      proven = proven && solution.optimal
      work.merge(solution.work, uniquingKeysWith: +)
    }
    switch selection {
    case .top(let count):
      var seen = Set<[Int]>()
      let solutions = solvers.map {
        $0.solve(.top(count), after: [], deadline: deadline, maxNodes: maxNodes)
      }
      solutions.forEach(note)
      let merged = solutions.flatMap(\.plans).sorted { $0.objective > $1.objective }
      for plan in merged where found.count < count && seen.insert(plan.plan.places).inserted {
        found.append(plan)
      }
    case .diverse(let count):
      while found.count < count {
        let next = solvers.compactMap { solver -> Solution.Ranked? in
          let solution = solver.solve(
            .diverse(found.count + 1), after: found, deadline: deadline, maxNodes: maxNodes)
          note(solution)
          return solution.plans.count > found.count ? solution.plans[found.count] : nil
        }
        guard let best = next.max(by: { $0.objective < $1.objective }) else { break }
        found.append(best)
        if !complete { break }
      }
    }
    let reason =
      complete
      ? (found.isEmpty ? problem.noPlanReason : nil) : cutReason ?? Solution.stoppedReason
    return Solution(
      plans: found, solver: .anyOrderByOrder, optimal: proven && (complete || solvers.count == 1),
      complete: complete, reason: reason, work: work)
  }
}

extension Problem {
  /// Every distinct order of the categories when one repeats (equal names
  /// are one category, filled in their given order) and there are at most
  /// `limit` orders; `nil` otherwise.
  ///
  /// - Complexity: O(m * k) for the m orders.
  func distinctOrders(atMost limit: Int) -> [[Int]]? {
    let names = categories.map { $0.lowercased() }
    var groups: [String: [Int]] = [:]
    var groupOrder: [String] = []
    for (index, name) in names.enumerated() {
      if groups[name] == nil { groupOrder.append(name) }
      groups[name, default: []].append(index)
    }
    guard groupOrder.count < names.count else { return nil }
    // k! / prod(m_i!), computed without overflow and abandoned past the limit.
    var count = 1.0
    var position = 0
    for name in groupOrder {
      for j in 1...(groups[name]?.count ?? 1) {
        position += 1
        count = count * Double(position) / Double(j)
      }
    }
    guard count <= Double(limit) else { return nil }
    var orders: [[Int]] = []
    var remaining = groupOrder.map { groups[$0] ?? [] }
    var order: [Int] = []
    func extend() {
      if order.count == names.count {
        orders.append(order)
        return
      }
      for group in remaining.indices where !remaining[group].isEmpty {
        order.append(remaining[group].removeFirst())
        extend()
        remaining[group].insert(order.removeLast(), at: 0)
      }
    }
    extend()
    return orders
  }
}
