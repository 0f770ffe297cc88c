import ItineraryCore
import ItinerarySolver

extension Suite {
  /// The textbook dynamic program (every pair of consecutive candidates)
  /// against the ordered solver's spatial index, best plan, on the same
  /// instances: what the index buys as n grows.
  static func plain(_ bench: inout Bench) {
    let ks = bench.options.quick ? [6] : [2, 6]
    let ns = bench.options.quick ? [10, 100] : [10, 20, 50, 100, 200, 500, 1000, 2000]
    for k in ks {
      for n in ns {
        let (problem, seed) = Workloads.random(categories: k, perCategory: n)
        let parameters = ["k": "\(k)", "seed": "\(seed)", "selection": "best"]
        let plain = bench.measure(
          series: "plain k=\(k)", solver: "plain-dp", n: n, parameters: parameters,
          budgetSeconds: 10, work: { ["distances": $0.distances] }
        ) {
          PlainLayeredDP.bestRelaxedObjective(problem)
        }
        let ordered = bench.measure(
          series: "ordered k=\(k)", solver: SolverID.orderedDP.rawValue, n: n,
          parameters: parameters,
          work: \.work
        ) {
          OrderedSolver(problem: problem).solve(.top(1))
        }
        let relaxed = PlainLayeredDP.bestRelaxedObjective(problem).objective
        let exact = OrderedSolver(problem: problem).solve(.top(1)).plans.first?.objective
        bench.note(
          "k=\(k) n=\(n): the plain program takes "
            + "\(format(plain.timing.cpuMedian / ordered.timing.cpuMedian))x the ordered "
            + "solver's CPU time; relaxed optimum \(relaxed), best plan \(exact ?? .nan)"
            + (exact.map { $0 <= relaxed + 1e-9 } ?? false ? "" : " (ABOVE THE RELAXATION)"))
      }
    }
  }

  /// How `plain` draws a record (see `Suite.chartStyle`).
  static func plainChartStyle(_ record: Record) -> (color: Int, dashed: Bool)? {
    guard let k = record.parameters["k"].flatMap({ Int($0) }) else { return nil }
    return (color: k / 4, dashed: record.solver == SolverID.orderedDP.rawValue)
  }
}
