import Foundation
import ItineraryCore
import ItineraryPlanning

extension Suite {
  /// `itinerary batch` on three-category plans of the embedded city: plans a
  /// second in-process on one core and on every core, against one process
  /// per request, and the batch process's memory as the input grows.
  static func batch(_ bench: inout Bench) throws {
    let lines = bench.options.quick ? 2_000 : 20_000
    let input = batchLines(lines, seed: 1)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var rates: [Int: Double] = [:]
    for jobs in Set([1, cores]).sorted() {
      let record = try bench.measure(
        series: "in-process, \(jobs) jobs", solver: "batch", n: lines,
        parameters: ["jobs": "\(jobs)"], minimumSampleSeconds: 0,
        samples: bench.options.quick ? 3 : nil, work: { ["lines": $0] }
      ) {
        try runInProcess(input, jobs: jobs)
      }
      rates[jobs] = Double(lines) / record.timing.median
    }
    if let one = rates[1], let all = rates[cores] {
      bench.note(
        String(
          format: "batch: %.0f plans a second on 1 core, %.0f on %d (%.2f times)", one, all,
          cores, all / one))
    }
    guard let binary = siblingExecutable("itinerary") else {
      bench.note("skipped the process comparisons: build `itinerary` first")
      return
    }
    let scratch = FileManager.default.temporaryDirectory
      .appending(path: "itinerary-bench-batch-\(getpid())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let perProcess = try bench.measure(
      series: "one process per request", solver: "itinerary plan", n: 1,
      minimumSampleSeconds: 0, samples: bench.options.quick ? 3 : 10
    ) {
      try runToCompletion(
        binary,
        ["plan", "restaurant", "park", "art", "--start", "2026-12-01T14:00", "--format", "json"],
        in: scratch)
    }
    if let all = rates[cores] {
      bench.note(
        String(
          format: "batch: %.0f times faster than one process per request",
          all * perProcess.timing.median))
    }
    // Memory: the batch process's peak resident size as its input grows tenfold.
    let sizes = bench.options.quick ? [2_000, 20_000] : [10_000, 100_000, 1_000_000]
    var peaks: [String] = []
    for size in sizes {
      let file = scratch.appending(path: "in-\(size).jsonl")
      try batchLines(size, seed: 2).write(to: file)
      let started = Date()
      let peak = try peakResidentKB(binary, ["batch", file.path, "-o", "/dev/null"])
      peaks.append("\(size) lines: \(peak / 1024) MiB")
      bench.result.records.append(
        Record(
          series: "memory", solver: "itinerary batch", n: size, parameters: ["kind": "memory"],
          timing: Timing(iterations: 1, wall: [Date().timeIntervalSince(started)], cpu: []),
          work: ["peakKiB": peak]))
    }
    bench.note("batch memory (peak resident): " + peaks.joined(separator: ", "))
  }

  /// `count` plan requests around the embedded city's centre, seeded, each
  /// starting at a quarter hour from 09:00 to 18:45 on a Tuesday: the same
  /// work whenever the suite runs.
  static func batchLines(_ count: Int, seed: UInt64) -> Data {
    var generator = SplitMix64(seed: seed)
    let categories = ["restaurant", "park", "art", "cafe", "museum", "bar"]
    var text = ""
    for index in 0..<count {
      let chosen = categories.shuffled(using: &generator).prefix(3)
      let lat = 60.1699 + Double.random(in: -0.004...0.004, using: &generator)
      let lon = 24.9384 + Double.random(in: -0.008...0.008, using: &generator)
      let names = chosen.map { "\"\($0)\"" }.joined(separator: ",")
      let start = String(
        format: "2026-12-01T%02d:%02d", Int.random(in: 9...18, using: &generator),
        15 * Int.random(in: 0...3, using: &generator))
      text +=
        "{\"id\":\(index),\"plan\":{\"categories\":[\(names)],\"start\":\"\(start)\","
        + "\"at\":{\"lat\":\(lat),\"lon\":\(lon)}}}\n"
    }
    return Data(text.utf8)
  }

  /// The lines answered by a `BatchRunner` reading them from a pipe.
  private static func runInProcess(_ input: Data, jobs: Int) throws -> Int {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw ProcessFailure(description: "pipe failed") }
    let (reading, writing) = (descriptors[0], descriptors[1])
    let writer = Thread {
      input.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
          let written = write(writing, base + offset, bytes.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      close(writing)
    }
    writer.start()
    defer { close(reading) }
    let runner = BatchRunner(pipeline: PlanningPipeline(environment: [:]), jobs: jobs)
    var bytes = 0
    let progress = try runner.run(LineReader(descriptor: reading)) { line in
      bytes += line.count
    }
    return progress.answered
  }

  /// The peak resident memory of a whole run of `binary`, in KiB.
  private static func peakResidentKB(_ binary: URL, _ arguments: [String]) throws -> Int {
    var pid = pid_t()
    let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    guard posix_spawn(&pid, binary.path, &actions, nil, argv, environ) == 0 else {
      throw ProcessFailure(description: "cannot start \(binary.path)")
    }
    return try PeakResident.wait(for: pid, descendants: false, interval: 0.01).kilobytes
  }
}
