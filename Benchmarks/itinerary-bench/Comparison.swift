import Foundation

/// A run held against a committed baseline (`--compare BASELINE.json`): the
/// ratio of each measurement's time to the baseline's, and whether any is
/// more than `slowdownLimit` times slower than the machine explains.
///
/// Ratios are steadier than times on a shared machine, so the gate is a
/// ratio. Single-threaded work is compared by its least CPU time over the
/// samples (a busy neighbour only adds time, and did so to some samples of a
/// row but not others); the fetch and CLI suites, which wait on servers and
/// processes, by their median wall time. A slower
/// machine makes every computing measurement slower alike, so their median
/// ratio (when above 1) is taken as the machine's factor and the computing
/// ratios are judged after dividing by it: a regression is a measurement out
/// of line with the rest. Measurements shorter than `shortest` in the
/// baseline are shown but never fail the gate: at that size the noise is the
/// measurement. They still count towards the factor, where the median of
/// many of them is steady though each one is not.
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
    /// Whether the time is a wait (wall time) rather than computation.
    var waits: Bool
    var ratio: Double { current / baseline }
    var judged: Bool { baseline >= Comparison.shortest }
  }

  var rows: [Row] = []
  /// Measurements of the run that the baseline lacks, and the reverse (in
  /// the suites run).
  var unmatched: [String] = []

  /// How much slower this machine computes than the baseline's: the median
  /// ratio of the computing measurements, short ones included, never below 1.
  var machineFactor: Double {
    let ratios = rows.filter { !$0.waits }.map(\.ratio).sorted()
    guard !ratios.isEmpty else { return 1 }
    let middle = ratios.count / 2
    let median =
      ratios.count.isMultiple(of: 2) ? (ratios[middle - 1] + ratios[middle]) / 2 : ratios[middle]
    return max(1, median)
  }

  /// The row's ratio with the machine's factor taken out.
  func adjustedRatio(_ row: Row) -> Double {
    row.waits ? row.ratio : row.ratio / machineFactor
  }

  func failed(_ row: Row) -> Bool {
    row.judged && adjustedRatio(row) > Self.slowdownLimit
  }

  var failed: Bool { rows.contains(where: failed) }

  init(_ run: Report, baseline: Report) {
    let suitesRun = Set(run.suites.map(\.name))
    var waits: Set<String> = []
    func measurements(_ report: Report) -> [String: Double] {
      var times: [String: Double] = [:]
      for suite in report.suites where suitesRun.contains(suite.name) {
        let wall = Self.wallTimeSuites.contains(suite.name)
        for record in suite.records {
          let parameters = record.parameters.filter { $0.key != "seed" }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
          let name = "\(suite.name): \(record.series) n=\(record.n) \(parameters)"
          times[name] = wall ? record.timing.median : record.timing.cpuMin
          if wall { waits.insert(name) }
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
      rows.append(Row(name: name, baseline: old, current: time, waits: waits.contains(name)))
    }
    for name in before.keys.sorted() where current[name] == nil {
      unmatched.append("\(name): not in this run")
    }
  }

  /// The table printed after a run.
  var lines: [String] {
    var lines = rows.map { row in
      let verdict = failed(row) ? "SLOWER" : row.judged ? "ok" : "short"
      return verdict.padding(toLength: 8, withPad: " ", startingAt: 0)
        + String(
          format: "%6.2fx  %10.3f ms -> %10.3f ms  ", row.ratio, row.baseline * 1000,
          row.current * 1000) + row.name
    }
    lines += unmatched.map { "-       \($0)" }
    let judged = rows.filter(\.judged)
    let worst = judged.map(adjustedRatio).max() ?? .nan
    lines.append(
      "\(judged.count) of \(rows.count) measurements judged; this machine computes "
        + String(format: "%.2f", machineFactor)
        + " times slower than the baseline's (median computing ratio, short ones included, "
        + "at least 1); worst ratio after that "
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
