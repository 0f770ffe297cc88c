import ItineraryCore
import ItinerarySolver

extension Suite {
  /// The exact ordered solver, best plan and top 10, over a geometric sweep of
  /// candidates per category for k = 2 ... 10 categories, then on real cities.
  ///
  /// Each measurement builds the solver (the dynamic program) and solves, as a
  /// request does; generating the problem is outside the timing.
  static func ordered(_ bench: inout Bench) {
    let ks = bench.options.quick ? [2, 6] : Array(2...10)
    let ns =
      bench.options.quick
      ? [10, 100, 1000] : [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000]
    for k in ks {
      for n in ns {
        let (problem, seed) = Workloads.random(categories: k, perCategory: n)
        measurePair(&bench, problem: problem, k: k, n: n, extra: ["seed": "\(seed)"])
      }
    }
    if bench.options.quick {
      let (problem, seed) = Workloads.random(categories: 6, perCategory: 10_000)
      measurePair(&bench, problem: problem, k: 6, n: 10_000, extra: ["seed": "\(seed)"])
    }
    let cities = Workloads.realCities(categories: 4)
    if cities.isEmpty {
      bench.note("real places skipped: ../shared/data/poi/ is absent")
    }
    for city in cities {
      let k = city.problem.categories.count
      let n = city.problem.eligiblePlaces().map(\.count).reduce(0, +) / k
      measurePair(
        &bench, problem: city.problem, k: k, n: n,
        extra: ["city": city.name, "categories": city.problem.categories.joined(separator: ",")])
    }
    noteTopTenRatios(&bench)
  }

  /// How `ordered` draws a record (see `Suite.chartStyle`).
  static func orderedChartStyle(_ record: Record) -> (color: Int, dashed: Bool)? {
    guard let k = record.parameters["k"].flatMap({ Int($0) }), k.isMultiple(of: 2),
      record.parameters["city"] == nil
    else { return nil }
    return (color: k / 2 - 1, dashed: record.parameters["selection"] == "top-10")
  }

  /// Measures best and top-10 on one problem.
  private static func measurePair(
    _ bench: inout Bench, problem: Problem, k: Int, n: Int, extra: [String: String]
  ) {
    let prefix = extra["city"].map { "\($0) " } ?? ""
    for (name, selection) in [("best", Selection.top(1)), ("top-10", Selection.top(10))] {
      bench.measure(
        series: "\(prefix)\(name) k=\(k)", solver: SolverID.orderedDP.rawValue, n: n,
        parameters: extra.merging(["k": "\(k)", "selection": name]) { $1 }, work: \.work
      ) {
        OrderedSolver(problem: problem).solve(selection)
      }
    }
  }

  /// Notes how much top-10 costs over best-only at every size measured, by
  /// wall-clock median and by CPU-time median (the steadier of the two on a
  /// busy machine).
  private static func noteTopTenRatios(_ bench: inout Bench) {
    let records = bench.result.records
    var wall: [Double] = []
    var cpu: [Double] = []
    for best in records where best.parameters["selection"] == "best" {
      let top = records.first {
        $0.parameters["selection"] == "top-10" && $0.parameters["k"] == best.parameters["k"]
          && $0.n == best.n && $0.parameters["city"] == best.parameters["city"]
      }
      if let top {
        wall.append(top.timing.median / best.timing.median)
        cpu.append(top.timing.cpuMedian / best.timing.cpuMedian)
      }
    }
    if let worstWall = wall.max(), let worstCPU = cpu.max() {
      bench.note(
        "top-10 / best over \(wall.count) sizes: wall median ratio "
          + "\(format(Timing.median(of: wall))) (worst \(format(worstWall))), "
          + "cpu median ratio \(format(Timing.median(of: cpu))) (worst \(format(worstCPU)))")
    }
  }

  static func format(_ value: Double) -> String {
    String(format: value >= 100 ? "%.0f" : "%.2f", value)
  }
}
