import ItineraryCore

/// A trip as an integer program with time variables, for `verify`: which
/// places each day visits, in which order, and when.
///
/// Columns, per day `d`: `x[d][i][j]`, binary, the day goes from vertex `i`
/// to `j` (0 is the origin); `y[d][i]`, binary, it visits place `i`;
/// `z[d][i][m]`, binary, that visit lies in open interval `m` (only those
/// long enough for it); continuous `b[d][i]`, when the visit begins,
/// `w[d][i]`, the wait before it, and `u[d][i]`, its position in the route.
///
/// Rows, per day: the origin left at most once and come back to as often;
/// a place visited is entered and left once (`sum_j x[d][j][i] = y[d][i] =
/// sum_j x[d][i][j]`) inside one of its intervals (`b >= open`, `b + dwell
/// <= close` of the interval chosen); `b[d][j] >= b[d][i] + dwell(i) +
/// t(i, j)` along each leg and `b[d][j] >= t(0, j)` from the origin, the
/// wait at least the begin less the arrival, the last visit back at the
/// origin by the day's end (big-M by the day's length); Miller-Tucker-Zemlin
/// rows on `u` against routes that never touch the origin. Over the trip:
/// each place at most once (a must place exactly once: a constraint, not
/// the solvers' bonus, which the objective leaves out), each category at
/// most `maxPerCategory` times; per day, at most the day's `maxStops` visits.
///
/// The objective is the trip's: scores, less `distanceWeight` per km of
/// `x`, less `waitWeight` per minute of `w`. Beginning a visit later than
/// it could never lowers the total wait, so the optimum is the trip's.
///
/// A person's day: a meal stop's intervals are those of each meal window
/// apart, each `z` of a covered window worth the meal bonus, and at most one
/// meal a window and day. Variety: for each day and category, continuous
/// `v[d][c][k]` in [0, 1] for its k-th stop that day, costing the penalty
/// times `k - 1`, summing to its stops that day; the costs grow with k, so
/// the cheapest are used first and the total is the day's. At most
/// `maxPerDay` stops of a category a day. (The model may begin a meal in a later window
/// than the first one it fits, which the trip does not: a relaxation, equal
/// to the trip's optimum but where that choice would pay.)
///
/// - Complexity: O(d * n^2) columns and rows for d days and n places, plus
///   one column per usable open interval; solved by branch and cut.
package enum TripModel {
  /// The most places (of positive score, visitable) the model is built for.
  package static let maxPlaces = 40

  /// How solving the model ended.
  package enum Outcome: Sendable {
    /// The proven best trip, one route a day, and GLPK's objective for it.
    case optimal(routes: [[Int]], objective: Double)
    case timeLimit
    case tooLarge
  }

  /// The best trip of `instance`, proven by GLPK before `deadline`.
  ///
  /// - Throws: `ItineraryError` when GLPK fails.
  package static func best(_ instance: TripInstance, until deadline: ContinuousClock.Instant?)
    throws(ItineraryError) -> Outcome
  {
    guard instance.vertexCount - 1 <= maxPlaces else { return .tooLarge }
    guard instance.vertexCount > 1 else { return .optimal(routes: [], objective: 0) }
    return try GLPK.serialized { () throws(ItineraryError) -> Outcome in
      let program = GLPKProblem()
      let model = build(instance, in: program)
      switch try program.solve(until: deadline) {
      case .timeLimit: return .timeLimit
      case .infeasible: return .optimal(routes: [], objective: 0)
      case .optimal(let objective, let values):
        return .optimal(routes: model.routes(values), objective: objective)
      }
    }
  }

  /// Where each day's leg columns are.
  private struct Columns {
    let n: Int
    /// First `x` column of each day; `x[d][i][j]` at `arcs[d] + i * n + j`
    /// (the diagonal columns exist, fixed at 0).
    let arcs: [Int32]

    /// The route of each day, read off the leg columns.
    func routes(_ values: [Double]) -> [[Int]] {
      arcs.map { first in
        var route: [Int] = []
        var at = 0
        while route.count < n {
          guard
            let next = (0..<n).first(where: {
              $0 != at && values[Int(first) - 1 + at * n + $0] > 0.5
            }),
            next != 0
          else { break }
          route.append(next)
          at = next
        }
        return route
      }
    }
  }

  private static func build(_ instance: TripInstance, in program: GLPKProblem) -> Columns {
    let n = instance.vertexCount
    var rows: [GLPKProblem.Row] = []
    var arcs: [Int32] = []
    var visits: [Int32] = []
    for day in 0..<instance.dayCount {
      // The meal stops' interval columns of each meal window.
      var meals = Array(repeating: [(Int32, Double)](), count: instance.mealWindows[day].count)
      let horizon = instance.horizons[day]
      let x = program.addBinaryColumns(
        objective: (0..<n * n).map { -instance.distanceWeight * instance.km($0 / n, $0 % n) })
      let y = program.addBinaryColumns(
        objective: (1..<n).map {
          instance.scores[$0] - (instance.isMust[$0] ? instance.mustBonus : 0)
        }
      )
      let b = program.addContinuousColumns(
        objective: Array(repeating: 0, count: n - 1), bounds: 0...horizon)
      let w = program.addContinuousColumns(
        objective: Array(repeating: -instance.waitWeight, count: n - 1), bounds: 0...horizon)
      let u = program.addContinuousColumns(
        objective: Array(repeating: 0, count: n - 1), bounds: 1...Double(max(n - 1, 1)))
      arcs.append(x)
      visits.append(y)
      func arc(_ i: Int, _ j: Int) -> Int32 { x + Int32(i * n + j) }
      func place(_ base: Int32, _ i: Int) -> Int32 { base + Int32(i - 1) }
      for i in 0..<n { rows.append(.init(terms: [(arc(i, i), 1)], bound: .fixed(0))) }
      let leave = (1..<n).map { (arc(0, $0), 1.0) }
      rows.append(.init(terms: leave, bound: .upper(1)))
      rows.append(.init(terms: leave + (1..<n).map { (arc($0, 0), -1.0) }, bound: .fixed(0)))
      for i in 1..<n {
        let dwell = instance.dwell[i]
        let into = (0..<n).filter { $0 != i }.map { (arc($0, i), 1.0) }
        let out = (0..<n).filter { $0 != i }.map { (arc(i, $0), 1.0) }
        rows.append(.init(terms: into + [(place(y, i), -1)], bound: .fixed(0)))
        rows.append(.init(terms: out + [(place(y, i), -1)], bound: .fixed(0)))
        // One open interval long enough holds the visit.
        let windowed: [(interval: OpenWindows.Interval, meal: Int)] =
          instance.isMeal[i]
          ? instance.mealOpen[day][i].enumerated().flatMap { meal, open in
            open.intervals.map { ($0, meal) }
          }
          : instance.windows[day][i].intervals.map { ($0, -1) }
        let long = windowed.filter { $0.interval.end - $0.interval.begin >= dwell }
        let intervals = long.map(\.interval)
        let z = program.addBinaryColumns(
          objective: long.map { entry in
            entry.meal >= 0 && instance.mealWindows[day][entry.meal].isCovered
              ? instance.mealBonus : 0
          })
        for (offset, entry) in long.enumerated() where entry.meal >= 0 {
          meals[entry.meal].append((z + Int32(offset), 1))
        }
        let chosen = intervals.indices.map { (z + Int32($0), 1.0) }
        rows.append(.init(terms: chosen + [(place(y, i), -1)], bound: .fixed(0)))
        rows.append(
          .init(
            terms: [(place(b, i), 1)]
              + intervals.enumerated().map { (z + Int32($0.offset), -$0.element.begin) },
            bound: .lower(0)))
        rows.append(
          .init(
            terms: [(place(b, i), 1), (place(y, i), dwell)]
              + intervals.enumerated().map { (z + Int32($0.offset), -$0.element.end) },
            bound: .upper(0)))
        // From the origin: begin after the leg, wait at least begin less arrival.
        let first = instance.travel(0, i)
        rows.append(.init(terms: [(place(b, i), 1), (arc(0, i), -first)], bound: .lower(0)))
        rows.append(
          .init(
            terms: [(place(w, i), 1), (place(b, i), -1), (arc(0, i), -horizon)],
            bound: .lower(-horizon - first)))
        // Back at the origin by the day's end.
        rows.append(
          .init(
            terms: [(place(b, i), 1), (arc(i, 0), dwell + instance.travel(i, 0))],
            bound: .upper(horizon)))
        for j in 1..<n where j != i {
          let step = dwell + instance.travel(i, j)
          rows.append(
            .init(
              terms: [(place(b, j), 1), (place(b, i), -1), (arc(i, j), -(step + horizon))],
              bound: .lower(-horizon)))
          rows.append(
            .init(
              terms: [
                (place(w, j), 1), (place(b, j), -1), (place(b, i), 1), (arc(i, j), -horizon),
              ],
              bound: .lower(-horizon - step)))
          rows.append(
            .init(
              terms: [(place(u, i), 1), (place(u, j), -1), (arc(i, j), Double(n - 1))],
              bound: .upper(Double(n - 2))))
        }
      }
      for terms in meals where terms.count > 1 {
        rows.append(.init(terms: terms, bound: .upper(1)))
      }
    }
    for i in 1..<n {
      rows.append(
        .init(
          terms: visits.map { ($0 + Int32(i - 1), 1.0) },
          bound: instance.isMust[i] ? .fixed(1) : .upper(1)))
    }
    if instance.varietyPenalty > 0 {
      for category in 0..<instance.categoryCount {
        let members = (1..<n).filter { instance.categories[$0] == category }
        guard members.count > 1 else { continue }
        for y in visits {
          let v = program.addContinuousColumns(
            objective: members.indices.map { -instance.varietyPenalty * Double($0) },
            bounds: 0...1)
          rows.append(
            .init(
              terms: members.indices.map { (v + Int32($0), 1.0) }
                + members.map { (y + Int32($0 - 1), -1.0) },
              bound: .fixed(0)))
        }
      }
    }
    for category in 0..<instance.categoryCount where instance.maxPerDay < .max {
      let members = (1..<n).filter { instance.categories[$0] == category }
      guard members.count > instance.maxPerDay else { continue }
      for y in visits {
        rows.append(
          .init(
            terms: members.map { (y + Int32($0 - 1), 1.0) },
            bound: .upper(Double(instance.maxPerDay))))
      }
    }
    for (day, y) in visits.enumerated() where instance.maxStops[day] < n - 1 {
      rows.append(
        .init(
          terms: (1..<n).map { (y + Int32($0 - 1), 1.0) },
          bound: .upper(Double(instance.maxStops[day]))))
    }
    if let limit = instance.maxPerCategory {
      for category in 0..<instance.categoryCount {
        let members = (1..<n).filter { instance.categories[$0] == category }
        guard members.count > limit else { continue }
        rows.append(
          .init(
            terms: visits.flatMap { y in members.map { (y + Int32($0 - 1), 1.0) } },
            bound: .upper(Double(limit))))
      }
    }
    program.loadRows(rows)
    return Columns(n: n, arcs: arcs)
  }
}
