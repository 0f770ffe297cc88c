import ItineraryCore
import ItinerarySolver

extension Suite {
  /// Brute force against the ordered solver on tiny instances: the ratio at
  /// the small end, where enumeration could still be competitive.
  static func brute(_ bench: inout Bench) {
    let sizes: [(k: Int, ns: [Int])] =
      bench.options.quick
      ? [(3, [2, 5, 10])]
      : [(2, [2, 5, 10, 20, 50, 100]), (3, [2, 5, 10, 20]), (4, [2, 5, 10])]
    for (k, ns) in sizes {
      for n in ns {
        let (problem, seed) = Workloads.random(categories: k, perCategory: n)
        let parameters = ["k": "\(k)", "seed": "\(seed)", "selection": "best"]
        let brute = bench.measure(
          series: "brute k=\(k)", solver: SolverID.bruteForce.rawValue, n: n,
          parameters: parameters,
          work: \.work
        ) {
          BruteForceSolver(problem: problem).solve(.top(1))
        }
        let ordered = bench.measure(
          series: "ordered k=\(k)", solver: SolverID.orderedDP.rawValue, n: n,
          parameters: parameters,
          work: \.work
        ) {
          OrderedSolver(problem: problem).solve(.top(1))
        }
        bench.note(
          "k=\(k) n=\(n): brute force takes "
            + "\(format(brute.timing.median / ordered.timing.median))x the ordered solver's "
            + "time (\(format(brute.timing.cpuMedian / ordered.timing.cpuMedian))x by CPU time)")
      }
    }
  }

  /// How `brute` draws a record (see `Suite.chartStyle`).
  static func bruteChartStyle(_ record: Record) -> (color: Int, dashed: Bool)? {
    guard let k = record.parameters["k"].flatMap({ Int($0) }) else { return nil }
    return (color: k - 2, dashed: record.solver == SolverID.orderedDP.rawValue)
  }
}
