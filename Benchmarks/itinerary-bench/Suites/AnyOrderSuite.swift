import Foundation
import ItineraryCore
import ItineraryFormats
import ItinerarySolver
import ItineraryWorkloads

extension Suite {
  /// The any-order solver on seeded random requests, then the GTSP solver on
  /// the shared GTSPLIB instances against their known values.
  ///
  /// Random requests: `AnyOrderSolver` (best plan, top 10, diverse 5) on the
  /// ordered suite's instances with `anyOrder` set, k = 3 ... 8 and past the
  /// sizes the exact table serves, where the solver hands over to its
  /// heuristic (`optimal` 0 in the work column). Each measurement builds the
  /// solver and solves, as a request does.
  ///
  /// GTSPLIB: `GTSPSolver` on every instance of `../shared/data/gtsplib` with
  /// at most 89 clusters, once per seed, 10 s time limit, as
  /// `itinerary solve --gtsplib` runs it. The seeds are the samples: each run
  /// is timed once, without a warm-up (with `--quick`, whose two instances
  /// take milliseconds, the least of three runs after one). Work counters: `found` (the tour's
  /// length), `proven`, the heuristic's `iterations` and `toBestMicros` (its
  /// time to its best tour), and `exactImproved` when the exact program
  /// found a shorter tour than the heuristic. Skipped, saying so, when the
  /// shared data is absent.
  ///
  /// Charts: `anyorder.svg`, random requests, colour by k, best plan solid
  /// and diverse plans dashed (top 10 costs about what the best plan does);
  /// `anyorder-gtsplib.svg`, time against node count.
  static func anyOrder(_ bench: inout Bench) {
    measureRandomRequests(&bench)
    measureGTSPLIB(&bench)
  }

  /// How `anyOrder` draws a record (see `Suite.chartStyle`).
  static func anyOrderChartStyle(_ record: Record) -> (color: Int, dashed: Bool)? {
    guard record.parameters["instance"] == nil,
      let k = record.parameters["k"].flatMap({ Int($0) }),
      let color = (exactKs + largeKs).firstIndex(of: k),
      let selection = record.parameters["selection"], selection != "top-10"
    else { return nil }
    return (color: color, dashed: selection == "diverse-5")
  }

  // MARK: Random requests

  /// Category counts the exact table serves in well under a second at n = 200.
  private static let exactKs = Array(3...8)
  /// Larger counts: the table grows as 2^k and hands over to the heuristic
  /// when it passes `maxTableCells` or the time limit.
  private static let largeKs = [10, 12, 14, 16]
  /// `AnyOrderSolver`'s default limit on the exact table, in cells.
  private static let maxTableCells = 1 << 24
  private static let selections: [(name: String, selection: Selection)] = [
    ("best", .top(1)), ("top-10", .top(10)), ("diverse-5", .diverse(5)),
  ]
  /// A selection stops growing n after the first size where it takes longer
  /// than this; a series stops with its best plan.
  private static let randomStopSeconds = 2.5
  /// The longest the samples of one measurement may take together.
  private static let randomBudgetSeconds = 15.0
  /// The target's instance: measured in every run, `--quick` included.
  private static let targetSize = (k: 8, n: 200)

  /// Measures every selection over growing n for each k, while it stays
  /// under `randomStopSeconds`. A selection that passes it at the smallest
  /// n of some k (diverse plans: the search, not the table, grows with k)
  /// is left out for every larger k too.
  private static func measureRandomRequests(_ bench: inout Bench) {
    let ks = bench.options.quick ? [3, 8] : exactKs + largeKs
    let ns = bench.options.quick ? [10, 50] : [10, 20, 50, 100, 200]
    var dropped: Set<String> = []
    for k in ks {
      var stopped = dropped
      for n in ns where !stopped.contains("best") {
        let medians = measureSelections(&bench, k: k, n: n, skipping: stopped)
        for (name, _) in selections {
          guard let median = medians[name], median > randomStopSeconds else { continue }
          stopped.insert(name)
          if n == ns.first { dropped.insert(name) }
          bench.note(
            "k=\(k) n=\(n): \(name) took \(SVGChart.timeLabel(median)): not measured for larger "
              + (n == ns.first ? "k or n" : "n"))
        }
      }
    }
    let measured = bench.result.records.contains {
      $0.parameters["k"] == "\(targetSize.k)" && $0.n == targetSize.n
    }
    if !measured { measureSelections(&bench, k: targetSize.k, n: targetSize.n, skipping: []) }
  }

