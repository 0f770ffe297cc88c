import Foundation
import ItineraryTestSupport
import Testing

/// `city import` of what osmium cannot finish reading, and stopped midway:
/// what only a whole process shows. A stand-in `osmium` on the `PATH`
/// sleeps instead of reading, so the import is under way when the signal
/// comes, with or without osmium-tool installed.
enum CityImportInterruptionTests {
  @Suite(.tags(.slow), .enabled(if: ProcessRun.binary != nil, "needs the built itinerary binary"))
  struct Slow {
    /// Runs the built binary with `arguments` and `environment`, killing it
    /// after `timeout` seconds; `whileRunning` is called with it once started.
    static func run(
      _ arguments: [String], environment: [String: String], in directory: URL,
      timeout: Double = 20, whileRunning: (Process) throws -> Void = { _ in }
    ) throws -> (status: Int32, errors: String, timedOut: Bool) {
      let binary = try #require(ProcessRun.binary)
      let process = Process()
      process.executableURL = binary
      process.arguments = arguments
      process.environment = environment
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      let errors = directory.appending(path: "stderr")
      _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
      process.standardError = try FileHandle(forWritingTo: errors)
      try process.run()
      try whileRunning(process)
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning, Date() < deadline { usleep(20_000) }
      let timedOut = process.isRunning
      if timedOut { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      return (process.terminationStatus, text, timedOut)
    }

    static func environment(data: URL, path: String? = nil) -> [String: String] {
      var environment = CommandRun.environment
      environment["ITINERARY_DATA_DIR"] = data.path
      if let path { environment["PATH"] = path + ":" + (environment["PATH"] ?? "/usr/bin:/bin") }
      return environment
    }

    @Test func aFIFOIsRefusedAtOnce() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let fifo = directory.appending(path: "extract.osm.pbf")
      try #require(mkfifo(fifo.path, 0o600) == 0)
      let data = directory.appending(path: "data")
      let run = try Self.run(
        ["city", "import", fifo.path], environment: Self.environment(data: data), in: directory)
      #expect(!run.timedOut, "city import of a FIFO waited for a writer")
      #expect(run.status == 65, "\(run.errors)")
      #expect(
        run.errors == "error: the extract \(fifo.path) is a FIFO, not a regular file\n",
        "\(run.errors)")
      #expect(leftovers(data).isEmpty)
    }

    /// Whether process `pid` is gone (or a zombie nobody will run again).
    static func isGone(_ pid: Int32) -> Bool {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
        return true
      }
      let state = stat.split(separator: ")").last?.split(separator: " ").first
      return state == "Z" || state == "X"
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsOsmiumAndRemovesTheWorkFolder(signal: Int32) throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let bin = directory.appending(path: "bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let pids = directory.appending(path: "osmium.pids")
      let osmium = bin.appending(path: "osmium")
      try "#!/bin/sh\necho $$ >> '\(pids.path)'\nexec sleep 120\n".write(
        to: osmium, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: osmium.path)
      let extract = directory.appending(path: "city.osm.pbf")
      try Data("not read".utf8).write(to: extract)
      let data = directory.appending(path: "data")

      var started: [Int32] = []
      let run = try Self.run(
        ["city", "import", extract.path], environment: Self.environment(data: data, path: bin.path),
        in: directory
      ) { process in
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
          let text = (try? String(contentsOf: pids, encoding: .utf8)) ?? ""
          started = text.split(separator: "\n").compactMap { Int32($0) }
          if !started.isEmpty { break }
          usleep(20_000)
        }
        #expect(!started.isEmpty, "osmium never started")
        #expect(leftovers(data).contains { $0.hasPrefix(".import-") }, "no work folder under way")
        kill(process.processIdentifier, signal)
      }
      defer { started.forEach { kill($0, SIGKILL) } }
      #expect(!run.timedOut)
      #expect(run.status == 1, "\(run.errors)")
      let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
      #expect(
        run.errors.hasSuffix(
          "error: city import: interrupted by \(name); stopped osmium and removed the work folder\n"
        ),
        "\(run.errors)")
      let deadline = Date().addingTimeInterval(5)
      while !started.allSatisfy(Self.isGone), Date() < deadline { usleep(20_000) }
      for pid in started { #expect(Self.isGone(pid), "osmium \(pid) outlived the import") }
      #expect(leftovers(data).isEmpty, "\(leftovers(data))")
    }
  }
}
