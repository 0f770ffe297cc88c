import Foundation

/// One measured configuration: a point of a chart and a row of the table.
struct Record: Codable, Sendable {
  /// The line of the chart this point belongs to (`best k=6`).
  var series: String
  /// The solver or code path measured (`ordered-dp`, `brute-force`, ...).
  var solver: String
  /// The chart's x value: candidates per category, nodes, ...
  var n: Int
  /// What else defines the workload (`k`, `seed`, `selection`, ...).
  var parameters: [String: String]
  var timing: Timing
  /// Work counters of one run (`distances`, `expanded`, ...).
  var work: [String: Int]
}

/// What one suite measured.
struct SuiteResult: Codable, Sendable {
  var name: String
  /// The chart's x axis, in words.
  var xAxis: String
  var records: [Record] = []
  /// Derived figures and skipped parts, in words.
  var notes: [String] = []
}

/// The machine the numbers came from.
struct Machine: Codable, Sendable {
  var cpu: String
  var logicalCores: Int
  var memoryGiB: Double
  /// `uname -srm`.
  var system: String
  /// The 1-minute load average before and after the run: other work on the
  /// machine shows up here.
  var loadBefore: Double
  var loadAfter: Double?

  static func current() -> Machine {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let modelLines = cpuinfo.split(separator: "\n").filter { $0.hasPrefix("model name") }
    let model = modelLines.first.flatMap { $0.split(separator: ":", maxSplits: 1).last }
    let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
    let memoryKiB =
      meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
      .flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Double($0) } } ?? 0
    return Machine(
      cpu: model.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown",
      logicalCores: ProcessInfo.processInfo.activeProcessorCount,
      memoryGiB: (memoryKiB / 1_048_576 * 10).rounded() / 10,
      system: unameDescription(), loadBefore: loadAverage())
  }

  static func loadAverage() -> Double {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").first.flatMap { Double($0) } ?? .nan
  }

  private static func unameDescription() -> String {
    var names = utsname()
    guard uname(&names) == 0 else { return "unknown" }
    func field<T>(_ value: T) -> String {
      withUnsafeBytes(of: value) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
    }
    return "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
  }
}

/// Everything one run of the harness measured, as written to `results.json`.
struct Report: Codable, Sendable {
  /// The format of this file. Readers check it before anything else.
  var version = 1
  var machine: Machine
  /// ISO 8601, UTC.
  var date: String
  /// `git rev-parse HEAD` of the working directory, with `-dirty` when it has
  /// uncommitted changes, or `unknown`.
  var commit: String
  /// `release`, or `debug` when run with `--allow-debug`.
  var build: String
  var arguments: [String]
  var suites: [SuiteResult] = []
  /// The performance targets, as measured by this run.
  var targets: [Target] = []

  /// Writes the report as pretty-printed JSON, replacing any earlier file at once.
  func write(to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    try encoder.encode(self).write(to: url, options: .atomic)
  }

  static func currentCommit() -> String {
    guard let head = git(["rev-parse", "HEAD"]), !head.isEmpty else { return "unknown" }
    let status = git(["status", "--porcelain", "--untracked-files=no"]) ?? ""
    return status.isEmpty ? head : head + "-dirty"
  }

  private static func git(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
