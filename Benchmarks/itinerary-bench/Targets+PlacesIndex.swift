extension Target {
  /// The places index targets: a completion per keystroke over 100,000
  /// names (the slowest prefix length) and a 1 km radius query over a
  /// million places, each under 1 ms, judged on CPU time per call.
  static func placesIndexTargets(_ suites: [SuiteResult]) -> [Target] {
    func records(_ suite: String) -> [Record] {
      suites.first { $0.name == suite }?.records ?? []
    }
    func perCall(_ record: Record, _ unit: String) -> (cpu: Double, wall: Double) {
      let calls = Double(max(1, record.work[unit] ?? 1))
      return (record.timing.cpuMedian / calls, record.timing.median / calls)
    }
    let keystrokes = records("complete").filter {
      $0.parameters["names"] == "\(Suite.completeNames)"
    }
    let slowest = keystrokes.max { perCall($0, "keystrokes").cpu < perCall($1, "keystrokes").cpu }
    let query = records("radius").first {
      $0.parameters["places"] == "\(Suite.radiusPlaces)" && $0.n == 1000
    }
    return [
      Target(
        name: "completion per keystroke, \(Suite.completeNames) names, slowest prefix length",
        measured: slowest.map { perCall($0, "keystrokes").cpu * 1000 }, limit: "< 1 ms (CPU time)",
        met: slowest.map { perCall($0, "keystrokes").cpu < 0.001 },
        detail: slowest.map {
          "\($0.n) letters: cpu median \(ms(perCall($0, "keystrokes").cpu)), "
            + "wall \(ms(perCall($0, "keystrokes").wall))"
        } ?? "not in this run: run the complete suite without --quick"),
      Target(
        name: "radius query of 1 km, \(Suite.radiusPlaces) places",
        measured: query.map { perCall($0, "queries").cpu * 1000 }, limit: "< 1 ms (CPU time)",
        met: query.map { perCall($0, "queries").cpu < 0.001 },
        detail: query.map {
          "cpu median \(ms(perCall($0, "queries").cpu)), wall \(ms(perCall($0, "queries").wall)), "
            + "\(($0.work["found"] ?? 0) / max(1, $0.work["queries"] ?? 1)) places per query"
        } ?? "not in this run: run the radius suite without --quick"),
    ]
  }

  private static func ms(_ seconds: Double) -> String { SVGChart.timeLabel(seconds) }
}
