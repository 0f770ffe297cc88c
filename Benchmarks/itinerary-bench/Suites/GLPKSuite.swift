import ItineraryCore
import ItineraryILP
import ItinerarySolver

extension Suite {
  /// GLPK's integer program against the dynamic program, best plan, on the
  /// ordered suite's instances, while GLPK stays under a few seconds.
  ///
  /// Each GLPK measurement builds the model (`OrderedModel`) and solves it
  /// once, as `--verify` does for plan 1; each dynamic-program measurement
  /// builds `OrderedSolver` and solves, as the ordered suite does. Both run
  /// on the same problem in the same run, so their ratio is fair. A series
  /// stops growing n after the first size where GLPK's median passes
  /// `glpkStopSeconds` or a solve runs out of `glpkTimeLimit`; the target's
  /// instance (k = 5, n = 200) is measured even when its series stopped
  /// earlier.
  static func glpk(_ bench: inout Bench) {
    let ks = bench.options.quick ? [3] : Array(2...6)
    let ns =
      bench.options.quick ? [10, 20] : [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000]
    for k in ks {
      for n in ns {
        guard let glpk = measureGLPKAndDP(&bench, k: k, n: n),
          glpk.timing.median <= glpkStopSeconds
        else { break }
      }
    }
    let target = (k: 5, n: 200)
    let measured = bench.result.records.contains {
      $0.solver == SolverID.glpk.rawValue && $0.parameters["k"] == "\(target.k)"
        && $0.n == target.n
    }
    if !bench.options.quick, !measured {
      measureGLPKAndDP(&bench, k: target.k, n: target.n)
    }
  }

  /// How `glpk` draws a record (see `Suite.chartStyle`).
  static func glpkChartStyle(_ record: Record) -> (color: Int, dashed: Bool)? {
    guard let k = record.parameters["k"].flatMap({ Int($0) }) else { return nil }
    return (color: k - 2, dashed: record.solver == SolverID.orderedDP.rawValue)
  }

  /// A series stops growing once GLPK's median takes longer than this.
  private static let glpkStopSeconds = 2.5
  /// GLPK's time limit for one solve. GLPK's time grows about tenfold from
  /// one size to the next at the large end, so this bounds what the size
  /// that ends a series can cost.
  private static let glpkTimeLimit = Duration.seconds(10)
  /// The longest GLPK's samples of one size may take together: past it,
  /// fewer samples.
  private static let glpkBudgetSeconds = 15.0

  /// Measures GLPK, then the dynamic program, on the seeded instance of `k`
  /// categories with `n` candidates each, and notes their ratio, or that
  /// their objectives differ.
  ///
  /// - Returns: GLPK's record, or `nil` when GLPK ran out of time or failed
  ///   (noted, and the dynamic program left unmeasured).
  @discardableResult
  private static func measureGLPKAndDP(_ bench: inout Bench, k: Int, n: Int) -> Record? {
    let (problem, seed) = Workloads.random(categories: k, perCategory: n)
    let parameters = ["k": "\(k)", "seed": "\(seed)", "selection": "best"]
    // The objectives of the warm-up runs, handed over by the `work` closures.
    var glpkObjective: Double?
    var dpObjective: Double?
    let glpk: Record
    do {
      glpk = try bench.measure(
        series: "glpk k=\(k)", solver: SolverID.glpk.rawValue, n: n, parameters: parameters,
        budgetSeconds: glpkBudgetSeconds,
        work: { objective in
          glpkObjective = objective
          return [:]
        }
      ) {
        try GLPKSolver.bestPlan(problem: problem, timeLimit: glpkTimeLimit)?.objective
      }
    } catch {
      bench.note("k=\(k) n=\(n): GLPK not measured (time limit \(glpkTimeLimit)): \(error)")
      return nil
    }
    let dp = bench.measure(
      series: "dp k=\(k)", solver: SolverID.orderedDP.rawValue, n: n, parameters: parameters,
      work: { solution in
        dpObjective = solution.plans.first?.objective
        return solution.work
      }
    ) {
      OrderedSolver(problem: problem).solve(.top(1))
    }
    let agree =
      switch (glpkObjective, dpObjective) {
      case (nil, nil): true
      case (let a?, let b?): Verifier.agree(a, b)
      default: false
      }
    if !agree {
      func describe(_ objective: Double?) -> String { objective.map { "\($0)" } ?? "no plan" }
      bench.note(
        "k=\(k) n=\(n): GLPK and the dynamic program disagree: objective "
          + "\(describe(glpkObjective)) against \(describe(dpObjective))")
    }
    bench.note(
      "k=\(k) n=\(n): GLPK takes \(format(glpk.timing.median / dp.timing.median))x the "
        + "dynamic program's time (\(format(glpk.timing.cpuMedian / dp.timing.cpuMedian))x by "
        + "CPU time)")
    return glpk
  }
}
