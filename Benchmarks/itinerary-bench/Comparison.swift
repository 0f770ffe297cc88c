import Foundation

/// A run held against a committed baseline (`--compare BASELINE.json`): the
/// ratio of each measurement's time to the baseline's, and whether any is
/// more than `slowdownLimit` times slower.
///
/// Ratios are steadier than times on a shared machine, so the gate is a
/// ratio. Single-threaded work is compared by CPU time; the fetch and CLI
/// suites, which wait on servers and processes, by wall time. Measurements
/// shorter than `shortest` in the baseline are shown but never fail the gate:
/// at that size the noise is the measurement.
struct Comparison {
  /// How many times slower than the baseline a measurement may be.
  static let slowdownLimit = 2.0
  /// Baseline times below this (seconds) are too short to judge.
  static let shortest = 0.001
  /// The suites whose times are waits rather than computation.
  static let wallTimeSuites: Set<String> = ["fetch", "cli"]

  struct Row {
    var name: String
    var baseline: Double
    var current: Double
    var ratio: Double { current / baseline }
    var judged: Bool { baseline >= Comparison.shortest }
    var failed: Bool { judged && ratio > Comparison.slowdownLimit }
  }

  var rows: [Row] = []
  /// Measurements of the run that the baseline lacks, and the reverse (in
  /// the suites run).
  var unmatched: [String] = []

  var failed: Bool { rows.contains(where: \.failed) }

  init(_ run: Report, baseline: Report) {
    let suitesRun = Set(run.suites.map(\.name))
    func measurements(_ report: Report) -> [String: Double] {
      var times: [String: Double] = [:]
      for suite in report.suites where suitesRun.contains(suite.name) {
        let wall = Self.wallTimeSuites.contains(suite.name)
        for record in suite.records {
          let parameters = record.parameters.filter { $0.key != "seed" }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
          let name = "\(suite.name): \(record.series) n=\(record.n) \(parameters)"
          times[name] = wall ? record.timing.median : record.timing.cpuMedian
        }
      }
      return times
    }
    let current = measurements(run)
    let before = measurements(baseline)
    for name in current.keys.sorted() {
      guard let time = current[name], let old = before[name], old > 0, time.isFinite else {
        unmatched.append("\(name): not in the baseline")
        continue
      }
      rows.append(Row(name: name, baseline: old, current: time))
    }
    for name in before.keys.sorted() where current[name] == nil {
      unmatched.append("\(name): not in this run")
    }
  }

  /// The table printed after a run.
  var lines: [String] {
    var lines = rows.map { row in
      let verdict = row.failed ? "SLOWER" : row.judged ? "ok" : "short"
      return verdict.padding(toLength: 8, withPad: " ", startingAt: 0)
        + String(
          format: "%6.2fx  %10.3f ms -> %10.3f ms  ", row.ratio, row.baseline * 1000,
          row.current * 1000) + row.name
    }
    lines += unmatched.map { "-       \($0)" }
    let judged = rows.filter(\.judged)
    let worst = judged.map(\.ratio).max() ?? .nan
    lines.append(
      "\(judged.count) of \(rows.count) measurements judged, worst ratio "
        + String(format: "%.2f", worst) + " (limit \(Self.slowdownLimit))")
    return lines
  }
}

extension Report {
  /// Reads a `results.json` written by `write(to:)`.
  static func read(from url: URL) throws -> Report {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return try decoder.decode(Report.self, from: Data(contentsOf: url))
  }
}
