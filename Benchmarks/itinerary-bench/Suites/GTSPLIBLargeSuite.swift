import Foundation
import ItineraryCore
import ItineraryFormats
import ItinerarySolver
import ItineraryWorkloads

extension Suite {
  /// How `gtsplibLarge` draws a record (see `Suite.chartStyle`).
  static func gtsplibLargeChartStyle(_ record: Record) -> (color: Int, dashed: Bool)? {
    guard let seed = record.parameters["seed"].flatMap({ Int($0) }) else { return nil }
    return (color: seed - 1, dashed: record.parameters["sweep"] == "large-60")
  }

  /// The most clusters of the instances `anyorder` measures.
  private static let smallestLargeClusters = 90
  private static let largeSeeds: [UInt64] = [1, 2, 3]
  private static let shortLimit = Duration.seconds(10)
  private static let longLimit = Duration.seconds(60)

  /// `GTSPSolver` on the GTSPLIB instances of `../shared/data/gtsplib` with
  /// more than 89 clusters (107att532 to 217vm1084, best-known values, not
  /// proven), as `itinerary gtsp` runs them.
  ///
  /// First every instance with seeds 1, 2 and 3 at a 10 s limit (sweep
  /// `large`); then, for each instance that no seed brought to its best
  /// known value, the seeds in turn at a 60 s limit until one does (sweep
  /// `large-60`). The heuristic's choices do not depend on the time limit,
  /// so a 10 s run is the first 10 s of a 60 s one: an instance reached at
  /// 10 s is reached within 60 s. One timed run per seed, no warm-up. Work
  /// counters as in `anyorder`'s GTSPLIB runs.
  ///
  /// `ITINERARY_BENCH_GTSPLIB` (names, comma separated) keeps only those
  /// instances and `ITINERARY_BENCH_SEEDS` (say `1`) only those seeds, for
  /// quick measurements; the sweep is then tagged `large-subset` and the
  /// targets leave it out. `ITINERARY_BENCH_LONG=0` skips the 60 s runs.
  /// `--quick`: 107si535, seed 1, 10 s only.
  /// About 7 minutes for the 10 s runs, plus a minute for each 60 s run.
  static func gtsplibLarge(_ bench: inout Bench) {
    guard let known = knownInstances(), let folder = SharedData.url("gtsplib/instances") else {
      bench.note("GTSPLIB skipped: ../shared/data/gtsplib/ is absent")
      return
    }
    let environment = ProcessInfo.processInfo.environment
    let quick = bench.options.quick
    let names =
      quick
      ? ["107si535"]
      : environment["ITINERARY_BENCH_GTSPLIB"].map {
        Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
      }
    let seeds =
      quick
      ? [1]
      : environment["ITINERARY_BENCH_SEEDS"].map {
        $0.split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
      } ?? largeSeeds
    let long = !quick && environment["ITINERARY_BENCH_LONG"] != "0"
    let subset = names != nil || seeds != largeSeeds
    let chosen = known.filter {
      $0.clusters >= smallestLargeClusters && (names?.contains($0.name) ?? true)
    }
    let clock = ContinuousClock()
    let start = clock.now
    bench.note(
      String(format: "gtsplib-large: load average %.2f at the start", Machine.loadAverage()))
    var instances: [(entry: KnownInstance, instance: GTSPInstance)] = []
    for entry in chosen {
      do {
        instances.append(
          (entry, try GTSPLIBReader.read(contentsOf: folder.appending(path: "\(entry.name).gtsp"))))
      } catch {
        bench.note("\(entry.name): skipped: \(error.message)")
      }
    }
    var runs: [GTSPRun] = []
    var unreached: [(entry: KnownInstance, instance: GTSPInstance)] = []
    for (entry, instance) in instances {
      let instanceRuns = seeds.compactMap { seed in
        run(
          &bench, entry, instance, seed: seed, limit: shortLimit,
          sweep: subset ? "large-subset" : "large")
      }
      noteInstance(&bench, instanceRuns)
      runs += instanceRuns
      if !instanceRuns.contains(where: { $0.found <= entry.bestKnown }) {
        unreached.append((entry, instance))
      }
    }
    noteSummary(
      &bench, runs, seconds: (clock.now - start).seconds, seedCount: seeds.count,
      timeLimit: shortLimit)
    guard long else {
      bench.note("gtsplib-large: 60 s runs skipped (ITINERARY_BENCH_LONG=0)")
      return
    }
    for (entry, instance) in unreached {
      var tried: [String] = []
      for seed in seeds {
        guard
          let longRun = run(
            &bench, entry, instance, seed: seed, limit: longLimit,
            sweep: subset ? "large-60-subset" : "large-60")
        else { continue }
        tried.append(
          "seed \(seed): \(Int(longRun.found)) (gap \(String(format: "%.3f", longRun.gapPercent))%, "
            + "best after \(SVGChart.timeLabel(longRun.toBest)))")
        if longRun.found <= entry.bestKnown { break }
      }
      bench.note("\(entry.name) at 60 s: " + tried.joined(separator: "; "))
    }
    bench.note(
      String(
        format: "gtsplib-large: load average %.2f at the end; the suite took %.0f s",
        Machine.loadAverage(), (clock.now - start).seconds))
  }

  /// One seed's run at `limit`, recorded, or `nil` when it gave no tour.
  private static func run(
    _ bench: inout Bench, _ entry: KnownInstance, _ instance: GTSPInstance, seed: UInt64,
    limit: Duration, sweep: String
  ) -> GTSPRun? {
    var result: GTSPSolver.Result?
    let record = bench.measure(
      series: "\(entry.name) seed \(seed) \(limit)", solver: "gtsp", n: instance.nodeCount,
      parameters: [
        "instance": entry.name, "clusters": "\(entry.clusters)", "seed": "\(seed)",
        "bestKnown": "\(Int(entry.bestKnown))", "timeLimit": "\(limit)", "sweep": sweep,
      ],
      samples: 1, warmUp: false,
      work: { (solved: GTSPSolver.Result) in
        result = solved
        return [
          "found": Int(solved.tour.cost.rounded()), "proven": solved.tour.optimal ? 1 : 0,
          "iterations": solved.heuristic.iterations,
          "toBestMicros": Int((solved.heuristic.secondsToBest * 1e6).rounded()),
        ]
      }
    ) {
      GTSPSolver.solve(instance, options: SolveOptions(timeLimit: limit, seed: seed))
    }
    guard let result else { return nil }
    if !instance.isFeasible(result.tour.nodes)
      || instance.tourCost(result.tour.nodes) != result.tour.cost
    {
      bench.note("\(entry.name) seed \(seed): the tour is not feasible or not of its cost")
    }
    return GTSPRun(
      instance: entry, nodes: instance.nodeCount, found: result.tour.cost,
      proven: result.tour.optimal, wall: record.timing.median,
      toBest: result.heuristic.secondsToBest)
  }
}