  /// Measures the selections not in `skipping` on the seeded any-order
  /// request of `k` categories with `n` candidates each, and notes when the
  /// solver handed over to its heuristic, and why.
  ///
  /// - Returns: the median wall time of each selection measured.
  @discardableResult
  private static func measureSelections(
    _ bench: inout Bench, k: Int, n: Int, skipping: Set<String>
  ) -> [String: Double] {
    let (ordered, seed) = Workloads.random(categories: k, perCategory: n)
    var problem = ordered
    problem.order = .any
    let nodes = 1 + problem.eligiblePlaces().map(\.count).reduce(0, +)
    let cells = (1 << k) * nodes
    var medians: [String: Double] = [:]
    var handedOver: [String] = []
    for (name, selection) in selections where !skipping.contains(name) {
      let record = bench.measure(
        series: "\(name) k=\(k)", solver: "any-order", n: n,
        parameters: ["k": "\(k)", "seed": "\(seed)", "selection": name, "nodes": "\(nodes)"],
        budgetSeconds: randomBudgetSeconds,
        work: { solution in
          solution.work.merging(
            ["optimal": solution.optimal ? 1 : 0, "plans": solution.plans.count]) { $1 }
        }
      ) {
        AnyOrderSolver(problem: problem).solve(selection)
      }
      medians[name] = record.timing.median
      if record.work["optimal"] == 0 { handedOver.append(name) }
    }
    if !handedOver.isEmpty {
      let why =
        cells > maxTableCells
        ? "its table of 2^\(k) x \(nodes) nodes = \(cells) cells is over the limit of "
          + "\(maxTableCells)"
        : "its table of \(cells) cells did not fill within the time limit"
      bench.note(
        "k=\(k) n=\(n): the exact program handed over to the heuristic (optimal: false) for "
          + "\(handedOver.joined(separator: ", ")): \(why)")
    }
    return medians
  }

  // MARK: GTSPLIB

  /// A line of `values.csv`.
  struct KnownInstance {
    var name: String
    var clusters: Int
    var bestKnown: Double
  }

  /// One seed's run on one instance.
  struct GTSPRun {
    var instance: KnownInstance
    var nodes: Int
    var found: Double
    var proven: Bool
    var wall: Double
    /// When the best tour was found: the heuristic's time to its best, or
    /// the whole run when the exact program improved on it.
    var toBest: Double

    var gapPercent: Double { (found - instance.bestKnown) / instance.bestKnown * 100 }
  }

  /// The largest instances measured: the known values up to here are optimal.
  private static let largestClusters = 89
  private static let quickInstances: Set = ["3burma14", "11eil51"]
  private static let seeds: [UInt64] = [1, 2, 3]
  private static let gtspTimeLimit = Duration.seconds(10)

  /// The instances of `values.csv`, or `nil` when the shared data is absent.
  static func knownInstances() -> [KnownInstance]? {
    guard let url = SharedData.url("gtsplib/values.csv"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return nil }
    let rows = CSV.rows(text)
    guard let header = rows.first, let name = header.firstIndex(of: "instance"),
      let clusters = header.firstIndex(of: "clusters"),
      let bestKnown = header.firstIndex(of: "best_known")
    else { return [] }
    return rows.dropFirst().compactMap { row in
      guard row.count == header.count, let m = Int(row[clusters]),
        let value = Double(row[bestKnown])
      else { return nil }
      return KnownInstance(name: row[name], clusters: m, bestKnown: value)
    }
  }

  private static func measureGTSPLIB(_ bench: inout Bench) {
    guard let known = knownInstances(), let folder = SharedData.url("gtsplib/instances") else {
      bench.note("GTSPLIB skipped: ../shared/data/gtsplib/ is absent")
      return
    }
    let chosen = known.filter {
      bench.options.quick ? quickInstances.contains($0.name) : $0.clusters <= largestClusters
    }
    let clock = ContinuousClock()
    let start = clock.now
    var runs: [GTSPRun] = []
    for entry in chosen {
      let instance: GTSPInstance
      do {
        instance = try GTSPLIBReader.read(contentsOf: folder.appending(path: "\(entry.name).gtsp"))
      } catch {
        bench.note("\(entry.name): skipped: \(error.message)")
        continue
      }
      var instanceRuns: [GTSPRun] = []
      for seed in seeds {
        var result: GTSPSolver.Result?
        let record = bench.measure(
          series: "\(entry.name) seed \(seed)", solver: "gtsp", n: instance.nodeCount,
          parameters: [
            "instance": entry.name, "clusters": "\(entry.clusters)", "seed": "\(seed)",
            "bestKnown": "\(Int(entry.bestKnown))", "timeLimit": "\(gtspTimeLimit)",
            "sweep": bench.options.quick ? "quick" : "full",
          ],
          samples: bench.options.quick ? 3 : 1, warmUp: bench.options.quick,
          work: { (solved: GTSPSolver.Result) in
            result = solved
            var work = [
              "found": Int(solved.tour.cost.rounded()), "proven": solved.tour.optimal ? 1 : 0,
              "iterations": solved.heuristic.iterations,
              "toBestMicros": Int((solved.heuristic.secondsToBest * 1e6).rounded()),
            ]
            if solved.tour.cost < solved.heuristic.tour.cost { work["exactImproved"] = 1 }
            return work
          }
        ) {
          GTSPSolver.solve(instance, options: SolveOptions(timeLimit: gtspTimeLimit, seed: seed))
        }
        guard let result else { continue }
        if !instance.isFeasible(result.tour.nodes)
          || instance.tourCost(result.tour.nodes) != result.tour.cost
        {
          bench.note("\(entry.name) seed \(seed): the tour is not feasible or not of its cost")
        }
        let exactImproved = result.tour.cost < result.heuristic.tour.cost
        instanceRuns.append(
          GTSPRun(
            instance: entry, nodes: instance.nodeCount, found: result.tour.cost,
            proven: result.tour.optimal, wall: record.timing.median,
            toBest: exactImproved ? record.timing.median : result.heuristic.secondsToBest))
      }
      noteInstance(&bench, instanceRuns)
      runs += instanceRuns
    }
    noteSummary(&bench, runs, seconds: (clock.now - start).seconds)
    drawGTSPLIBChart(&bench, runs)
  }

