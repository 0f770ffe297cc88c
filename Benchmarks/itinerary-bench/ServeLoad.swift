import Foundation

/// Load on `itinerary serve` from wrk: the server started on a free port,
/// wrk posting three-category plans, and wrk's figures read back.
struct ServeLoad {
  let wrk: URL
  let port: UInt16
  let script: URL

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// What one wrk run measured.
  struct Run {
    var connections: Int
    var seconds: Int
    var requests: Int
    var requestsPerSecond: Double
    /// Latency percentiles, in seconds.
    var p50: Double
    var p99: Double
    /// Responses by HTTP status.
    var statuses: [Int: Int]
    /// Connect, read, write errors and timeouts, together.
    var socketErrors: Int

    var work: [String: Int] {
      func whole(_ value: Double) -> Int { value.isFinite ? Int(value.rounded()) : -1 }
      var work = [
        "requests": requests, "requestsPerSecond": whole(requestsPerSecond),
        "p99Micros": whole(p99 * 1e6), "socketErrors": socketErrors,
      ]
      for (status, count) in statuses { work["status\(status)"] = count }
      return work
    }
  }

  /// The body every request posts: the plan of the issue's target.
  static let body = #"{"categories": ["restaurant", "park", "museum"]}"#

  /// wrk's Lua: POST the body, count statuses per thread, print the
  /// counts when done.
  static let lua = """
    wrk.method = "POST"
    wrk.body = '\(body)'
    wrk.headers["Content-Type"] = "application/json"
    local threads = {}
    function setup(thread) table.insert(threads, thread) end
    function init(args) statuses = {} end
    function response(status, headers, body)
      statuses[status] = (statuses[status] or 0) + 1
    end
    function done(summary, latency, requests)
      for _, thread in ipairs(threads) do
        for status, n in pairs(thread:get("statuses")) do
          io.write(string.format("status %d %d\\n", status, n))
        end
      end
    end
    """

  static func findWrk() -> URL? {
    ["/usr/bin/wrk", "/usr/local/bin/wrk"].map { URL(fileURLWithPath: $0) }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }

  init(wrk: URL, port: UInt16) throws {
    self.wrk = wrk
    self.port = port
    script = FileManager.default.temporaryDirectory.appending(
      path: "itinerary-bench-\(getpid()).lua")
    try Data(Self.lua.utf8).write(to: script)
  }

  /// One wrk run of `seconds` with one thread (the other core serves).
  func run(connections: Int, seconds: Int) throws -> Run {
    let process = Process()
    process.executableURL = wrk
    process.arguments = [
      "-t1", "-c\(connections)", "-d\(seconds)s", "--timeout", "5s", "--latency", "-s", script.path,
      "http://127.0.0.1:\(port)/v1/plan",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "wrk exited \(process.terminationStatus): \(text)")
    }
    return try Self.parse(text, connections: connections, seconds: seconds)
  }

  /// wrk's report: requests, requests/s, the latency distribution, socket
  /// errors, and the status lines the script prints.
  static func parse(_ text: String, connections: Int, seconds: Int) throws -> Run {
    var run = Run(
      connections: connections, seconds: seconds, requests: 0, requestsPerSecond: 0, p50: .nan,
      p99: .nan, statuses: [:], socketErrors: 0)
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      if line.hasPrefix("Requests/sec:"), let value = words.last.flatMap({ Double($0) }) {
        run.requestsPerSecond = value
      } else if words.count >= 2, words[1] == "requests", let count = Int(words[0]) {
        run.requests = count
      } else if words.count == 2, words[0] == "50%" {
        run.p50 = duration(words[1])
      } else if words.count == 2, words[0] == "99%" {
        run.p99 = duration(words[1])
      } else if words.first == "status", words.count == 3, let status = Int(words[1]),
        let count = Int(words[2])
      {
        run.statuses[status, default: 0] += count
      } else if line.hasPrefix("  Socket errors:") {
        run.socketErrors = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
          .reduce(0, +)
      }
    }
    guard run.requests > 0 else { throw Failure(description: "wrk measured nothing: \(text)") }
    return run
  }

  /// `12.5ms`, `830.00us`, `1.20s` in seconds.
  static func duration(_ text: Substring) -> Double {
    for (suffix, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0)] where text.hasSuffix(suffix) {
      return (Double(text.dropLast(suffix.count)) ?? .nan) * scale
    }
    return .nan
  }

  /// The status of `GET /healthz`, or 0 when it does not answer.
  static func health(_ port: UInt16) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/healthz",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    process.waitUntilExit()
    return Int(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
      ?? 0
  }

  /// `itinerary serve --port 0` with a data directory of its own, quiet.
  final class Server {
    let process = Process()
    let port: UInt16
    private let data: URL

    init(binary: URL) throws {
      data = FileManager.default.temporaryDirectory.appending(
        path: "itinerary-bench-serve-\(getpid())")
      process.executableURL = binary
      process.arguments = ["serve", "--port", "0"]
      process.environment = [
        "ITINERARY_DATA_DIR": data.path, "ITINERARY_NOW": Suite.benchmarkNow,
      ]
      let log = Pipe()
      process.standardError = log
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      var seen = ""
      while !seen.contains("\n") {
        let chunk = log.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        seen += String(decoding: chunk, as: UTF8.self)
      }
      guard let line = seen.split(separator: "\n").first(where: { $0.hasPrefix("listening on") }),
        let port = UInt16(line.split(separator: ":").last?.filter(\.isNumber) ?? "")
      else { throw Failure(description: "the server did not start: \(seen)") }
      self.port = port
      // Drain the access log so that the server never waits on a full pipe.
      log.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
    }

    /// Resident memory now and at its peak, in KiB, from /proc.
    func residentKiB() -> Int { status("VmRSS:") }
    func peakKiB() -> Int { status("VmHWM:") }

    private func status(_ key: String) -> Int {
      let text =
        (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8))
        ?? ""
      let line = text.split(separator: "\n").first { $0.hasPrefix(key) }
      return line.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
    }

    func stop() {
      process.terminate()
      process.waitUntilExit()
      try? FileManager.default.removeItem(at: data)
    }
  }
}
