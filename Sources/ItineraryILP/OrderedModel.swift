import ItineraryCore

/// The ordered problem (stop `i` fills category `i`) as an integer program:
/// a flow through one layer of places per stop.
///
/// Variables, all binary:
/// - `x[i][p]`: place `p` fills stop `i` (for every place eligible for category `i`);
/// - `y[i][p][q]`: the plan goes from `p` at stop `i` to `q` at stop `i + 1` (`p != q`).
///
/// Constraints:
/// - one place per stop: `sum_p x[i][p] = 1`;
/// - flow conservation: `sum_q y[i][p][q] = x[i][p]` for `i < k - 1`, and
///   `sum_p y[i-1][p][q] = x[i][q]` for `i > 0`;
/// - a place fills at most one stop: `sum_i x[i][p] <= 1` for every place
///   eligible for several categories.
///
/// Objective, exactly the documented one, with no constant term: `x[i][p]` earns
/// `score(p)`, less `w * d(origin, p)` when `i = 0` and less `w * d(p, origin)`
/// when `i = k - 1` on a round trip; `y[i][p][q]` costs `w * d(p, q)`.
/// Distances are `Problem.legKm(from:to:)` in the direction of travel, as in
/// `Problem.objective(of:)`: great-circle, or by road when the problem has a
/// road table. A leg with no road has no `y` variable; a first stop the
/// origin has no road to (or, on a round trip, a last stop with no road back)
/// is held at 0 by one more row.
///
/// With a time frame, `OrderedTimeRows` adds each visit's begin time, its
/// wait and its choice of opening interval.
///
/// - Complexity: O(sum n_i * n_(i+1)) variables and nonzeros to build, for
///   `n_i` places eligible for category `i`.
final class OrderedModel: PlanModel {
  private let program = GLPKProblem()
  private let problem: Problem
  /// `layers[i]` lists the places eligible for category `i`.
  private let layers: [[Int]]
  /// `stopColumn[i][p]` is the column of `x[i][p]`.
  private let stopColumn: [[Int: Int32]]

  init(problem: Problem) {
    self.problem = problem
    let layers = problem.eligiblePlaces()
    self.layers = layers
    let weight = problem.distanceWeight
    let scores = problem.scores()
    let last = layers.count - 1

    var stopColumn: [[Int: Int32]] = []
    var unreachable: [Int32] = []
    for (i, layer) in layers.enumerated() {
      var reachable: [Bool] = []
      let objective = layer.map { place in
        var value = scores[place]
        var legs: [Double?] = []
        if i == 0 { legs.append(problem.legKm(from: .origin, to: .place(place))) }
        if i == last, problem.roundTrip {
          legs.append(problem.legKm(from: .place(place), to: .origin))
        }
        for case let km? in legs { value -= weight * km }
        reachable.append(!legs.contains(nil))
        return value
      }
      let first = program.addBinaryColumns(objective: objective)
      stopColumn.append(
        Dictionary(uniqueKeysWithValues: layer.enumerated().map { ($1, first + Int32($0)) }))
      unreachable += reachable.indices.filter { !reachable[$0] }.map { first + Int32($0) }
    }
    self.stopColumn = stopColumn

    var rows: [GLPKProblem.Row] = layers.indices.map { i in
      GLPKProblem.Row(
        terms: layers[i].compactMap { stopColumn[i][$0] }.map { ($0, 1) }, bound: .fixed(1))
    }
    // Flow rows start as `-x[i][p]` and collect their `y` terms below.
    var outflow: [[Int: GLPKProblem.Row]] = layers.indices.dropLast().map { i in
      Self.flowRows(layers[i], stopColumn[i])
    }
    var inflow: [[Int: GLPKProblem.Row]] = layers.indices.dropFirst().map { i in
      Self.flowRows(layers[i], stopColumn[i])
    }
    var legs: [OrderedTimeRows.Leg] = []
    for i in layers.indices.dropLast() {
      for p in layers[i] {
        let targets = layers[i + 1].compactMap { q in
          q == p ? nil : problem.legKm(from: .place(p), to: .place(q)).map { (q, $0) }
        }
        let objective = targets.map { -weight * $0.1 }
        let first = program.addBinaryColumns(objective: objective)
        for (offset, (q, _)) in targets.enumerated() {
          let column = first + Int32(offset)
          outflow[i][p]?.terms.append((column, 1))
          inflow[i][q]?.terms.append((column, 1))
          legs.append(OrderedTimeRows.Leg(stop: i, from: p, to: q, column: column))
        }
      }
    }
    if !unreachable.isEmpty {
      rows.append(GLPKProblem.Row(terms: unreachable.map { ($0, 1) }, bound: .upper(0)))
    }
    for i in layers.indices.dropLast() {
      rows += layers[i].compactMap { outflow[i][$0] }
      rows += layers[i + 1].compactMap { inflow[i][$0] }
    }
    var stopsOfPlace: [Int: [Int32]] = [:]
    for (i, layer) in layers.enumerated() {
      for place in layer {
        if let column = stopColumn[i][place] { stopsOfPlace[place, default: []].append(column) }
      }
    }
    for place in stopsOfPlace.keys.sorted() {
      guard let columns = stopsOfPlace[place], columns.count > 1 else { continue }
      rows.append(GLPKProblem.Row(terms: columns.map { ($0, 1) }, bound: .upper(1)))
    }
    if let timing = Timing(problem) {
      rows += OrderedTimeRows.rows(
        timing, layers: layers, stopColumn: stopColumn, legs: legs, program: program)
    }
    program.loadRows(rows)
  }

  private static func flowRows(_ layer: [Int], _ columns: [Int: Int32]) -> [Int: GLPKProblem.Row] {
    var rows: [Int: GLPKProblem.Row] = [:]
    for place in layer {
      guard let column = columns[place] else { continue }
      rows[place] = GLPKProblem.Row(terms: [(column, -1)], bound: .fixed(0))
    }
    return rows
  }

  func best(until deadline: ContinuousClock.Instant?) throws(ItineraryError) -> ModelResult {
    switch try program.solve(until: deadline) {
    case .infeasible: return .noPlan
    case .timeLimit: return .timeLimit
    case .optimal(let objective, let values):
      var places: [Int] = []
      for (i, layer) in layers.enumerated() {
        guard
          let place = layer.first(where: { place in
            stopColumn[i][place].map { values[Int($0) - 1] > 0.5 } ?? false
          })
        else { throw ItineraryError(.failure, "GLPK: the solution leaves stop \(i + 1) empty") }
        places.append(place)
      }
      return .plan(Plan(places: places), objective: objective)
    }
  }

  func exclude(_ plan: Plan) {
    let terms = plan.stops.compactMap { stop in stopColumn[stop.category][stop.place] }
    program.addRow(
      GLPKProblem.Row(terms: terms.map { ($0, 1) }, bound: .upper(Double(terms.count - 1))))
  }

  func limitShared(with plan: Plan, atMost count: Int) {
    let terms = plan.places.flatMap { place in stopColumn.compactMap { $0[place] } }
    program.addRow(GLPKProblem.Row(terms: terms.map { ($0, 1) }, bound: .upper(Double(count))))
  }
}