  static func noteInstance(_ bench: inout Bench, _ runs: [GTSPRun]) {
    guard let first = runs.first else { return }
    let entry = first.instance
    func list(_ values: [Double], _ format: (Double) -> String) -> String {
      values.map(format).joined(separator: " / ")
    }
    let meanGap = runs.map(\.gapPercent).reduce(0, +) / Double(runs.count)
    bench.note(
      "\(entry.name): \(entry.clusters) clusters, \(first.nodes) nodes, best known "
        + "\(Int(entry.bestKnown)); found \(list(runs.map(\.found)) { "\(Int($0))" }), "
        + "mean gap \(String(format: "%.3f", meanGap))%; finished in "
        + "\(list(runs.map(\.wall), SVGChart.timeLabel)), best after "
        + "\(list(runs.map(\.toBest), SVGChart.timeLabel)); proven \(runs.count(where: \.proven)) "
        + "of \(runs.count)")
  }

  static func noteSummary(
    _ bench: inout Bench, _ runs: [GTSPRun], seconds: Double, seedCount: Int = seeds.count,
    timeLimit: Duration = gtspTimeLimit
  ) {
    guard !runs.isEmpty else {
      bench.note("GTSPLIB: no instance measured")
      return
    }
    let instances = Dictionary(grouping: runs, by: \.instance.name)
    let missed = instances.keys.filter { name in
      !(instances[name] ?? []).contains { $0.found <= $0.instance.bestKnown }
    }.sorted()
    let meanGap = runs.map(\.gapPercent).reduce(0, +) / Double(runs.count)
    let worst = runs.filter { $0.gapPercent > 0 }.max { $0.gapPercent < $1.gapPercent }.map {
      "worst " + String(format: "%.3f", $0.gapPercent) + "% on " + $0.instance.name
    }
    bench.note(
      "GTSPLIB: \(instances.count) instances x \(seedCount) seeds, time limit "
        + "\(timeLimit): mean gap \(String(format: "%.4f", meanGap))% over \(runs.count) "
        + "runs (\(worst ?? "every run at the known value")); best known reached in "
        + "\(runs.count(where: { $0.found <= $0.instance.bestKnown })) runs, "
        + "on \(instances.count - missed.count) instances by at least one seed"
        + (missed.isEmpty ? "" : " (not on \(missed.joined(separator: ", ")))")
        + "; proven optimal in \(runs.count(where: \.proven)) runs; slowest run "
        + "\(SVGChart.timeLabel(runs.map(\.wall).max() ?? 0)); the sweep took "
        + "\(SVGChart.timeLabel(seconds))")
  }

  /// Writes `anyorder-gtsplib.svg` beside the suite's own chart: the median
  /// time over the seeds against node count, proven instances apart from the
  /// others, and the heuristic's time to its best tour.
  private static func drawGTSPLIBChart(_ bench: inout Bench, _ runs: [GTSPRun]) {
    let instances = Dictionary(grouping: runs, by: \.instance.name).values
    func points(_ groups: [[GTSPRun]], _ time: (GTSPRun) -> Double) -> [(x: Double, y: Double)] {
      groups.compactMap { group in
        group.first.map { (x: Double($0.nodes), y: Timing.median(of: group.map(time))) }
      }
    }
    let proven = instances.filter { $0.allSatisfy(\.proven) }
    let heuristic = instances.filter { !$0.allSatisfy(\.proven) }
    let chart = SVGChart(
      title: "itinerary-bench anyorder: GTSPLIB" + (bench.table.debugBuild ? " (DEBUG BUILD)" : ""),
      xLabel: "nodes", yLabel: "time (median over seeds)",
      series: [
        .init(label: "proven optimal", points: points(proven, \.wall), color: 0),
        .init(label: "not proven: finish", points: points(heuristic, \.wall), color: 1),
        .init(
          label: "not proven: best found", points: points(heuristic, \.toBest), color: 1,
          dashed: true),
      ])
    guard let svg = chart.render() else { return }
    let url = URL(fileURLWithPath: bench.options.output, isDirectory: true)
      .appending(path: "anyorder-gtsplib.svg")
    do {
      try Data(svg.utf8).write(to: url, options: .atomic)
    } catch {
      bench.note("cannot write \(url.path): \(error)")
    }
  }
}
