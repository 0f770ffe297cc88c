/// One of the performance targets, checked against a run's records.
struct Target: Codable, Sendable {
  var name: String
  /// The measured figure, or `nil` when the run did not measure it.
  var measured: Double?
  var limit: String
  /// `met`, `missed` or `not measured`.
  var verdict: String
  var detail: String

  /// The targets, evaluated on the records of `suites` (medians, same run).
  ///
  /// Single-threaded targets are judged on CPU time: it is what "on one
  /// core" means, and unlike wall time it does not count the waits for a core
  /// when the machine is shared. Wall time is given beside it.
  static func evaluate(_ suites: [SuiteResult]) -> [Target] {
    let ordered = suites.first { $0.name == "ordered" }?.records ?? []
    func record(k: Int, n: Int, selection: String) -> Record? {
      ordered.first {
        $0.parameters["k"] == "\(k)" && $0.n == n && $0.parameters["selection"] == selection
          && $0.parameters["city"] == nil
      }
    }
    let best = record(k: 6, n: 10_000, selection: "best")
    let top = record(k: 6, n: 10_000, selection: "top-10")
    let missing = "not in this run: run the ordered suite"
    var targets: [Target] = []
    targets.append(
      Target(
        name: "ordered best plan, k=6, n=10,000, one core",
        measured: best.map { $0.timing.cpuMedian * 1000 }, limit: "< 250 ms (CPU time)",
        met: best.map { $0.timing.cpuMedian < 0.25 },
        detail: best.map {
          "cpu median \(ms($0.timing.cpuMedian)); wall median \(ms($0.timing.median)), "
            + "min \(ms($0.timing.min)), max \(ms($0.timing.max))"
        } ?? missing))
    let pair = best.flatMap { best in top.map { (best: best.timing, top: $0.timing) } }
    let ratio = pair.map { $0.top.cpuMedian / $0.best.cpuMedian }
    targets.append(
      Target(
        name: "top-10 / best-only time, k=6, n=10,000", measured: ratio, limit: "<= 3 (CPU time)",
        met: ratio.map { $0 <= 3 },
        detail: pair.map {
          "cpu \(Suite.format($0.top.cpuMedian / $0.best.cpuMedian)), "
            + "wall \(Suite.format($0.top.median / $0.best.median)); "
            + "top-10 cpu median \(ms($0.top.cpuMedian))"
        } ?? missing))
    targets.append(glpkTarget(suites.first { $0.name == "glpk" }?.records ?? []))
    return targets
  }

  /// GLPK's time over the dynamic program's on the same instance, k = 5,
  /// n = 200, both measured by the glpk suite in this run.
  private static func glpkTarget(_ records: [Record]) -> Target {
    func record(solver: String) -> Record? {
      records.first { $0.solver == solver && $0.parameters["k"] == "5" && $0.n == 200 }
    }
    let pair = record(solver: "glpk").flatMap { glpk in
      record(solver: "ordered-dp").map { (glpk: glpk.timing, dp: $0.timing) }
    }
    let ratio = pair.map { $0.glpk.cpuMedian / $0.dp.cpuMedian }
    return Target(
      name: "GLPK / DP time, best plan, k=5, n=200, same run", measured: ratio,
      limit: ">= 1,000 (CPU time)", met: ratio.map { $0 >= 1000 },
      detail: pair.map {
        "cpu \(Suite.format($0.glpk.cpuMedian / $0.dp.cpuMedian)), "
          + "wall \(Suite.format($0.glpk.median / $0.dp.median)); "
          + "GLPK cpu median \(ms($0.glpk.cpuMedian)), DP cpu median \(ms($0.dp.cpuMedian))"
      } ?? "not in this run: run the glpk suite without --quick")
  }

  init(name: String, measured: Double?, limit: String, met: Bool?, detail: String) {
    self.name = name
    self.measured = measured
    self.limit = limit
    verdict = met.map { $0 ? "met" : "missed" } ?? "not measured"
    self.detail = detail
  }

  private static func ms(_ seconds: Double) -> String { SVGChart.timeLabel(seconds) }
}
