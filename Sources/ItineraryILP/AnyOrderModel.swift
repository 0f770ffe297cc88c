import ItineraryCore

/// The any-order problem as an integer program: a generalized travelling
/// salesman tour from the origin through one place per category.
///
/// Nodes are the origin and every place eligible for some category.
/// Variables, all binary:
/// - `z[p][c]`: place `p` fills category `c` (for every eligible pair);
/// - `a[u][v]`: the plan goes from node `u` to node `v` (`u != v`).
///
/// Constraints, with `used(p) = sum_c z[p][c]`:
/// - one place per category: `sum_p z[p][c] = 1`;
/// - a place fills at most one category: `used(p) <= 1`;
/// - degrees: `sum_v a[p][v] = used(p) = sum_u a[u][p]`, and the origin has
///   one arc out and one arc in;
/// - no subtour: for every set `S` of places and `q` in `S`,
///   `sum_{u, v in S} a[u][v] <= sum_{p in S, p != q} used(p)`, added lazily
///   in GLPK's branch-and-cut callback for the sets that LP solutions violate
///   (the components of their support that miss the origin). Every integer
///   solution with a subtour violates one, so none is ever accepted.
///
/// An open path is a tour whose arcs back to the origin cost nothing.
/// Objective, exactly the documented one, with no constant term: `z[p][c]` earns
/// `score(p)`; `a[u][v]` costs `w * d(u, v)` (`Problem.legKm(from:to:)` in the
/// direction of travel: great-circle, or by road when the problem has a road
/// table), except arcs into the origin when not a round trip. Arcs with no
/// road are held at 0 by one more row.
///
/// - Complexity: O(m^2 + sum n_c) variables and nonzeros to build, for `m`
///   eligible places; each round of lazy rows is O(m^2).
final class AnyOrderModel: PlanModel {
  private let program = GLPKProblem()
  private let problem: Problem
  /// The eligible places; node `j + 1` is `nodes[j]`, node 0 the origin.
  private let nodes: [Int]
  /// `assignColumn[c][p]` is the column of `z[p][c]`.
  private let assignColumn: [[Int: Int32]]
  /// `arcColumn[u][v]` is the column of `a[u][v]`, or 0 when `u == v`.
  private let arcColumn: [[Int32]]

  init(problem: Problem) {
    self.problem = problem
    let eligible = problem.eligiblePlaces()
    let nodes = Array(Set(eligible.joined())).sorted()
    self.nodes = nodes
    let scores = problem.scores()
    let weight = problem.distanceWeight
    let points = [Waypoint.origin] + nodes.map { .place($0) }

    var assignColumn: [[Int: Int32]] = []
    for layer in eligible {
      let first = program.addBinaryColumns(objective: layer.map { scores[$0] })
      assignColumn.append(
        Dictionary(uniqueKeysWithValues: layer.enumerated().map { ($1, first + Int32($0)) }))
    }
    self.assignColumn = assignColumn

    var arcColumn: [[Int32]] = []
    var unreachable: [Int32] = []
    for u in points.indices {
      let targets = points.indices.filter { $0 != u }
      let lengths = targets.map { v in
        v == 0 && !problem.roundTrip ? 0 : problem.legKm(from: points[u], to: points[v])
      }
      let first = program.addBinaryColumns(objective: lengths.map { -weight * ($0 ?? 0) })
      var row = Array(repeating: Int32(0), count: points.count)
      for (offset, v) in targets.enumerated() {
        row[v] = first + Int32(offset)
        if lengths[offset] == nil { unreachable.append(row[v]) }
      }
      arcColumn.append(row)
    }
    self.arcColumn = arcColumn

    var rows: [GLPKProblem.Row] = eligible.indices.map { c in
      GLPKProblem.Row(
        terms: eligible[c].compactMap { assignColumn[c][$0] }.map { ($0, 1) }, bound: .fixed(1))
    }
    let nodeIndices = points.indices
    rows.append(
      GLPKProblem.Row(
        terms: nodeIndices.dropFirst().map { (arcColumn[0][$0], 1) }, bound: .fixed(1)))
    rows.append(
      GLPKProblem.Row(
        terms: nodeIndices.dropFirst().map { (arcColumn[$0][0], 1) }, bound: .fixed(1)))
    if !unreachable.isEmpty {
      rows.append(GLPKProblem.Row(terms: unreachable.map { ($0, 1) }, bound: .upper(0)))
    }
    for (j, place) in nodes.enumerated() {
      let node = j + 1
      let uses = assignColumn.compactMap { $0[place] }
      let negatedUses = uses.map { ($0, -1.0) }
      let others = nodeIndices.filter { $0 != node }
      rows.append(
        GLPKProblem.Row(
          terms: others.map { (arcColumn[node][$0], 1) } + negatedUses, bound: .fixed(0)))
      rows.append(
        GLPKProblem.Row(
          terms: others.map { (arcColumn[$0][node], 1) } + negatedUses, bound: .fixed(0)))
      if uses.count > 1 {
        rows.append(GLPKProblem.Row(terms: uses.map { ($0, 1) }, bound: .upper(1)))
      }
    }
    program.loadRows(rows)
  }

