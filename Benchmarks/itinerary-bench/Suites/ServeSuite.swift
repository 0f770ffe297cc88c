import Foundation

extension Suite {
  /// `itinerary serve` under wrk, on loopback: three-category plans on the
  /// embedded city at 64 connections, the same at ten times that (the
  /// overload is answered 503), and the server's memory over 100,000 plans.
  ///
  /// It runs the `itinerary` binary of the same build directory and `wrk`
  /// (Debian's package), and skips, saying so, when either is missing.
  static func serve(_ bench: inout Bench) throws {
    guard let binary = itineraryExecutable(&bench) else { return }
    guard let wrk = ServeLoad.findWrk() else {
      bench.note("skipped: wrk is not installed (apt-get install wrk)")
      return
    }
    do {
      let server = try ServeLoad.Server(binary: binary)
      defer { server.stop() }
      let load = try ServeLoad(wrk: wrk, port: server.port)
      let quick = bench.options.quick
      let seconds = quick ? 3 : 10
      try bench.record(load.run(connections: 64, seconds: seconds), series: "plan", server)
      try bench.record(load.run(connections: 640, seconds: seconds), series: "overload", server)
      bench.note(
        "after the overload /healthz answers \(try ServeLoad.health(server.port))")
      // Memory: resident size after a warm-up, then after at least
      // `total` more plans, in runs of ten seconds.
      let total = quick ? 10_000 : 100_000
      _ = try load.run(connections: 64, seconds: seconds)
      let before = server.residentKiB()
      var served = 0
      var runs: [ServeLoad.Run] = []
      while served < total {
        let run = try load.run(connections: 64, seconds: seconds)
        runs.append(run)
        served += run.requests
      }
      let after = server.residentKiB()
      var work = ["requests": served, "rssBeforeKiB": before, "rssAfterKiB": after]
      for run in runs {
        for (status, count) in run.statuses { work["status\(status)", default: 0] += count }
        work["socketErrors", default: 0] += run.socketErrors
      }
      bench.result.records.append(
        Record(
          series: "memory", solver: "itinerary serve", n: total,
          parameters: ["kind": "memory", "connections": "64"],
          timing: Timing(iterations: served, wall: runs.map(\.p50), cpu: []), work: work))
      bench.note(
        "memory over \(served) more plans: resident \(before / 1024) MiB before, "
          + "\(after / 1024) MiB after (peak \(server.peakKiB() / 1024) MiB)")
    } catch {
      bench.note("skipped the rest: \(error)")
    }
  }

  /// How `serve` draws a record (see `Suite.chartStyle`).
  static func serveChartStyle(_ record: Record) -> (color: Int, dashed: Bool)? {
    record.parameters["kind"] == "memory" ? nil : (color: 0, dashed: false)
  }
}

extension Bench {
  /// Keeps a load run as a record and prints its figures.
  mutating func record(_ run: ServeLoad.Run, series: String, _ server: ServeLoad.Server) {
    let record = Record(
      series: series, solver: "itinerary serve", n: run.connections,
      parameters: ["kind": series, "seconds": "\(run.seconds)"],
      timing: Timing(iterations: run.requests, wall: [run.p50], cpu: []), work: run.work)
    result.records.append(record)
    note(
      "\(series), \(run.connections) connections: \(Int(run.requestsPerSecond)) requests/s, "
        + "latency p50 \(Suite.format(run.p50 * 1000)) ms, p99 \(Suite.format(run.p99 * 1000)) ms, "
        + "statuses \(run.statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")), "
        + "socket errors \(run.socketErrors); server resident \(server.residentKiB() / 1024) MiB")
  }
}
