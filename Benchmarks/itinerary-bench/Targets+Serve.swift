extension Target {
  /// The server's targets: at least 1,500 plans a second at 64 connections
  /// with a p99 under 50 ms and no error; ten times that many connections
  /// answered with 503s and nothing else going wrong; memory flat over
  /// 100,000 plans: grown by less than 16 MiB (a leak of 170 bytes a plan
  /// would pass it), resident size moving by a few MiB either way from run
  /// to run as the allocator keeps and returns memory.
  static func serveTargets(_ suites: [SuiteResult]) -> [Target] {
    let records = suites.first { $0.name == "serve" }?.records ?? []
    let missing = "not in this run: run the serve suite"
    let plan = records.first { $0.series == "plan" }
    let overload = records.first { $0.series == "overload" }
    let memory = records.first { $0.series == "memory" }
    func errors(_ record: Record) -> Int {
      record.work.filter { $0.key.hasPrefix("status") && $0.key != "status200" }.values.reduce(0, +)
        + (record.work["socketErrors"] ?? 0)
    }
    let growth = memory.map { record -> Int in
      (record.work["rssAfterKiB"] ?? 0) - (record.work["rssBeforeKiB"] ?? 0)
    }
    return [
      Target(
        name: "serve: 3-category plans at 64 connections",
        measured: plan.map { Double($0.work["requestsPerSecond"] ?? 0) },
        limit: ">= 1,500 requests/s, p99 < 50 ms, no errors",
        met: plan.map {
          ($0.work["requestsPerSecond"] ?? 0) >= 1500 && ($0.work["p99Micros"] ?? .max) < 50_000
            && errors($0) == 0
        },
        detail: plan.map {
          "\($0.work["requestsPerSecond"] ?? 0) requests/s, p99 \(Double($0.work["p99Micros"] ?? 0) / 1000) ms, "
            + "\(errors($0)) errors of \($0.work["requests"] ?? 0)"
        } ?? missing),
      Target(
        name: "serve: 10x overload (640 connections) answered with 503s",
        measured: overload.map { Double($0.work["status503"] ?? 0) },
        limit: "some 503s, no other error, no crash",
        met: overload.map {
          ($0.work["status503"] ?? 0) > 0 && errors($0) == ($0.work["status503"] ?? 0)
        },
        detail: overload.map {
          "\($0.work["status200"] ?? 0) answered 200, \($0.work["status503"] ?? 0) answered 503, "
            + "\($0.work["socketErrors"] ?? 0) socket errors"
        } ?? missing),
      Target(
        name: "serve: memory over 100,000 plans",
        measured: growth.map { Double($0) / 1024 },
        limit: "flat: grows < 16 MiB",
        met: growth.map { $0 < 16 * 1024 },
        detail: memory.map {
          "resident \(($0.work["rssBeforeKiB"] ?? 0) / 1024) MiB before, "
            + "\(($0.work["rssAfterKiB"] ?? 0) / 1024) MiB after \($0.n) plans"
        } ?? missing),
    ]
  }
}
