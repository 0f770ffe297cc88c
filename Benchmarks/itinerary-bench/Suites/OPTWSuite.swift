import Foundation
import ItineraryCore
import ItineraryFormats
import ItinerarySolver
import ItineraryWorkloads

extension Suite {
  /// What `values.csv` says of one (instance, routes) row.
  struct OPTWKnown {
    var name: String
    var routes: Int
    var value: Double
    /// `optimal_proven`, `BKS_literature` or `heuristic_best_only`.
    var kind: String
  }

  static let optwQuick: Set = ["r101", "rc101", "c201", "pr01"]
  static let optwProofLimit = Duration.seconds(60)
  static let optwLimit = Duration.seconds(10)
  /// Each second look's proof: its time (`ITINERARY_BENCH_LOOK` seconds,
  /// 120 by default) and labels per search (a few gigabytes at most).
  static let lookLimit = Duration.seconds(
    ProcessInfo.processInfo.environment["ITINERARY_BENCH_LOOK"].flatMap { Int($0) } ?? 120)
  static let lookLabels = 50_000_000
  /// One search per core, as `itinerary optw` runs by default.
  static let threads = ProcessInfo.processInfo.activeProcessorCount

  static func optwKnown() -> [OPTWKnown]? {
    guard let url = SharedData.url("optw/values.csv"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return nil }
    return CSV.rows(text).dropFirst().compactMap { row in
      guard row.count >= 4, let routes = Int(row[1]), let value = Double(row[2]) else {
        return nil
      }
      let kind = row[3].split(separator: "(").first.map(String.init) ?? row[3]
      return OPTWKnown(name: row[0], routes: routes, value: value, kind: kind)
    }
  }

  /// The orienteering solver on the shared OPTW / TOPTW instances against
  /// their values: each (instance, routes) row of `values.csv`, one run with
  /// seed 1, its value, its gap to the known value, its time and whether it
  /// was proven. One route with a proven optimum: 60 s to prove it; every
  /// other row: 10 s; in a full sweep, a one-route row left below its
  /// known value then has a second look (`Look`), the proof alone from the
  /// trip found, twice: with the known value as its bar, which may prove
  /// that value out of reach, then without, which may prove the value found
  /// optimal (`ITINERARY_BENCH_LOOK` gives each more than 120 s).
  /// `ITINERARY_BENCH_ROUTES` (say `1` or `1,2`) keeps only those route
  /// counts, `ITINERARY_BENCH_OPTW` (say `pr`) the instances named with that
  /// prefix; `--quick` runs four instances.
  static func optw(_ bench: inout Bench) {
    guard let known = optwKnown(), let folder = SharedData.url("optw/instances") else {
      bench.note("OPTW skipped: ../shared/data/optw/ is absent")
      return
    }
    let routeFilter = ProcessInfo.processInfo.environment["ITINERARY_BENCH_ROUTES"].map {
      Set($0.split(separator: ",").compactMap { Int($0) })
    }
    let prefix = ProcessInfo.processInfo.environment["ITINERARY_BENCH_OPTW"] ?? ""
    let chosen = known.filter {
      $0.name.hasPrefix(prefix)
        && (bench.options.quick ? optwQuick.contains($0.name) && $0.routes <= 2 : true)
        && (routeFilter?.contains($0.routes) ?? true)
    }
    var beaten: [String] = []
    for entry in chosen {
      // c204's header is broken; its mended copy reads the same.
      let file = folder.appending(path: "\(entry.name).txt")
      let instance: OrienteeringInstance
      do {
        instance = try OPTWReader.read(contentsOf: file, routes: entry.routes)
      } catch {
        bench.note("\(entry.name): skipped: \(error.message)")
        continue
      }
      let limit = entry.routes == 1 && entry.kind == "optimal_proven" ? optwProofLimit : optwLimit
      guard let result = solve(entry, instance, limit: limit, &bench) else { continue }
      let found = result.trip.score
      if found > entry.value {
        beaten.append("\(entry.name) M=\(entry.routes): \(Int(found)) > \(Int(entry.value))")
      }
      // One route below its known value: whether that value can be
      // reached, and whether the value found is the optimum.
      if !bench.options.quick, entry.routes == 1, found < entry.value, !result.trip.optimal {
        for kind in [Look.reach, .proof] {
          look(kind, entry, instance, from: result.trip.routes.first ?? [], &bench)
        }
      }
    }
    bench.note(
      beaten.isEmpty
        ? "no known value beaten"
        : "above the known value (heuristic lower bounds beaten): " + beaten.joined(separator: "; ")
    )
  }

