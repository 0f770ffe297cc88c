import ItineraryCore
import Testing

@testable import ItineraryILP

extension GLPKTests {
  @Suite struct GLPKProblemTests {
    /// A program of binary columns with `objective` and `rows`, solved
    /// without a deadline.
    static func solve(
      objective: [Double], rows: [GLPKProblem.Row]
    ) throws -> GLPKProblem.Outcome {
      try GLPK.serialized { () throws(ItineraryError) -> GLPKProblem.Outcome in
        let program = GLPKProblem()
        program.addBinaryColumns(objective: objective)
        program.loadRows(rows)
        return try program.solve(until: nil)
      }
    }

    /// Maximize 10a + 7b + 6c subject to 5a + 4b + 3c <= 8: a and c, 16.
    @Test func solvesAKnapsack() throws {
      let outcome = try Self.solve(
        objective: [10, 7, 6],
        rows: [GLPKProblem.Row(terms: [(1, 5), (2, 4), (3, 3)], bound: .upper(8))])
      guard case .optimal(let objective, let values) = outcome else {
        Issue.record("expected an optimum, got \(outcome)")
        return
      }
      #expect(objective == 16)
      #expect(values == [1, 0, 1])
    }

    /// a + b = 3 has no solution even in fractions; 2a + 2b = 1 has
    /// fractional solutions but no integer one.
    @Test(arguments: [(1.0, 3.0), (2.0, 1.0)])
    func reportsAnInfeasibleProgram(coefficient: Double, total: Double) throws {
      let row = GLPKProblem.Row(terms: [(1, coefficient), (2, coefficient)], bound: .fixed(total))
      let outcome = try Self.solve(objective: [1, 1], rows: [row])
      guard case .infeasible = outcome else {
        Issue.record("expected infeasible, got \(outcome)")
        return
      }
    }

    @Test func addsRowsAfterLoadingAndStartsWarm() throws {
      let objectives = try GLPK.serialized { () throws(ItineraryError) -> [Double] in
        let program = GLPKProblem()
        program.addBinaryColumns(objective: [3, 2, 1])
        program.loadRows([GLPKProblem.Row(terms: [(1, 1), (2, 1), (3, 1)], bound: .fixed(1))])
        var objectives: [Double] = []
        for column in Int32(1)...3 {
          guard case .optimal(let objective, _) = try program.solve(until: nil) else { break }
          objectives.append(objective)
          program.addRow(GLPKProblem.Row(terms: [(column, 1)], bound: .upper(0)))
        }
        return objectives
      }
      #expect(objectives == [3, 2, 1])
    }

    /// Maximize a + b with `a + b <= 1` known only to the callback.
    @Test func honoursLazyRows() throws {
      var calls = 0
      let outcome = try GLPK.serialized { () throws(ItineraryError) -> GLPKProblem.Outcome in
        let program = GLPKProblem()
        program.addBinaryColumns(objective: [1, 1])
        return try program.solve(until: nil) { value in
          calls += 1
          guard value(1) + value(2) > 1 + 1e-9 else { return [] }
          return [GLPKProblem.Row(terms: [(1, 1), (2, 1)], bound: .upper(1))]
        }
      }
      guard case .optimal(let objective, let values) = outcome else {
        Issue.record("expected an optimum, got \(outcome)")
        return
      }
      #expect(objective == 1)
      #expect(values.reduce(0, +) == 1)
      #expect(calls >= 1)
    }

    @Test func stopsAtAPassedDeadline() throws {
      let outcome = try GLPK.serialized { () throws(ItineraryError) -> GLPKProblem.Outcome in
        let program = GLPKProblem()
        program.addBinaryColumns(objective: [1])
        return try program.solve(until: .now - .seconds(1))
      }
      guard case .timeLimit = outcome else {
        Issue.record("expected the time limit, got \(outcome)")
        return
      }
    }
  }
}