  func best(until deadline: ContinuousClock.Instant?) throws(ItineraryError) -> ModelResult {
    let outcome = try program.solve(until: deadline) { value in self.subtourRows(value) }
    switch outcome {
    case .infeasible: return .noPlan
    case .timeLimit: return .timeLimit
    case .optimal(let objective, let values):
      return .plan(try plan(from: { values[Int($0) - 1] }), objective: objective)
    }
  }

  /// The plan an integer solution describes: the tour from the origin.
  private func plan(from value: (Int32) -> Double) throws(ItineraryError) -> Plan {
    var stops: [Plan.Stop] = []
    var node = 0
    for _ in problem.categories.indices {
      guard
        let next = arcColumn[node].indices.first(where: {
          $0 != node && value(arcColumn[node][$0]) > 0.5
        }),
        next != 0
      else { break }
      let place = nodes[next - 1]
      guard
        let category = assignColumn.indices.first(where: { c in
          assignColumn[c][place].map { value($0) > 0.5 } ?? false
        })
      else { break }
      stops.append(Plan.Stop(category: category, place: place))
      node = next
    }
    guard stops.count == problem.categories.count,
      value(arcColumn[node][0]) > 0.5
    else {
      throw ItineraryError(.failure, "GLPK: the solution is not one tour through every category")
    }
    return Plan(stops: stops)
  }

  /// The subtour constraints an LP solution violates: one per connected
  /// component of its support (arcs of positive value) that misses the origin.
  private func subtourRows(_ value: (Int32) -> Double) -> [GLPKProblem.Row] {
    let count = arcColumn.count
    var support = Array(repeating: [Int](), count: count)
    for u in 0..<count {
      for v in 0..<count where u != v && value(arcColumn[u][v]) > 1e-6 {
        support[u].append(v)
        support[v].append(u)
      }
    }
    var component = Array(repeating: -1, count: count)
    var rows: [GLPKProblem.Row] = []
    for start in 0..<count where component[start] < 0 {
      var members = [start]
      component[start] = start
      var next = 0
      while next < members.count {
        for neighbour in support[members[next]] where component[neighbour] < 0 {
          component[neighbour] = start
          members.append(neighbour)
        }
        next += 1
      }
      guard start != 0, members.count > 1 else { continue }
      if let row = subtourRow(members, value) { rows.append(row) }
    }
    return rows
  }

  /// `sum_{u, v in S} a[u][v] - sum_{p in S, p != q} used(p) <= 0` for the
  /// set `S` of nodes, with `q` the node most used, when the solution violates it.
  private func subtourRow(_ members: [Int], _ value: (Int32) -> Double) -> GLPKProblem.Row? {
    var terms: [(column: Int32, coefficient: Double)] = []
    var inside = 0.0
    for u in members {
      for v in members where u != v {
        terms.append((arcColumn[u][v], 1))
        inside += value(arcColumn[u][v])
      }
    }
    let uses = members.map { node in assignColumn.compactMap { $0[nodes[node - 1]] } }
    let used = uses.map { $0.reduce(0) { $0 + value($1) } }
    guard let most = used.indices.max(by: { used[$0] < used[$1] }) else { return nil }
    let allowed = used.reduce(0, +) - used[most]
    guard inside > allowed + 1e-6 else { return nil }
    for (index, columns) in uses.enumerated() where index != most {
      terms += columns.map { ($0, -1) }
    }
    return GLPKProblem.Row(terms: terms, bound: .upper(0))
  }

  func exclude(_ plan: Plan) {
    let path = [0] + plan.places.compactMap(node(of:))
    let terms = zip(path, path.dropFirst()).map { (arcColumn[$0][$1], 1.0) }
    program.addRow(GLPKProblem.Row(terms: terms, bound: .upper(Double(terms.count - 1))))
  }

  func limitShared(with plan: Plan, atMost count: Int) {
    let terms = plan.places.flatMap { place in assignColumn.compactMap { $0[place] } }
    program.addRow(GLPKProblem.Row(terms: terms.map { ($0, 1) }, bound: .upper(Double(count))))
  }

  private func node(of place: Int) -> Int? {
    nodes.firstIndex(of: place).map { $0 + 1 }
  }
}
