extension Target {
  /// The orienteering targets, from the optw suite's full sweep: one
  /// route, every proven optimum proven again within 60 s, and every
  /// instance at its known value within 10 s (or at its optimum, when the
  /// second look proves the known value out of reach; a row below a known
  /// value proven out of reach but not proven optimal is named so); two to
  /// four routes, a mean gap of at most 0.5% at 10 s. Judged on wall time:
  /// the solver stops by the clock.
  static func optwTargets(_ records: [Record]) -> [Target] {
    struct Run {
      var name: String
      var routes: Int
      var kind: String
      var found: Int
      var gapPercent: Double
      var proven: Bool
      var wall: Double
      var toBest: Double
    }
    let runs = records.compactMap { record -> Run? in
      guard record.parameters["sweep"] == "full", record.parameters["look"] == nil,
        let name = record.parameters["instance"],
        let routes = record.parameters["routes"].flatMap({ Int($0) }),
        let known = record.parameters["known"].flatMap({ Double($0) }),
        let kind = record.parameters["kind"], let found = record.work["found"],
        let proven = record.work["proven"], let toBest = record.work["toBestMillis"]
      else { return nil }
      return Run(
        name: name, routes: routes, kind: kind, found: found,
        gapPercent: (known - Double(found)) / known * 100, proven: proven == 1,
        wall: record.timing.median, toBest: Double(toBest) / 1000)
    }
    // What the second looks proved: the optimum of a one-route row (a
    // proof that ended, or a bar reached and then proven), or that its
    // known value is out of reach (a bar not reached).
    var optima: [String: Int] = [:]
    var outOfReach: Set<String> = []
    for record in records where record.work["proven"] == 1 {
      guard let look = record.parameters["look"], let name = record.parameters["instance"],
        let known = record.parameters["known"].flatMap({ Double($0) }),
        let found = record.work["found"]
      else { continue }
      if look == "reach", Double(found) < known {
        outOfReach.insert(name)
      } else {
        optima[name] = max(optima[name] ?? found, found)
      }
    }
    let missing = "not in this run: run the optw suite without --quick, with ../shared present"
    func names(_ runs: [Run]) -> String {
      runs.map { "\($0.name) M=\($0.routes)" }.joined(separator: ", ")
    }

    let provable = runs.filter { $0.routes == 1 && $0.kind == "optimal_proven" }
    let unproven = provable.filter { !$0.proven || $0.gapPercent != 0 || $0.wall > 60 }
    let slowestProof = provable.map(\.wall).max()
    let proofs = Target(
      name: "OPTW, one route, optimal_proven instances: proven optimal, each",
      measured: slowestProof, limit: "<= 60 s each (wall)",
      met: provable.isEmpty ? nil : unproven.isEmpty,
      detail: provable.isEmpty
        ? missing
        : "\(provable.count - unproven.count) of \(provable.count) proven at the known value; "
          + "slowest \(SVGChart.timeLabel(slowestProof ?? .nan))"
          + (unproven.isEmpty ? "" : "; not on \(names(unproven))"))

    let oneRoute = runs.filter { $0.routes == 1 }
    // Below a known value that no trip reaches, but at the proven optimum.
    let atOptimum = oneRoute.filter { $0.gapPercent > 0 && optima[$0.name] == $0.found }
    let short = oneRoute.filter {
      ($0.gapPercent > 0 && optima[$0.name] != $0.found) || $0.toBest > 10
    }
    let reached = Target(
      name: "OPTW, one route: at the best-known value within 10 s, each",
      measured: oneRoute.isEmpty ? nil : Double(oneRoute.count - short.count),
      limit: "all \(oneRoute.count) instances", met: oneRoute.isEmpty ? nil : short.isEmpty,
      detail: oneRoute.isEmpty
        ? missing
        : "\(oneRoute.count - short.count) of \(oneRoute.count) reached"
          + (atOptimum.isEmpty
            ? ""
            : "; at the proven optimum, the known value out of reach: "
              + atOptimum.map { "\($0.name) (\($0.found))" }.joined(separator: ", "))
          + (short.isEmpty
            ? ""
            : "; not on "
              + short.map {
                "\($0.name) (\(String(format: "%.2f", $0.gapPercent))%"
                  + (outOfReach.contains($0.name) ? ", the known value out of reach" : "") + ")"
              }
              .joined(separator: ", ")))

    let teams = runs.filter { (2...4).contains($0.routes) }
    let meanGap = teams.isEmpty ? nil : teams.map(\.gapPercent).reduce(0, +) / Double(teams.count)
    let byRoutes = (2...4).compactMap { m -> String? in
      let some = teams.filter { $0.routes == m }
      guard !some.isEmpty else { return nil }
      let mean = some.map(\.gapPercent).reduce(0, +) / Double(some.count)
      return "M=\(m) \(String(format: "%.2f", mean))% over \(some.count)"
    }
    let team = Target(
      name: "TOPTW, two to four routes: mean gap to the best known at 10 s",
      measured: meanGap, limit: "<= 0.5%", met: meanGap.map { $0 <= 0.5 },
      detail: teams.isEmpty ? missing : byRoutes.joined(separator: "; "))
    return [proofs, reached, team]
  }
}
