import Foundation

extension Suite {
  /// The whole `itinerary plan` process on the embedded city, start-up and
  /// output included, for requests of growing length; then `itinerary
  /// explore` choosing an afternoon (13:00 to 18:00) from 3 categories and
  /// from every place.
  ///
  /// It runs the `itinerary` binary of the same build directory and skips,
  /// saying so, when that binary has not been built.
  static func cli(_ bench: inout Bench) throws {
    guard let binary = itineraryExecutable(&bench) else { return }
    let scratch = FileManager.default.temporaryDirectory
      .appending(path: "itinerary-bench-\(getpid())")
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      bench.note("skipped: cannot create \(scratch.path): \(error)")
      return
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let requests =
      bench.options.quick ? [planCategories.prefix(3)] : (2...6).map { planCategories.prefix($0) }
    for categories in requests {
      let arguments = ["plan"] + categories
      do {
        try bench.measure(
          series: "itinerary plan", solver: "itinerary", n: categories.count,
          parameters: ["arguments": arguments.joined(separator: " ")], minimumSampleSeconds: 0,
          work: { ["stdoutBytes": $0] }
        ) {
          try runToCompletion(binary, arguments, in: scratch)
        }
      } catch {
        bench.note("skipped `itinerary \(arguments.joined(separator: " "))`: \(error)")
        return
      }
    }
    for categories in [["museum", "cafe", "art"], []] {
      let arguments =
        ["explore"] + categories + ["--start", "2026-12-01T13:00", "--end", "18:00"]
      do {
        try bench.measure(
          series: "itinerary explore", solver: "itinerary", n: categories.count,
          parameters: ["arguments": arguments.joined(separator: " "), "afternoon": "1"],
          minimumSampleSeconds: 0, work: { ["stdoutBytes": $0] }
        ) {
          try runToCompletion(binary, arguments, in: scratch)
        }
      } catch {
        bench.note("skipped `itinerary \(arguments.joined(separator: " "))`: \(error)")
        return
      }
    }
  }

  /// "Now" for every process the harness starts: a Monday morning, when the
  /// embedded city's places are open, whatever day the harness runs.
  static let benchmarkNow = "2026-12-07 08:00"

  /// Canonical categories of the embedded city, in the order requests use them.
  private static let planCategories = ["restaurant", "museum", "park", "cafe", "art", "bar"]

  /// The executable named `name` in this executable's directory, if built.
  static func siblingExecutable(_ name: String) -> URL? {
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let url = me.deletingLastPathComponent().appending(path: name)
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  /// The `itinerary` executable of this build directory, or `nil`, noted as
  /// the reason a suite skips.
  static func itineraryExecutable(_ bench: inout Bench) -> URL? {
    guard let binary = siblingExecutable("itinerary") else {
      bench.note(
        "skipped: no `itinerary` binary beside this one; build it first with "
          + "`swift build -c release --product itinerary`")
      return nil
    }
    return binary
  }

  struct ProcessFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs the process to its end with standard output and error sent to
  /// files in `directory`, and returns the number of bytes of output.
  ///
  /// `posix_spawn` and `waitpid` rather than Foundation's `Process`, whose
  /// wait on Linux polls a run loop and adds tens of milliseconds to a run.
  static func runToCompletion(
    _ binary: URL, _ arguments: [String], in directory: URL
  ) throws -> Int {
    try spawn(binary, arguments, in: directory).outputBytes
  }

  /// What a process run to completion left: its output's size, and when
  /// measured the largest resident set of it or any process it started, in
  /// kilobytes.
  struct ProcessRun {
    var outputBytes: Int
    var maxResidentKilobytes: Int?
  }

  /// `runToCompletion` with `extraEnvironment` added, and with `peakMemory`
  /// the memory measured (`PeakResident`, of the process and all it starts,
  /// read every 50 ms: a scan of /proc each time, so not for timed runs).
  static func spawn(
    _ binary: URL, _ arguments: [String], in directory: URL,
    extraEnvironment: [String: String] = [:], peakMemory: Bool = false
  ) throws -> ProcessRun {
    let output = directory.appending(path: "stdout")
    let errors = directory.appending(path: "stderr")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // Timed runs keep no history, leave the person's store alone, and run
    // at one instant, so that a request without a start asks the same day.
    let environment = ProcessInfo.processInfo.environment
      .merging(["ITINERARY_NO_HISTORY": "1", "ITINERARY_NOW": benchmarkNow]) { $1 }
      .merging(extraEnvironment) { $1 }
      .map { "\($0.key)=\($0.value)" }
    let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw ProcessFailure(
        description: "cannot start \(binary.path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var kilobytes: Int?
    if peakMemory {
      (status, kilobytes) = try PeakResident.wait(for: pid, descendants: true, interval: 0.05)
    } else {
      while waitpid(pid, &status, 0) == -1 {
        guard errno == EINTR else {
          throw ProcessFailure(description: "waitpid failed: errno \(errno)")
        }
      }
    }
    // The wait status: the low 7 bits are a terminating signal, the next 8 the exit code.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw ProcessFailure(
        description: "wait status \(status): \(message.split(separator: "\n").first ?? "")")
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
    return ProcessRun(
      outputBytes: (attributes[.size] as? Int) ?? 0, maxResidentKilobytes: kilobytes)
  }
}
