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
  static func evaluate(_ suites: [SuiteResult]) -> [Target] {
    let ordered = suites.first { $0.name == "ordered" }?.records ?? []
    func median(_ records: [Record], k: Int, n: Int, selection: String) -> Record? {
      records.first {
        $0.parameters["k"] == "\(k)" && $0.n == n && $0.parameters["selection"] == selection
          && $0.parameters["city"] == nil
      }
    }
    let best = median(ordered, k: 6, n: 10_000, selection: "best")
    let top = median(ordered, k: 6, n: 10_000, selection: "top-10")
    var targets: [Target] = []
    targets.append(
      Target(
        name: "ordered best plan, k=6, n=10,000, one core",
        measured: best.map { $0.timing.median * 1000 },
        limit: "< 250 ms", met: best.map { $0.timing.median < 0.25 },
        detail: best.map {
          "median \(ms($0.timing.median)), cpu \(ms($0.timing.cpuMedian)), min \(ms($0.timing.min))"
        }
          ?? "run the ordered suite"))
    let ratio = best.flatMap { best in top.map { $0.timing.median / best.timing.median } }
    targets.append(
      Target(
        name: "top-10 / best-only time, k=6, n=10,000", measured: ratio, limit: "<= 3",
        met: ratio.map { $0 <= 3 },
        detail: top.map { "top-10 median \(ms($0.timing.median))" } ?? "run the ordered suite"))
    return targets
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