  /// One solve of a row, measured and noted.
  private static func solve(
    _ entry: OPTWKnown, _ instance: OrienteeringInstance, limit: Duration,
    _ bench: inout Bench
  ) -> OrienteeringSolver.Result? {
    var result: OrienteeringSolver.Result?
    let parameters = [
      "instance": entry.name, "routes": "\(entry.routes)", "known": "\(Int(entry.value))",
      "kind": entry.kind, "timeLimit": "\(limit)", "seed": "1", "threads": "\(threads)",
      "sweep": bench.options.quick ? "quick" : "full",
    ]
    let record = bench.measure(
      series: "\(entry.name) M=\(entry.routes)",
      solver: "orienteering", n: instance.vertexCount, parameters: parameters,
      samples: 1, warmUp: false,
      work: { (solved: OrienteeringSolver.Result) in
        result = solved
        return [
          "found": Int(solved.trip.score.rounded()), "proven": solved.trip.optimal ? 1 : 0,
          "toBestMillis": Int((solved.secondsToBest * 1000).rounded()),
          "iterations": solved.heuristic.iterations, "labels": solved.exact?.labels ?? 0,
        ]
      }
    ) {
      OrienteeringSolver.solve(
        instance, options: SolveOptions(timeLimit: limit, seed: 1, threads: threads))
    }
    guard let result else { return nil }
    let label = "\(entry.name) M=\(entry.routes)"
    if !instance.isFeasible(result.trip.routes) {
      bench.note("\(label): THE TRIP IS NOT FEASIBLE")
    }
    let gap = (entry.value - result.trip.score) / entry.value * 100
    bench.note(
      "\(label): \(Int(result.trip.score)) against \(Int(entry.value)) "
        + "(\(entry.kind)), gap \(String(format: "%.2f", gap))%, "
        + "\(SVGChart.timeLabel(record.timing.median)), best after "
        + "\(SVGChart.timeLabel(result.secondsToBest))"
        + (result.trip.optimal ? ", proven optimal" : ""))
    return result
  }

  /// The second look at a one-route row: whether the known value can be
  /// reached at all, then whether the value found is the optimum.
  enum Look: String {
    /// The proof with the known value as its bar (`atLeast`): it prunes
    /// more than the proof of the optimum, so it may end where that does
    /// not; when it ends below the bar, no route reaches the known value.
    case reach
    /// The proof of the optimum, from the trip found: when it ends, the
    /// value it returns is the optimum.
    case proof
  }

  /// A second look at a one-route row left below its known value: the
  /// proof alone (`OrienteeringLabelling`), from the trip found, on one
  /// thread for up to `lookLimit`, with the known value as its bar or
  /// without. Its record says `look` `reach` or `proof`.
  private static func look(
    _ look: Look, _ entry: OPTWKnown, _ instance: OrienteeringInstance, from route: [Int],
    _ bench: inout Bench
  ) {
    guard let day = instance.days.first else { return }
    var proof: OrienteeringLabelling.Result?
    let record = bench.measure(
      series: "\(entry.name) M=1 \(look.rawValue)", solver: "orienteering labelling",
      n: instance.vertexCount,
      parameters: [
        "instance": entry.name, "routes": "1", "known": "\(Int(entry.value))",
        "kind": entry.kind, "timeLimit": "\(lookLimit)", "threads": "1",
        "look": look.rawValue, "sweep": "full",
      ],
      samples: 1, warmUp: false,
      work: { (result: OrienteeringLabelling.Result) in
        proof = result
        return [
          "found": Int(result.score.rounded()), "proven": result.proven ? 1 : 0,
          "labels": result.labels, "searches": result.iterations,
        ]
      }
    ) {
      OrienteeringLabelling.solve(
        instance, day: day, incumbent: route, deadline: Deadline(after: lookLimit),
        maxLabels: lookLabels, atLeast: look == .reach ? entry.value : -.infinity)
    }
    guard let proof else { return }
    let time = SVGChart.timeLabel(record.timing.median)
    let known = Int(entry.value)
    let outcome: String
    switch (look, proof.proven, proof.score < entry.value) {
    case (_, false, _): outcome = "no proof in \(time), best \(Int(proof.score))"
    case (.reach, true, true): outcome = "no route reaches the known \(known), proven in \(time)"
    case (.reach, true, false):
      outcome = "a route of \(Int(proof.score)), proven optimal in \(time)"
    case (.proof, true, let below):
      outcome =
        "\(Int(proof.score)) proven optimal in \(time)"
        + (below ? "; the known \(known) cannot be reached" : "")
    }
    bench.note(
      "\(entry.name) M=1, the proof alone from \(Int(instance.score([route])))"
        + (look == .reach ? " with the known value as its bar" : "")
        + ": \(outcome), \(proof.labels) labels")
  }
}
